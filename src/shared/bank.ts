// The syndicate bank (docs/bank.md): the ledger's entries and the API's shapes. Money travels as
// decimal major units and is stored as integer cents; an entry's amount is its signed effect on
// the member's balance (a payout is negative).
import { z } from 'zod';
import { dateInputSchema } from './date-schemas';
import { parseDayKey } from './dates';
import { idParamSchema, MAX_ID } from './member';
import { hasAtMostTwoDecimals, MAX_AMOUNT, MAX_AMOUNT_TEXT, twoDecimals } from './money';
import { freeText } from './text';

export const BANK_ENTRY_TYPES = ['contribution', 'payout', 'adjustment', 'allocation', 'reversal'] as const;
export type BankEntryType = (typeof BANK_ENTRY_TYPES)[number];
export const SHARE_BASES = ['equal', 'capital'] as const;
export type ShareBasis = (typeof SHARE_BASES)[number];

export const NOTE_MAX = 500;
export const ENTRIES_LIMIT_MAX = 200;
export const ENTRIES_LIMIT_DEFAULT = 50;
export const IDEMPOTENCY_KEY_MAX = 100;
/** How long a repeated Idempotency-Key replays the first answer. */
export const IDEMPOTENCY_TTL_HOURS = 24;

export const BANK_MESSAGES = {
  memberRequired: 'Please select a member',
  amountRequired: 'Amount is required',
  amountPositive: 'Amount must be positive',
  amountNonZero: 'Amount must not be zero',
  amountMax: `Amount must be at most ${MAX_AMOUNT_TEXT}`,
  amountDecimals: 'Use at most 2 decimals',
  dateRequired: 'Date is required',
  dateInvalid: 'Date must be a valid date (YYYY-MM-DD)',
  noteRequired: 'A note is required',
  noteMax: `Note must be at most ${NOTE_MAX} characters`,
  noteText: 'Note must be text',
  reasonRequired: 'A reason is required',
  memberIds: 'Members must be a list of member ids',
  memberNotFound: 'Member not found',
  entryNotFound: 'Entry not found',
  noMembers: 'No member has a positive balance to pay out to',
  alreadyReversed: 'This entry has already been reversed',
  reversalOfReversal: 'A reversal cannot be reversed: record a new entry instead',
  allocationFollowsBet: 'Betting allocations follow their bet: edit or delete the bet instead',
  idempotencyMismatch: 'This Idempotency-Key was already used with a different request',
  idempotencyKey: `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX} characters`,
  limit: `Limit must be a whole number from 1 to ${ENTRIES_LIMIT_MAX}`,
  cursor: 'Invalid cursor',
  type: `Type must be one of ${BANK_ENTRY_TYPES.join(', ')}`,
  shareBasis: 'Share basis must be equal or capital',
} as const;

/** A money amount in dollars: positive, or (signed) any non-zero value. */
function moneyInput(sign: 'positive' | 'nonZero') {
  const schema = z
    .number({
      error: (issue) =>
        issue.input === undefined
          ? BANK_MESSAGES.amountRequired
          : sign === 'positive'
            ? BANK_MESSAGES.amountPositive
            : BANK_MESSAGES.amountNonZero,
    })
    .max(MAX_AMOUNT, BANK_MESSAGES.amountMax)
    .min(
      sign === 'positive' ? 0.01 : -MAX_AMOUNT,
      sign === 'positive' ? BANK_MESSAGES.amountPositive : BANK_MESSAGES.amountMax,
    )
    .refine(hasAtMostTwoDecimals, BANK_MESSAGES.amountDecimals)
    .refine((v) => v !== 0, sign === 'positive' ? BANK_MESSAGES.amountPositive : BANK_MESSAGES.amountNonZero);
  return schema.meta(
    twoDecimals(
      sign === 'positive'
        ? `Money in major units (dollars), more than 0, at most ${MAX_AMOUNT}, at most two decimals`
        : `Money in major units (dollars), not zero, −${MAX_AMOUNT} to ${MAX_AMOUNT}, at most two decimals`,
    ),
  );
}

const memberIdInput = z
  .number({ error: BANK_MESSAGES.memberRequired })
  .int(BANK_MESSAGES.memberRequired)
  .min(1, BANK_MESSAGES.memberRequired)
  .max(MAX_ID, BANK_MESSAGES.memberRequired);

const dayInput = dateInputSchema({
  required: BANK_MESSAGES.dateRequired,
  invalid: BANK_MESSAGES.dateInvalid,
});
const optionalNote = freeText('Note', BANK_MESSAGES.noteText).max(NOTE_MAX, BANK_MESSAGES.noteMax);
const requiredNote = freeText('Note', BANK_MESSAGES.noteRequired)
  .min(1, BANK_MESSAGES.noteRequired)
  .max(NOTE_MAX, BANK_MESSAGES.noteMax);

/** POST /api/bank/contributions and /api/bank/payouts. Without a date: today in the syndicate's zone. */
export const moneyMovementSchema = z.object({
  memberId: memberIdInput,
  amount: moneyInput('positive'),
  date: dayInput.optional(),
  note: optionalNote.nullish(),
});
export type MoneyMovementInput = z.input<typeof moneyMovementSchema>;

/** POST /api/bank/adjustments: without memberId, split among members by the share basis. */
export const adjustmentSchema = z.object({
  amount: moneyInput('nonZero'),
  note: requiredNote,
  memberId: memberIdInput.nullish(),
  date: dayInput.optional(),
});
export type AdjustmentInput = z.input<typeof adjustmentSchema>;

/** POST /api/bank/entries/{id}/reverse. */
export const reverseSchema = z.object({
  reason: freeText('Reason', BANK_MESSAGES.reasonRequired)
    .min(1, BANK_MESSAGES.reasonRequired)
    .max(NOTE_MAX, `Reason must be at most ${NOTE_MAX} characters`),
});
export type ReverseInput = z.input<typeof reverseSchema>;

/** POST /api/bank/distributions. */
export const distributionSchema = z.object({
  amount: moneyInput('positive').nullish(),
  memberIds: z
    .array(memberIdInput, { error: BANK_MESSAGES.memberIds })
    .min(1, BANK_MESSAGES.memberIds)
    .max(1000, BANK_MESSAGES.memberIds)
    .nullish(),
  date: dayInput.optional(),
  dryRun: z.boolean({ error: 'dryRun must be true or false' }).optional(),
});
export type DistributionInput = z.input<typeof distributionSchema>;

export const bankEntryIdParamsSchema = z.object({ id: idParamSchema });
export const bankMemberParamsSchema = z.object({ memberId: idParamSchema });

const optionalDay = dateInputSchema({
  required: BANK_MESSAGES.dateInvalid,
  invalid: BANK_MESSAGES.dateInvalid,
});

/** GET /api/bank/entries query. */
export const entriesQuerySchema = z.object({
  memberId: idParamSchema.optional(),
  type: z.enum(BANK_ENTRY_TYPES, { error: BANK_MESSAGES.type }).optional(),
  from: optionalDay.optional(),
  to: optionalDay.optional(),
  limit: z
    .string()
    .regex(/^\d{1,3}$/, BANK_MESSAGES.limit)
    .transform(Number)
    .refine((n) => n >= 1 && n <= ENTRIES_LIMIT_MAX, BANK_MESSAGES.limit)
    .optional(),
  cursor: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}_\d{1,10}$/, BANK_MESSAGES.cursor)
    // A day that exists, from year 1 on (2023-02-31 and 0000-01-01 reached PostgreSQL: a 500). Not
    // 1900–2100: an entry's day is read in the syndicate's zone and may fall just outside.
    .refine((v) => (parseDayKey(v.slice(0, 10))?.year ?? 0) >= 1, BANK_MESSAGES.cursor)
    .optional(),
});

export const statementQuerySchema = z.object({
  format: z.enum(['json', 'csv'], { error: 'Format must be json or csv' }).optional(),
});

// ---- Answers ----------------------------------------------------------------------------------

export const bankEntrySchema = z.object({
  id: z.number().int(),
  type: z.enum(BANK_ENTRY_TYPES),
  memberId: z.number().int(),
  /** Signed effect on the member's balance, in dollars (payouts are negative). */
  amount: z.number(),
  /** The value date, YYYY-MM-DD in the syndicate's time zone. */
  date: z.string(),
  note: z.string().nullable(),
  betId: z.number().int().nullable(),
  reversesId: z.number().int().nullable(),
  reversedById: z.number().int().nullable(),
  batchId: z.string().nullable(),
  createdAt: z.string(),
  /** The member who recorded it (null: recorded by the system, e.g. the first migration). */
  createdBy: z.number().int().nullable(),
});
export type BankEntry = z.infer<typeof bankEntrySchema>;

export const bankMemberSchema = z.object({
  memberId: z.number().int(),
  name: z.string(),
  /** False for an archived (former) member, listed while their balance is not zero. */
  active: z.boolean(),
  contributed: z.number(),
  paidOut: z.number(),
  adjustments: z.number(),
  bettingResult: z.number(),
  balance: z.number(),
  /** Percentage of the sum of positive balances, one decimal. */
  share: z.number(),
  duesCharged: z.number(),
  duesOwed: z.number(),
});
export type BankMember = z.infer<typeof bankMemberSchema>;

export const bankSummarySchema = z.object({
  balance: z.number(),
  inPlay: z.number(),
  available: z.number(),
  contributed: z.number(),
  paidOut: z.number(),
  adjustments: z.number(),
  bettingResult: z.number(),
  duesOwed: z.number(),
  shareBasis: z.enum(SHARE_BASES),
  members: z.array(bankMemberSchema),
});
export type BankSummary = z.infer<typeof bankSummarySchema>;

export const entriesPageSchema = z.object({
  entries: z.array(bankEntrySchema),
  nextCursor: z.string().nullable(),
});
export type EntriesPage = z.infer<typeof entriesPageSchema>;

export const adjustmentResultSchema = z.object({ entries: z.array(bankEntrySchema) });

export const distributionPreviewSchema = z.object({
  total: z.number(),
  payouts: z.array(z.object({ memberId: z.number().int(), name: z.string(), amount: z.number() })),
});
export type DistributionPreview = z.infer<typeof distributionPreviewSchema>;
export const distributionResultSchema = distributionPreviewSchema.extend({
  entries: z.array(bankEntrySchema),
});

/** A statement shows at most this many entries, the latest (the CSV download has every one). */
export const STATEMENT_MAX_ENTRIES = 1_000;

export const statementSchema = z.object({
  member: z.object({ id: z.number().int(), name: z.string(), active: z.boolean() }),
  balance: z.number(),
  /** Every entry of the member; `entries` holds the latest STATEMENT_MAX_ENTRIES of them. */
  totalEntries: z.number().int(),
  entries: z.array(bankEntrySchema.extend({ runningBalance: z.number() })),
});
export type Statement = z.infer<typeof statementSchema>;
export type StatementEntry = Statement['entries'][number];

/** A member's share of the positive balances, as a percentage with one decimal. */
export function sharePercent(balanceCents: number, positiveTotalCents: number): number {
  if (balanceCents <= 0 || positiveTotalCents <= 0) return 0;
  return Math.round((balanceCents * 1000) / positiveTotalCents) / 10;
}
