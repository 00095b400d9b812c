// An audit event's changes ({field: [before, after]}, values as the API shows them: major units
// for money, decimal odds, ISO dates) as lines a person reads: "Odds 5.00 → 6.00",
// "Stake $10.00 → $20.00", "Jockey none → R. Moore". Field names are the API's; the same name
// means the same thing on every entity (a race's name and a plan's name are both "Name").

/** The formatting the lines need: the syndicate's currency and time zone (lib/format.ts). */
export interface ChangeFormat {
  money: (amount: number, options?: { signed?: boolean }) => string;
  date: (value: string, pattern: string) => string;
}

export interface ChangeContext {
  format: ChangeFormat;
  /** A member's name by id (the rotation pick names a member id); undefined when unknown. */
  memberName?: (id: number) => string | undefined;
}

type Show = (value: unknown, ctx: ChangeContext) => string;

const NONE = 'none';

/** Free text, cut to `max` characters with an ellipsis. */
export function shorten(text: string, max = 40): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

const capitalise = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);

/** Any value as short text: booleans yes/no, lists joined, objects as "key: value" pairs. */
export const asText: Show = (value) => {
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.length === 0 ? NONE : shorten(value.map(String).join(', '), 60);
  if (typeof value === 'object' && value !== null) {
    const pairs = Object.entries(value).map(([k, v]) => `${k}: ${String(v)}`);
    return pairs.length === 0 ? NONE : shorten(pairs.join(', '), 60);
  }
  const text = String(value);
  return text.trim() === '' ? NONE : shorten(text);
};

/** A show for numbers only: anything else (an older event's odd value) reads as text. */
const numeric =
  (show: (n: number, ctx: ChangeContext) => string): Show =>
  (value, ctx) =>
    typeof value === 'number' && Number.isFinite(value) ? show(value, ctx) : asText(value, ctx);
const asMoney = numeric((n, { format }) => format.money(n));
const asSignedMoney = numeric((n, { format }) => format.money(n, { signed: true }));
const asOdds = numeric((n) => n.toFixed(2));
const asWord: Show = (value) => capitalise(String(value));
const asUpper: Show = (value) => String(value).toUpperCase();
/** A race's start, an instant: read in the syndicate's time zone. */
const asInstant: Show = (value, { format }) => format.date(String(value), 'MMM d, yyyy h:mm a');

const WORDS: Record<string, string> = {
  win: 'Win',
  place: 'Place',
  'each-way': 'Each-way',
  fixed: 'Fixed',
  tote: 'Tote',
  pending: 'Pending',
  loss: 'Loss',
  placed: 'Placed',
  void: 'Void',
};
const asEnum: Show = (value) => WORDS[String(value)] ?? capitalise(String(value));

const FIELDS: Record<string, { label: string; show: Show }> = {
  // bets
  horseName: { label: 'Horse', show: asText },
  betType: { label: 'Bet type', show: asEnum },
  odds: { label: 'Odds', show: asOdds },
  amount: { label: 'Stake', show: asMoney },
  oddsType: { label: 'Odds type', show: asEnum },
  placeTerms: {
    label: 'Place terms',
    show: (v, ctx) => {
      const t = (typeof v === 'object' && v !== null ? v : {}) as { places?: unknown; divisor?: unknown };
      return typeof t.places === 'number' && typeof t.divisor === 'number'
        ? `${t.places} places at 1/${t.divisor}`
        : asText(v, ctx);
    },
  },
  placeOdds: { label: 'Place odds', show: asOdds },
  horseNumber: { label: 'Horse number', show: asText },
  jockey: { label: 'Jockey', show: asText },
  trainer: { label: 'Trainer', show: asText },
  weight: { label: 'Weight', show: asText },
  barrier: { label: 'Barrier', show: asText },
  silkColor: { label: 'Silk colour', show: asText },
  // settlement
  status: { label: 'Status', show: asEnum },
  result: { label: 'Result', show: asSignedMoney },
  position: { label: 'Position', show: asText },
  deadHeat: { label: 'Dead heat', show: numeric((n) => `${n} horses`) },
  dividend: { label: 'Tote dividend', show: asOdds },
  placeDividend: { label: 'Place dividend', show: asOdds },
  rule4: { label: 'Rule 4', show: numeric((n) => `${n}c in the dollar`) },
  // members
  name: { label: 'Name', show: asText },
  email: { label: 'Email', show: asText },
  initials: { label: 'Initials', show: asText },
  role: { label: 'Role', show: asWord },
  isActive: { label: 'Active', show: asText },
  // races
  venue: { label: 'Venue', show: asText },
  date: { label: 'Date', show: asInstant },
  description: { label: 'Description', show: asText },
  meetingNumber: { label: 'Meeting', show: asText },
  raceNumber: { label: 'Race number', show: asText },
  distance: { label: 'Distance', show: asText },
  raceType: { label: 'Race type', show: asText },
  trackCondition: { label: 'Track', show: asText },
  customFields: { label: 'Custom fields', show: asText },
  // plans and reminders
  price: { label: 'Price', show: asMoney },
  duration: { label: 'Duration', show: numeric((n) => (n === 1 ? '1 month' : `${n} months`)) },
  features: { label: 'Features', show: asText },
  completed: { label: 'Completed', show: asText },
  // settings and the rotation pick
  syndicateName: { label: 'Syndicate name', show: asText },
  defaultBetAmount: { label: 'Default bet', show: asMoney },
  currency: { label: 'Currency', show: asUpper },
  rotationStrategy: { label: 'Rotation', show: asWord },
  timezone: { label: 'Time zone', show: asText },
  shareBasis: { label: 'Share basis', show: asWord },
  nextMemberId: {
    label: 'Next to bet',
    show: (v, { memberName }) => memberName?.(Number(v)) ?? `Member #${String(v)}`,
  },
};

/** 'silkColor' → 'Silk color': the label of a field this file does not know yet. */
export function humaniseField(field: string): string {
  const words = field
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return capitalise(words);
}

export function fieldLabel(field: string): string {
  return FIELDS[field]?.label ?? humaniseField(field);
}

export interface ChangeLine {
  field: string;
  label: string;
  before: string;
  after: string;
}

/** One value as the line shows it; null (and an absent value) is "none". */
export function showValue(field: string, value: unknown, ctx: ChangeContext): string {
  if (value === null || value === undefined) return NONE;
  return (FIELDS[field]?.show ?? asText)(value, ctx);
}

const FIELD_ORDER = new Map(Object.keys(FIELDS).map((field, i) => [field, i]));
const orderOf = (field: string) => FIELD_ORDER.get(field) ?? FIELD_ORDER.size;

/**
 * The changes as lines, in the order of FIELDS above (the status before the result, the horse
 * before the odds), fields it does not know last: the server keeps them in a jsonb column, which
 * does not keep the order they were recorded in.
 */
export function changeLines(
  changes: Readonly<Record<string, readonly unknown[]>> | null | undefined,
  ctx: ChangeContext,
): ChangeLine[] {
  if (!changes) return [];
  const fields = Object.entries(changes).sort(
    ([a], [b]) => orderOf(a) - orderOf(b) || (a < b ? -1 : a > b ? 1 : 0),
  );
  return fields.map(([field, pair]) => ({
    field,
    label: fieldLabel(field),
    before: showValue(field, pair[0], ctx),
    after: showValue(field, pair[1], ctx),
  }));
}

/** "Odds 5.00 → 6.00". */
export const lineText = (line: ChangeLine) => `${line.label} ${line.before} → ${line.after}`;
