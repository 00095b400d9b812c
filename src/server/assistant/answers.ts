// The assistant's answers, one function per thing it knows, each reading the syndicate's data
// through the same service functions the API uses (never its own queries). Both the built-in
// engine and the language model's tools call these.
import type { Bet } from '../../shared/bet';
import { dayKeyIn } from '../../shared/dates';
import type { Member } from '../../shared/member';
import { ROTATION_COUNT_MAX } from '../../shared/rotation';
import type { Settings } from '../../shared/settings';
import { TOP_PERFORMERS_MAX, winRate } from '../../shared/stats';
import type { Db } from '../db/client';
import { bankSummary } from '../features/bank/service';
import {
  countBetsByHorse,
  countMemberBets,
  countPendingBets,
  type HorseBetCounts,
  listBetsOnHorses,
  listPendingBets,
} from '../features/bets/service';
import { listMembers } from '../features/members/service';
import { listRaces } from '../features/races/service';
import { listReminders } from '../features/reminders/service';
import { getRotation } from '../features/rotation/service';
import { getSettings } from '../features/settings/service';
import { getSyndicateStats, getTopPerformers } from '../features/stats/service';
import { listMemberSubscriptions } from '../features/subscriptions/member-subscriptions-service';
import {
  bullets,
  calendarDay,
  dateTime,
  day,
  joinWords,
  money,
  ordinal,
  percent,
  plural,
  sharePercent,
  signedMoney,
} from './format';
import { normalize } from './fuzzy';

/** Who is asking, in which syndicate, and when. Every answer is confined to syndicateId. */
export interface Scope {
  db: Db;
  syndicateId: number;
  memberId: number;
  now: Date;
}

/** What most answers need, read once per question. */
export interface Ctx extends Scope {
  settings: Settings;
  members: Member[];
}

/** Lines a list answer shows (bullets() says "…and N more" for the rest); only these are formatted. */
const LIST_LINES = 10;

export async function loadCtx(scope: Scope): Promise<Ctx> {
  const [settings, members] = await Promise.all([
    getSettings(scope.db, scope.syndicateId),
    listMembers(scope.db, scope.syndicateId),
  ]);
  return { ...scope, settings, members };
}

const cash = (ctx: Ctx, amount: number) => money(amount, ctx.settings.currency);
const signed = (ctx: Ctx, amount: number) => signedMoney(amount, ctx.settings.currency);
const when = (ctx: Ctx, iso: string) => dateTime(iso, ctx.settings.timezone);
const memberName = (ctx: Ctx, id: number | null) =>
  ctx.members.find((m) => m.id === id)?.name ?? 'a former member';

export const EXAMPLES = [
  'Who is up next? / When is my turn?',
  'What are the next races?',
  "What's our balance? / What's our win rate? / How many wins do we have?",
  'Who are the top performers?',
  'How is Carol going? (any member by name)',
  'Which bets are pending?',
  'What bets do we have on Phar Lap? (any horse)',
  'Any reminders due?',
  "What's Carol's subscription?",
  "How much is in the bank? / What's my balance? / What's my share?",
  "What do I owe? / Who owes dues? / What's Carol's balance?",
];

export function help(): string {
  return `I can answer questions about your syndicate, for example:\n${bullets(EXAMPLES, EXAMPLES.length)}`;
}

export function unknown(): string {
  return `Sorry, I didn't understand that. ${help()}`;
}

export function greeting(ctx: Ctx): string {
  const first = memberName(ctx, ctx.memberId).split(' ')[0];
  return `Hi ${first}! Ask me who is up next, about the next races, our balance, the top performers, a member's record, pending bets, a horse, reminders, subscriptions, the bank or dues — or type "help".`;
}

export function ambiguous(names: readonly string[]): string {
  return `Did you mean ${joinWords(
    names.map((n) => `"${n}"`),
    'or',
  )}? Please use the full name.`;
}

/** Whose turn it is (the rotation), or when a given member's next turn is. */
export async function rotation(ctx: Ctx, memberId: number | null): Promise<string> {
  const items = await getRotation(
    ctx.db,
    ctx.syndicateId,
    memberId === null ? 3 : ROTATION_COUNT_MAX,
    ctx.now,
  );
  if (items.length === 0) {
    const upcoming = await listRaces(ctx.db, ctx.syndicateId, ctx.now);
    return upcoming.length === 0
      ? 'No upcoming races are scheduled, so nobody is up yet. Add a race in the Calendar.'
      : 'There are upcoming races but no active members in the rotation.';
  }
  const race = (r: { name: string; venue: string; date: string }) =>
    `${r.name} at ${r.venue}, ${when(ctx, r.date)}`;
  if (memberId !== null) {
    const name = memberName(ctx, memberId);
    const index = items.findIndex((i) => i.member.id === memberId);
    const item = items[index];
    if (!item) return `${name} is not up for any of the next ${plural(items.length, 'race')}.`;
    return index === 0
      ? `${name} is up next: ${race(item.race)}.`
      : `${name}'s next turn is ${race(item.race)} (${ordinal(index + 1)} in line).`;
  }
  const [first, ...rest] = items;
  if (!first) return 'Nobody is up yet.';
  const after = rest.map((i) => `${i.member.name} (${race(i.race)})`);
  return `${first.member.name} is up next: ${race(first.race)}.${after.length ? `\nAfter that: ${after.join('; ')}.` : ''}`;
}

export async function races(ctx: Ctx, count = 5): Promise<string> {
  const upcoming = await listRaces(ctx.db, ctx.syndicateId, ctx.now);
  if (upcoming.length === 0) return 'No upcoming races are scheduled. Add one in the Calendar.';
  const lines = upcoming.slice(0, count).map((r) => `${r.name} at ${r.venue} — ${when(ctx, r.date)}`);
  return `The next ${upcoming.length === 1 ? 'race' : 'races'}:\n${bullets(lines, count)}`;
}

export async function stats(
  ctx: Ctx,
  what: 'balance' | 'winRate' | 'totalWins' | 'summary',
): Promise<string> {
  const s = await getSyndicateStats(ctx.db, ctx.syndicateId, ctx.now);
  const balance = `The syndicate's balance is ${signed(ctx, s.currentBalance)} from settled bets.`;
  const rate = `The win rate is ${percent(s.winRate)} of settled bets.`;
  const wins = `The syndicate has ${plural(s.totalWins, 'win')} in total.`;
  switch (what) {
    case 'balance':
      return balance;
    case 'winRate':
      return rate;
    case 'totalWins':
      return wins;
    default:
      return `${balance}\n${wins}\n${rate}`;
  }
}

export async function top(ctx: Ctx, limit = 5): Promise<string> {
  const rows = await getTopPerformers(ctx.db, ctx.syndicateId, limit);
  if (rows.length === 0) return 'No bets have been settled yet, so there are no rankings.';
  const lines = rows.map(
    (r, i) =>
      `${i + 1}. ${r.member.name}${r.member.archived ? ' (former member)' : ''} — ${signed(ctx, r.earnings)}, ${percent(r.winRate)} win rate (${r.wins} of ${r.bets})`,
  );
  return `Top performers by earnings:\n${lines.join('\n')}`;
}

/** A member's whole record, counted in PostgreSQL (not from the newest bets read into memory). */
export async function memberRecord(ctx: Ctx, memberId: number): Promise<string> {
  const name = memberName(ctx, memberId);
  const [mine, ranking] = await Promise.all([
    countMemberBets(ctx.db, ctx.syndicateId, memberId),
    getTopPerformers(ctx.db, ctx.syndicateId, TOP_PERFORMERS_MAX),
  ]);
  if (mine.total === 0) return `${name} hasn't placed any bets yet.`;
  const { settled, wins, pending } = mine;
  const earnings = mine.resultCents / 100;
  const rank = ranking.findIndex((r) => r.member.id === memberId);
  const parts = [
    `${name}: ${plural(settled, 'settled bet')}, ${plural(wins, 'win')} (${percent(winRate(wins, settled))} win rate), earnings ${signed(ctx, earnings)}.`,
  ];
  if (pending > 0) parts.push(`${plural(pending, 'bet')} pending.`);
  if (rank >= 0) parts.push(`Ranked ${ordinal(rank + 1)} of ${ranking.length} by earnings.`);
  return parts.join(' ');
}

const OUTCOME_WORDS = { win: 'won', placed: 'placed', loss: 'lost', void: 'void (non-runner)' } as const;

const betLine = (ctx: Ctx, b: Bet, withHorse: boolean) => {
  const race = b.race ? ` (${b.race.name}, ${day(b.race.date, ctx.settings.timezone)})` : '';
  const what = `${withHorse ? `${b.horseName}, ` : ''}${b.betType} ${cash(ctx, b.amount)} at ${b.odds.toFixed(2)}`;
  const outcome =
    b.status === 'pending' ? 'pending' : `${OUTCOME_WORDS[b.status]} ${signed(ctx, b.result ?? 0)}`;
  return `${b.member.name} — ${what}${race}: ${outcome}`;
};

/**
 * bullets() of the first LIST_LINES items with "…and N more" for the rest, formatting only the
 * lines it shows (dates are costly to format, and a list may hold 2,000 bets).
 */
function shortList<T>(items: readonly T[], line: (item: T) => string, total = items.length): string {
  const shown = bullets(items.slice(0, LIST_LINES).map(line), LIST_LINES);
  return total > LIST_LINES ? `${shown}\n…and ${total - LIST_LINES} more` : shown;
}

export async function pending(ctx: Ctx, memberId: number | null): Promise<string> {
  // The lines shown, and the count and stakes of them all, in PostgreSQL.
  const [open, totals] = await Promise.all([
    listPendingBets(ctx.db, ctx.syndicateId, memberId, LIST_LINES),
    countPendingBets(ctx.db, ctx.syndicateId, memberId),
  ]);
  const whose = memberId === null ? '' : ` for ${memberName(ctx, memberId)}`;
  if (totals.count === 0) return `There are no pending bets${whose}.`;
  const staked = totals.amountCents / 100;
  const head = `${totals.count === 1 ? 'One bet is' : `${totals.count} bets are`} pending${whose} (${cash(ctx, staked)} staked):`;
  return `${head}\n${shortList(open, (b) => betLine(ctx, b, true), totals.count)}`;
}

/**
 * Every bet on the horse, counted in PostgreSQL per spelling of its name ("Phar Lap", "phar lap")
 * and matched here as the engine matches names; only the lines shown are read whole.
 */
export async function horse(ctx: Ctx, horseName: string): Promise<string> {
  const key = normalize(horseName);
  const spellings = (await countBetsByHorse(ctx.db, ctx.syndicateId)).filter(
    (h) => normalize(h.horseName) === key,
  );
  if (spellings.length === 0) return `There are no bets on ${horseName}.`;
  const sum = (pick: (h: HorseBetCounts) => number) => spellings.reduce((n, h) => n + pick(h), 0);
  const total = sum((h) => h.total);
  const settled = sum((h) => h.settled);
  const wins = sum((h) => h.wins);
  const earnings = sum((h) => h.resultCents) / 100;
  const newest = await listBetsOnHorses(
    ctx.db,
    ctx.syndicateId,
    spellings.map((h) => h.horseName),
    LIST_LINES,
  );
  const name = newest[0]?.horseName ?? horseName;
  const head = `${plural(total, 'bet')} on ${name}: ${plural(wins, 'win')} of ${settled} settled, ${signed(ctx, earnings)}.`;
  return `${head}\n${shortList(newest, (b) => `${day(b.date, ctx.settings.timezone)}: ${betLine(ctx, b, false)}`, total)}`;
}

export async function reminders(ctx: Ctx): Promise<string> {
  const tz = ctx.settings.timezone;
  const today = dayKeyIn(ctx.now, tz);
  const active = (await listReminders(ctx.db, ctx.syndicateId)).filter((r) => !r.completed);
  const due = active.filter((r) => dayKeyIn(new Date(r.date), tz) <= today);
  const who = (id: number | null) => (id === null ? '' : ` (assigned to ${memberName(ctx, id)})`);
  if (due.length === 0) {
    const next = active[0];
    return next
      ? `No reminders are due. The next one is "${next.text}" on ${day(next.date, tz)}${who(next.memberId)}.`
      : 'There are no active reminders.';
  }
  const lines = due.map((r) => {
    const key = dayKeyIn(new Date(r.date), tz);
    return `${r.text} — ${key === today ? 'due today' : `overdue since ${day(r.date, tz)}`}${who(r.memberId)}`;
  });
  return `${plural(due.length, 'reminder')} due:\n${bullets(lines)}`;
}

export async function subscription(ctx: Ctx, memberId: number): Promise<string> {
  const name = memberName(ctx, memberId);
  const subs = await listMemberSubscriptions(ctx.db, ctx.syndicateId, memberId);
  const active = subs.find((s) => s.status === 'active');
  if (!active) {
    const last = subs[0];
    return last
      ? `${name} has no active subscription (the last one, ${last.plan.name}, ended ${calendarDay(last.endDate)}).`
      : `${name} has no subscription.`;
  }
  const { plan } = active;
  return `${name} is on the ${plan.name} plan (${cash(ctx, plan.price)} per ${plural(plan.duration, 'month')}), active from ${calendarDay(active.startDate)} until ${calendarDay(active.endDate)}.`;
}

// ---- The bank (docs/bank.md), from the same summary as GET /api/bank ----------------------------

type BankLine = Awaited<ReturnType<typeof bankSummary>>['members'][number];

/** How much is in the bank: the balance, what is in play and what is available, and dues owed. */
export async function bank(ctx: Ctx): Promise<string> {
  const s = await bankSummary(ctx.db, ctx.syndicateId, ctx.now);
  const lines = [
    `The bank holds ${cash(ctx, s.balance)}: ${cash(ctx, s.inPlay)} in play and ${cash(ctx, s.available)} available.`,
    `Paid in ${cash(ctx, s.contributed)}, paid out ${cash(ctx, s.paidOut)}, adjustments ${signed(ctx, s.adjustments)}, betting ${signed(ctx, s.bettingResult)}.`,
  ];
  if (s.duesOwed > 0) lines.push(`Dues owed: ${cash(ctx, s.duesOwed)}.`);
  return lines.join('\n');
}

/** One member's account in the bank: balance, share, what it is made of, and dues owed. */
export async function bankMember(ctx: Ctx, memberId: number): Promise<string> {
  const s = await bankSummary(ctx.db, ctx.syndicateId, ctx.now);
  const name = memberName(ctx, memberId);
  const m = s.members.find((x) => x.memberId === memberId);
  // Former members with a zero balance are not listed: nothing in the bank, nothing owed.
  if (!m) return `${name} has ${cash(ctx, 0)} in the bank.`;
  const parts = [
    `${m.name}'s balance in the bank is ${cash(ctx, m.balance)}${m.share > 0 ? ` (a ${sharePercent(m.share)} share)` : ''}.`,
    `Paid in ${cash(ctx, m.contributed)}, paid out ${cash(ctx, m.paidOut)}, betting ${signed(ctx, m.bettingResult)}${m.adjustments !== 0 ? `, adjustments ${signed(ctx, m.adjustments)}` : ''}.`,
  ];
  if (m.duesOwed > 0) parts.push(`${m.name} owes ${cash(ctx, m.duesOwed)} in dues.`);
  return parts.join(' ');
}

const owes = (ctx: Ctx, m: BankLine) =>
  `${m.name}${m.active ? '' : ' (former member)'} — ${cash(ctx, m.duesOwed)} (${cash(ctx, m.duesCharged)} charged, ${cash(ctx, m.contributed)} paid in)`;

/** What a member owes in dues (charged − paid in), or who owes dues and how much. */
export async function dues(ctx: Ctx, memberId: number | null): Promise<string> {
  const s = await bankSummary(ctx.db, ctx.syndicateId, ctx.now);
  if (memberId !== null) {
    const name = memberName(ctx, memberId);
    const m = s.members.find((x) => x.memberId === memberId);
    if (!m || m.duesCharged === 0) return `${name} owes nothing: no dues have been charged.`;
    if (m.duesOwed === 0) {
      return `${m.name} owes nothing: ${cash(ctx, m.duesCharged)} in dues charged and ${cash(ctx, m.contributed)} paid in.`;
    }
    return `${m.name} owes ${cash(ctx, m.duesOwed)} in dues (${cash(ctx, m.duesCharged)} charged, ${cash(ctx, m.contributed)} paid in).`;
  }
  const owing = s.members
    .filter((m) => m.duesOwed > 0)
    .sort((a, b) => b.duesOwed - a.duesOwed || a.name.localeCompare(b.name));
  if (owing.length === 0) return 'Nobody owes dues.';
  const total = owing.reduce((sum, m) => sum + Math.round(m.duesOwed * 100), 0) / 100;
  const head =
    owing.length === 1
      ? `One member owes dues (${cash(ctx, total)}):`
      : `${owing.length} members owe dues (${cash(ctx, total)} in all):`;
  return `${head}\n${shortList(owing, (m) => owes(ctx, m))}`;
}
