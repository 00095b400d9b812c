// Bets: the API shapes and the add / edit / settle schemas (the Add Bet and Edit Bet forms reuse
// them). Odds and amounts travel as decimal numbers in major units (3.25, 12.5); the server turns
// them into hundredths and cents with src/shared/money.ts.
import { z } from 'zod';
import {
  BET_SORT_COLUMNS,
  BET_STATUSES,
  BET_TYPES,
  BETS_SEARCH_MAX,
  type BetSort,
  type BetStatus,
  CREATE_STATUSES,
  ODDS_TYPES,
  parseBetSort,
  SETTLE_STATUSES,
} from './bet-status';
import { dateInputSchema } from './date-schemas';
import { dayRangeFields, INSIGHT_MESSAGES, inOrder } from './insights';
import { positiveMoney, positiveOdds } from './money';
import { MAX_ID, raceSummarySchema } from './race';
import {
  DEAD_HEAT_MAX,
  DIVISOR_MAX,
  DIVISOR_MIN,
  PLACES_MAX,
  PLACES_MIN,
  POSITION_MAX,
  RULE4_MAX,
  RULE4_MIN,
} from './settlement';
import { isCleanName, notAllowedMessage } from './text';

export {
  BET_STATUSES,
  BET_TYPES,
  BETS_SEARCH_MAX,
  type BetStatus,
  type BetType,
  ODDS_TYPES,
  type OddsType,
  SETTLE_STATUSES,
  SETTLED_STATUSES,
} from './bet-status';

export const HORSE_NAME_MAX = 100;
/** jockey, trainer, weight, silkColor. */
export const BET_TEXT_MAX = 100;
/** Horse numbers and barriers are small positive integers. */
export const HORSE_NUMBER_MAX = 999;

export const MESSAGES = {
  member: 'Please select a member',
  horseName: 'Horse name is required',
  oddsRequired: 'Odds are required',
  oddsPositive: 'Odds must be a positive number',
  amountRequired: 'Amount is required',
  amountPositive: 'Amount must be a positive number',
  secondOddsRequired: 'Odds are required for second bet',
  secondAmountRequired: 'Amount is required for second bet',
  secondTypeDiffers: 'Second bet type must be different from the first',
  memberNotFound: 'Member not found',
  raceNotFound: 'Race not found',
  betType: 'Bet type must be win, place or each-way',
  oddsType: 'Odds type must be fixed or tote',
} as const;

const betTypeSchema = z.enum(BET_TYPES, { error: MESSAGES.betType });
const oddsTypeSchema = z.enum(ODDS_TYPES, { error: MESSAGES.oddsType });
const odds = () => positiveOdds({ required: MESSAGES.oddsRequired, positive: MESSAGES.oddsPositive });
const amount = () => positiveMoney({ required: MESSAGES.amountRequired, positive: MESSAGES.amountPositive });

const horseName = z
  .string({ error: MESSAGES.horseName })
  .trim()
  .refine(isCleanName, notAllowedMessage('Horse name'))
  .min(1, MESSAGES.horseName)
  .max(HORSE_NAME_MAX, `Horse name must be at most ${HORSE_NAME_MAX} characters`);

const optionalText = (label: string) =>
  z
    .string()
    .trim()
    .refine(isCleanName, notAllowedMessage(label))
    .max(BET_TEXT_MAX, `${label} must be at most ${BET_TEXT_MAX} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

const optionalSmallInt = (label: string) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1`)
    .max(HORSE_NUMBER_MAX, `${label} must be at most ${HORSE_NUMBER_MAX}`)
    .nullish()
    .transform((v) => v ?? null);

const wholeBetween = (label: string, min: number, max: number, suffix = '') => {
  const message = `${label} must be a whole number from ${min} to ${max}${suffix}`;
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
};

export const placeTermsSchema = z.object(
  {
    places: wholeBetween('Places', PLACES_MIN, PLACES_MAX),
    divisor: wholeBetween('Divisor', DIVISOR_MIN, DIVISOR_MAX),
  },
  { error: 'Place terms must give places and divisor' },
);

/** Each-way terms and an each-way bet's own place price; omitted → defaulted from the race. */
const placeFields = {
  placeTerms: placeTermsSchema.nullish().transform((v) => v ?? null),
  placeOdds: positiveOdds({
    required: 'Place odds are required',
    positive: 'Place odds must be a positive number',
  })
    .nullish()
    .transform((v) => v ?? null),
};

/** The optional "advanced" fields; blank or omitted → null. */
const advancedFields = {
  horseNumber: optionalSmallInt('Horse number'),
  jockey: optionalText('Jockey'),
  trainer: optionalText('Trainer'),
  weight: optionalText('Weight'),
  barrier: optionalSmallInt('Barrier'),
  silkColor: optionalText('Silk colour'),
};

/** One part of a two-part bet. */
export const firstBetPartSchema = z.object({ betType: betTypeSchema, odds: odds(), amount: amount() });
export const secondBetPartSchema = z.object({
  betType: betTypeSchema,
  odds: positiveOdds({ required: MESSAGES.secondOddsRequired, positive: MESSAGES.oddsPositive }),
  amount: positiveMoney({ required: MESSAGES.secondAmountRequired, positive: MESSAGES.amountPositive }),
});
export type BetPart = z.infer<typeof firstBetPartSchema>;

/**
 * POST /api/bets. A single bet carries betType, odds and amount; a two-part bet carries
 * `bets: [{betType, odds, amount}, {…}]` instead (top-level betType/odds/amount are then ignored).
 * status is accepted for the spec's payload but a new bet is always pending; a `result` is ignored.
 */
export const createBetSchema = z
  .object({
    memberId: z
      .number({ error: MESSAGES.member })
      .int(MESSAGES.member)
      .positive(MESSAGES.member)
      .max(MAX_ID, MESSAGES.memberNotFound),
    horseName,
    status: z.enum(CREATE_STATUSES, { error: 'Status must be pending, win or loss' }).optional(),
    /** When the bet was placed; the server's clock when omitted. */
    date: dateInputSchema({
      required: 'Bet date is required',
      invalid: 'Bet date must be a valid date and time',
    }).optional(),
    raceId: z
      .number({ error: MESSAGES.raceNotFound })
      .int(MESSAGES.raceNotFound)
      .positive(MESSAGES.raceNotFound)
      .max(MAX_ID, MESSAGES.raceNotFound)
      .nullish()
      .transform((v) => v ?? null),
    betType: betTypeSchema.optional(),
    odds: odds().optional(),
    amount: amount().optional(),
    oddsType: oddsTypeSchema.default('fixed'),
    bets: z
      .tuple([firstBetPartSchema, secondBetPartSchema.optional()], {
        error: 'bets must list one or two bets',
      })
      .optional(),
    ...placeFields,
    ...advancedFields,
  })
  .superRefine(
    (v, ctx) => {
      // Runs even when other fields failed, so a form shows every message at once: read defensively.
      const raw: unknown = v;
      if (typeof raw !== 'object' || raw === null) return;
      const parts: unknown = v.bets;
      if (parts !== undefined) {
        if (!Array.isArray(parts)) return;
        const [first, second]: unknown[] = parts;
        if (isPart(first) && isPart(second) && first.betType === second.betType) {
          ctx.addIssue({ code: 'custom', path: ['bets', 1, 'betType'], message: MESSAGES.secondTypeDiffers });
        }
        return;
      }
      if (v.odds === undefined)
        ctx.addIssue({ code: 'custom', path: ['odds'], message: MESSAGES.oddsRequired });
      if (v.amount === undefined)
        ctx.addIssue({ code: 'custom', path: ['amount'], message: MESSAGES.amountRequired });
    },
    { when: () => true },
  );
export type CreateBetInput = z.input<typeof createBetSchema>;
export type CreateBetValues = z.output<typeof createBetSchema>;

function isPart(value: unknown): value is { betType: unknown } {
  return typeof value === 'object' && value !== null && 'betType' in value;
}

/** The one or two parts a create request asks for (the single bet is one part, type default win). */
export function betParts(input: CreateBetValues): BetPart[] {
  if (input.bets) return input.bets.filter((p): p is BetPart => p !== undefined);
  if (input.odds === undefined || input.amount === undefined)
    throw new RangeError('odds and amount required');
  return [{ betType: input.betType ?? 'win', odds: input.odds, amount: input.amount }];
}

/**
 * PUT /api/bets/:id (a full replacement of the editable fields: omitted advanced fields become null).
 * memberId, raceId, status, date and result may be sent but are ignored: the stored values stay.
 */
export const updateBetSchema = z.object({
  horseName,
  betType: betTypeSchema.default('win'),
  odds: odds(),
  amount: amount(),
  oddsType: oddsTypeSchema.default('fixed'),
  ...placeFields,
  ...advancedFields,
});
export type UpdateBetInput = z.input<typeof updateBetSchema>;
export type UpdateBetValues = z.output<typeof updateBetSchema>;

const dividend = (label: string) =>
  positiveOdds({ required: `${label} is required`, positive: `${label} must be a positive number` })
    .nullish()
    .transform((v) => v ?? null);

/**
 * PUT /api/bets/:id/status. The server computes the result from the rules (shared/settlement.ts);
 * a client-sent result is ignored. position/deadHeat say how the horse ran; dividend and
 * placeDividend are a tote bet's declared dividends per 1 unit; rule4 is cents in the dollar.
 */
export const settleBetSchema = z.object({
  status: z.enum(SETTLE_STATUSES, { error: 'Status must be win, loss, placed, void or pending' }),
  result: z.number().nullish(),
  position: wholeBetween('Position', 1, POSITION_MAX)
    .nullish()
    .transform((v) => v ?? null),
  deadHeat: wholeBetween('Dead heat', 1, DEAD_HEAT_MAX, ' horses')
    .nullish()
    .transform((v) => v ?? null),
  dividend: dividend('Dividend'),
  placeDividend: dividend('Place dividend'),
  rule4: wholeBetween('Rule 4', RULE4_MIN, RULE4_MAX, ' cents in the dollar')
    .nullish()
    .transform((v) => v ?? null),
});
export type SettleBetInput = z.input<typeof settleBetSchema>;
export type SettleBetValues = z.output<typeof settleBetSchema>;

export const betMemberSchema = z.object({ id: z.number().int(), name: z.string(), initials: z.string() });

export const betSchema = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  raceId: z.number().int().nullable(),
  /** Shared by the parts of a two-part bet (uuid); null for a single bet. */
  betGroupId: z.string().nullable(),
  horseName: z.string(),
  betType: z.enum(BET_TYPES),
  /** Decimal odds, e.g. 3.25. */
  odds: z.number(),
  /** Stake in major units (dollars). */
  amount: z.number(),
  oddsType: z.enum(ODDS_TYPES),
  status: z.enum(BET_STATUSES),
  /** Profit (+) or loss (−) in major units once settled; null while pending. */
  result: z.number().nullable(),
  /** ISO 8601 date-time (UTC). */
  date: z.string(),
  horseNumber: z.number().int().nullable(),
  jockey: z.string().nullable(),
  trainer: z.string().nullable(),
  weight: z.string().nullable(),
  barrier: z.number().int().nullable(),
  silkColor: z.string().nullable(),
  race: raceSummarySchema.nullable(),
  member: betMemberSchema,
  /** Each-way / place terms; null for a win bet, or when the race's default applies. */
  placeTerms: z.object({ places: z.number().int(), divisor: z.number().int() }).nullable(),
  /** An each-way bet's own fixed place price. */
  placeOdds: z.number().nullable(),
  /** How the horse ran, as settled (null while pending or when not given). */
  position: z.number().int().nullable(),
  deadHeat: z.number().int().nullable(),
  /** Tote dividends per 1 unit, as declared. */
  dividend: z.number().nullable(),
  placeDividend: z.number().nullable(),
  /** Rule 4 deduction in cents in the dollar. */
  rule4: z.number().int().nullable(),
});
export type Bet = z.infer<typeof betSchema>;

/** The assistant reads this many of the newest bets' horse names (assistant/horse-names.ts). */
export const BETS_LIST_CAP = 2000;
/** Largest page GET /api/bets answers with `limit` (without `limit` it answers every bet). */
export const BETS_PAGE_MAX = 200;

export const LIST_BETS_MESSAGES = {
  limit: `Limit must be between 1 and ${BETS_PAGE_MAX}`,
  status: `status must be one or more of ${BET_STATUSES.join(', ')}, separated by commas`,
  memberId: INSIGHT_MESSAGES.memberId,
  raceId: 'raceId must be the id of a race',
  q: `q must be at most ${BETS_SEARCH_MAX} characters`,
  cursor: 'cursor must be one a Link header gave',
  sort: `sort must be one of ${BET_SORT_COLUMNS.join(', ')}, with a leading - for descending`,
} as const;

const idFilter = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(MAX_ID, message).optional();

/**
 * GET /api/bets: newest first (date, then id) unless `sort` says otherwise. Without `limit`, every bet; with it, one keyset
 * page, the next one's address in the `Link: <…>; rel="next"` header (absent on the last page),
 * carrying every filter and an opaque `cursor`. Filters: status, memberId, raceId, from/to (days,
 * inclusive, in the syndicate's time zone) and q (horse, jockey, race or venue; case and accents
 * ignored; whitespace runs count as one space; empty is no search).
 */
export const listBetsQuerySchema = z
  .object({
    limit: z.coerce
      .number({ error: LIST_BETS_MESSAGES.limit })
      .int(LIST_BETS_MESSAGES.limit)
      .min(1, LIST_BETS_MESSAGES.limit)
      .max(BETS_PAGE_MAX, LIST_BETS_MESSAGES.limit)
      .optional(),
    // One status or several, comma-separated: the dashboard's Recent Bets asks for every settled one.
    status: z
      .string({ error: LIST_BETS_MESSAGES.status })
      .transform((v, ctx) => {
        const list = [...new Set(v.split(','))];
        if (list.every((s): s is BetStatus => (BET_STATUSES as readonly string[]).includes(s))) return list;
        ctx.addIssue({ code: 'custom', message: LIST_BETS_MESSAGES.status });
        return z.NEVER;
      })
      .optional()
      .describe(`One or more of ${BET_STATUSES.join(', ')}, separated by commas`),
    memberId: idFilter(LIST_BETS_MESSAGES.memberId),
    raceId: idFilter(LIST_BETS_MESSAGES.raceId),
    ...dayRangeFields,
    q: z.string({ error: LIST_BETS_MESSAGES.q }).max(BETS_SEARCH_MAX, LIST_BETS_MESSAGES.q).optional(),
    sort: z
      .string({ error: LIST_BETS_MESSAGES.sort })
      .transform((v, ctx): BetSort => {
        const sort = parseBetSort(v);
        if (sort) return sort;
        ctx.addIssue({ code: 'custom', message: LIST_BETS_MESSAGES.sort });
        return z.NEVER;
      })
      .optional()
      .describe(
        `The order: one of ${BET_SORT_COLUMNS.join(', ')}, ascending, or with a leading - descending (default -date); ties by id`,
      ),
    cursor: z
      .string({ error: LIST_BETS_MESSAGES.cursor })
      // A name sort's cursor holds the last name (up to 100 characters of UTF-8) as well.
      .regex(/^[A-Za-z0-9_-]{1,800}$/, LIST_BETS_MESSAGES.cursor)
      .optional()
      .describe('Opaque: where the previous page ended (from its Link header)'),
  })
  .refine(inOrder, { message: INSIGHT_MESSAGES.order });
export type ListBetsQuery = z.infer<typeof listBetsQuerySchema>;

export const createBetsResponseSchema = z.object({ bets: z.array(betSchema) });
