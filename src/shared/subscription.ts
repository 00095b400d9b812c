// Subscription plans and their assignment to members (spec §3 and §5). Prices travel as
// decimal dollars (major units) and are stored as integer cents; durations are whole months.
import { z } from 'zod';
import { dateInputSchema } from './date-schemas';
import { type DayKey, MAX_YEAR, MIN_YEAR } from './dates';
import { idParamSchema, MAX_ID } from './member';
import { hasAtMostTwoDecimals, MAX_AMOUNT, MAX_AMOUNT_TEXT, twoDecimals } from './money';
import { freeText, isCleanName, nameText, notAllowedMessage } from './text';

export const PLAN_NAME_MAX = 100;
export const PLAN_DESCRIPTION_MAX = 1000;
export const PLAN_DURATION_MAX = 120;
export const FEATURES_MAX = 50;
export const FEATURE_MAX = 200;
/** Raw feature lines accepted before blank ones are dropped (a form may send empty lines). */
const FEATURE_LINES_MAX = FEATURES_MAX * 4;

export const SUBSCRIPTION_STATUSES = ['active', 'expired'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const PLAN_MESSAGES = {
  nameRequired: 'Name is required',
  nameMax: `Name must be at most ${PLAN_NAME_MAX} characters`,
  priceRequired: 'Price is required',
  pricePositive: 'Price must be positive',
  priceMax: `Price must be at most ${MAX_AMOUNT_TEXT}`,
  priceDecimals: 'Use at most 2 decimals',
  durationRequired: 'Duration must be at least 1 month',
  durationMin: 'Duration must be at least 1 month',
  durationWhole: 'Duration must be a whole number of months',
  durationMax: `Duration must be at most ${PLAN_DURATION_MAX} months`,
  descriptionMax: `Description must be at most ${PLAN_DESCRIPTION_MAX} characters`,
  featureMax: `Each feature must be at most ${FEATURE_MAX} characters`,
  featuresMax: `At most ${FEATURES_MAX} features`,
  features: 'Features must be a list of text',
} as const;

export const ASSIGN_MESSAGES = {
  plan: 'Please select a subscription',
  startRequired: 'A start date is required',
  startInvalid: 'Start date must be a valid date (YYYY-MM-DD)',
  endInvalid: 'End date must be a valid date (YYYY-MM-DD)',
} as const;

export const planIdParamsSchema = z.object({ id: idParamSchema });

/**
 * A plan as the API returns it; activeMembers counts the members holding it today: their
 * assignment (status 'active') is current (start ≤ today < end, in the syndicate's time zone).
 */
export const planSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.number(),
  duration: z.number().int(),
  description: z.string().nullable(),
  features: z.array(z.string()),
  activeMembers: z.number().int(),
});
export type Plan = z.infer<typeof planSchema>;

/** POST and PUT /api/subscriptions (PUT replaces every field). */
export const planInputSchema = z.object({
  name: nameText('Name', PLAN_MESSAGES.nameRequired)
    .min(1, PLAN_MESSAGES.nameRequired)
    .max(PLAN_NAME_MAX, PLAN_MESSAGES.nameMax),
  price: z
    .number({
      error: (issue) =>
        issue.input === undefined ? PLAN_MESSAGES.priceRequired : PLAN_MESSAGES.pricePositive,
    })
    .min(0, PLAN_MESSAGES.pricePositive)
    .max(MAX_AMOUNT, PLAN_MESSAGES.priceMax)
    .refine(hasAtMostTwoDecimals, PLAN_MESSAGES.priceDecimals)
    .meta(twoDecimals(`Price in major units (dollars), 0 (free) to ${MAX_AMOUNT}, at most two decimals`)),
  duration: z
    .number({
      error: (issue) =>
        issue.input === undefined ? PLAN_MESSAGES.durationRequired : PLAN_MESSAGES.durationWhole,
    })
    .int(PLAN_MESSAGES.durationWhole)
    .min(1, PLAN_MESSAGES.durationMin)
    .max(PLAN_DURATION_MAX, PLAN_MESSAGES.durationMax),
  description: freeText('Description', 'Description must be text')
    .max(PLAN_DESCRIPTION_MAX, PLAN_MESSAGES.descriptionMax)
    .nullish()
    .transform((d) => (d ? d : null)),
  features: z
    .array(
      z
        .string({ error: PLAN_MESSAGES.features })
        .trim()
        .refine(isCleanName, notAllowedMessage('Features'))
        .max(FEATURE_MAX, PLAN_MESSAGES.featureMax),
      {
        error: PLAN_MESSAGES.features,
      },
    )
    .max(FEATURE_LINES_MAX, PLAN_MESSAGES.featuresMax)
    // The limit a client must keep to: blank lines are dropped, then at most FEATURES_MAX remain.
    .meta({
      maxItems: FEATURES_MAX,
      description: `At most ${FEATURES_MAX} features; blank lines are ignored`,
    })
    .nullish()
    .transform((lines) => (lines ?? []).filter((line) => line !== ''))
    .refine((list) => list.length <= FEATURES_MAX, PLAN_MESSAGES.featuresMax),
});
export type PlanInput = z.input<typeof planInputSchema>;
export type PlanValues = z.output<typeof planInputSchema>;

// ---- Dates and assignment ----

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Years accepted for subscription dates: the rule of every date input (shared/dates.ts). */
export { MAX_YEAR, MIN_YEAR };

/** True for a real calendar day written 'YYYY-MM-DD' (2024-02-29 yes, 2023-02-29 no). */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(year, month);
}

/** Days in a month (month 1–12), leap years included. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/**
 * A 'YYYY-MM-DD' date plus whole months, as 'YYYY-MM-DD'. A day the target month lacks is
 * clamped to its last day (2024-01-31 + 1 month → 2024-02-29), as date-fns addMonths does.
 */
export function addMonths(isoDate: string, months: number): string {
  const m = ISO_DATE.exec(isoDate);
  if (!m || !Number.isInteger(months))
    throw new RangeError(`Not a date or whole months: ${isoDate}, ${months}`);
  const total = Number(m[1]) * 12 + (Number(m[2]) - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const day = Math.min(Number(m[3]), daysInMonth(year, month));
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/**
 * POST /api/members/:id/subscriptions. A client endDate is checked like every date, then ignored:
 * the server derives it.
 */
export const assignSubscriptionSchema = z.object({
  subscriptionId: z.preprocess(
    // Form selects give strings; accept "12" as 12, leave anything else to fail.
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z
      .number({ error: ASSIGN_MESSAGES.plan })
      .int(ASSIGN_MESSAGES.plan)
      .positive(ASSIGN_MESSAGES.plan)
      .max(MAX_ID, ASSIGN_MESSAGES.plan),
  ),
  /** A day, or an ISO date-time meaning its day in the syndicate's time zone (the server reads it). */
  startDate: dateInputSchema({
    required: ASSIGN_MESSAGES.startRequired,
    invalid: ASSIGN_MESSAGES.startInvalid,
  }),
  /** What the form computed (start + duration): up to PLAN_DURATION_MAX months past the last start year. */
  endDate: dateInputSchema(
    { required: ASSIGN_MESSAGES.endInvalid, invalid: ASSIGN_MESSAGES.endInvalid },
    MAX_YEAR + PLAN_DURATION_MAX / 12,
  ).nullish(),
});
export type AssignSubscriptionInput = z.input<typeof assignSubscriptionSchema>;

export const memberSubscriptionSchema = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  subscriptionId: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  plan: z.object({ id: z.number().int(), name: z.string(), price: z.number(), duration: z.number().int() }),
});
export type MemberSubscription = z.infer<typeof memberSubscriptionSchema>;

export type SubscriptionPhase = 'upcoming' | 'current' | 'ended';

/**
 * Where a member's assignment stands on a day (the syndicate's today): 'current' while its start
 * date is on or before that day and its end date after it, 'upcoming' before its start date,
 * 'ended' from its end date on. Its status stays 'active' throughout (the member's latest); the
 * server counts a plan's active members by the same rule. Day keys ('YYYY-MM-DD') compare as text.
 */
export function subscriptionPhase(
  subscription: { startDate: string; endDate: string },
  today: DayKey,
): SubscriptionPhase {
  if (today < subscription.startDate.slice(0, 10)) return 'upcoming';
  if (today >= subscription.endDate.slice(0, 10)) return 'ended';
  return 'current';
}
