// The language model's tools: the built-in answers (answers.ts), called by name with JSON
// arguments, always within the asking member's syndicate (the context is closed over; the model
// never names a syndicate). Member and horse names are matched as forgivingly as the engine does,
// with the same bounded work (fuzzy.ts, phrases.ts); arguments are cut to 200 characters.
import * as answers from './answers';
import { resolveName } from './fuzzy';
import { horseNames } from './horse-names';
import { findHorse } from './intents';

export interface ToolDefinition {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

const noArgs = { type: 'object', properties: {}, additionalProperties: false };
const memberArg = (required: boolean, what: string) => ({
  type: 'object',
  properties: { member: { type: 'string', description: what } },
  required: required ? ['member'] : [],
  additionalProperties: false,
});

export const TOOLS: ToolDefinition[] = [
  {
    type: 'function',
    function: {
      name: 'next_turns',
      description:
        'Whose turn it is to place the bet on the next races (the rotation), or when a named member is next up.',
      parameters: memberArg(false, 'A member name, to ask when that member is next up'),
    },
  },
  {
    type: 'function',
    function: { name: 'upcoming_races', description: 'The next races on the calendar.', parameters: noArgs },
  },
  {
    type: 'function',
    function: {
      name: 'syndicate_stats',
      description: "The syndicate's balance, total wins and win rate.",
      parameters: noArgs,
    },
  },
  {
    type: 'function',
    function: {
      name: 'top_performers',
      description: 'The members ranked by earnings, with win rates.',
      parameters: {
        type: 'object',
        properties: { limit: { type: 'integer', minimum: 1, maximum: 20 } },
        additionalProperties: false,
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'member_record',
      description: "One member's betting record: settled bets, wins, win rate, earnings, pending bets, rank.",
      parameters: memberArg(true, 'The member name'),
    },
  },
  {
    type: 'function',
    function: {
      name: 'pending_bets',
      description: 'Bets not settled yet, for the syndicate or one member.',
      parameters: memberArg(false, 'Only this member’s pending bets'),
    },
  },
  {
    type: 'function',
    function: {
      name: 'horse_bets',
      description: 'The bets placed on one horse, with their outcomes.',
      parameters: {
        type: 'object',
        properties: { horse: { type: 'string' } },
        required: ['horse'],
        additionalProperties: false,
      },
    },
  },
  {
    type: 'function',
    function: { name: 'reminders_due', description: 'Reminders due today or overdue.', parameters: noArgs },
  },
  {
    type: 'function',
    function: {
      name: 'member_subscription',
      description: "A member's subscription plan and its dates (the asking member's when no name is given).",
      parameters: memberArg(false, 'The member name'),
    },
  },
  {
    type: 'function',
    function: {
      name: 'bank_summary',
      description:
        "How much is in the syndicate's bank: its balance, the stakes in play, the available cash, money paid in and out, adjustments, the betting result and the dues owed.",
      parameters: noArgs,
    },
  },
  {
    type: 'function',
    function: {
      name: 'member_bank',
      description:
        "A member's account in the bank: balance, share of the bank, paid in, paid out, betting result and dues owed (the asking member's when no name is given: 'my balance', 'my share').",
      parameters: memberArg(false, 'The member name'),
    },
  },
  {
    type: 'function',
    function: {
      name: 'dues_owed',
      description:
        "Dues owed (dues charged minus money paid in): one member's when a name is given (the asking member's name for 'what do I owe?'), otherwise every member who owes and how much.",
      parameters: memberArg(false, 'The member name'),
    },
  },
  {
    type: 'function',
    function: {
      name: 'list_members',
      description: "The syndicate's members and their roles.",
      parameters: noArgs,
    },
  },
];

const text = (args: Record<string, unknown>, key: string) => {
  const v = args[key];
  return typeof v === 'string' && v.trim() ? v.trim().slice(0, 200) : null;
};

/** A member id from a name argument, or a sentence explaining why there is none. */
function member(ctx: answers.Ctx, name: string): number | string {
  const found = resolveName(name, ctx.members);
  if (found.kind === 'one') return found.item.id;
  if (found.kind === 'ambiguous') return answers.ambiguous(found.items.map((m) => m.name));
  return `No member matches "${name}". Members: ${ctx.members.map((m) => m.name).join(', ')}.`;
}

/** Runs one tool call; the result is text for the model. */
export async function runTool(
  ctx: answers.Ctx,
  name: string,
  args: Record<string, unknown>,
): Promise<string> {
  const who = text(args, 'member');
  const id = who === null ? null : member(ctx, who);
  if (typeof id === 'string') return id;
  switch (name) {
    case 'next_turns':
      return answers.rotation(ctx, id);
    case 'upcoming_races':
      return answers.races(ctx);
    case 'syndicate_stats':
      return answers.stats(ctx, 'summary');
    case 'top_performers': {
      const limit = typeof args.limit === 'number' && Number.isInteger(args.limit) ? args.limit : 5;
      return answers.top(ctx, Math.min(Math.max(limit, 1), 20));
    }
    case 'member_record':
      return id === null ? 'Say which member.' : answers.memberRecord(ctx, id);
    case 'pending_bets':
      return answers.pending(ctx, id);
    case 'horse_bets': {
      const horse = text(args, 'horse');
      if (!horse) return 'Say which horse.';
      const names = await horseNames(ctx.db, ctx.syndicateId);
      return answers.horse(ctx, findHorse(`horse ${horse}`, names) ?? horse);
    }
    case 'reminders_due':
      return answers.reminders(ctx);
    case 'member_subscription':
      return answers.subscription(ctx, id ?? ctx.memberId);
    case 'bank_summary':
      return answers.bank(ctx);
    case 'member_bank':
      return answers.bankMember(ctx, id ?? ctx.memberId);
    case 'dues_owed':
      return answers.dues(ctx, id);
    case 'list_members':
      return (
        ctx.members.map((m) => `${m.name} (${m.role}${m.isActive ? '' : ', inactive'})`).join('\n') ||
        'No members.'
      );
    default:
      return `Unknown tool "${name}".`;
  }
}
