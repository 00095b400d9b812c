// Calendar days in a syndicate's IANA time zone, with Intl only (no time-zone library).
// "Today", "overdue" and "from the start of today" are all decided in the syndicate's zone
// (settings.timezone), never in the server's. Every date the API takes goes through
// `dateInputSchema` (date-schemas.ts): a day or an ISO date-time, year 1900–2100.

/** A calendar day as 'YYYY-MM-DD'; such keys compare correctly as strings. */
export type DayKey = string;

const DAY_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Years a date input may name. drizzle reads years 0001–0099 back as 20xx and PostgreSQL refuses 0000. */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2100;
export const DATE_RANGE_MESSAGE = `Date must be between ${MIN_YEAR} and ${MAX_YEAR}`;

const DAY_MS = 86_400_000;

/** Date.UTC without its 1900 shift for years 0–99; month is 1–12. */
function utcMs(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  const d = new Date(Date.UTC(2000, month - 1, day, hour, minute, second));
  d.setUTCFullYear(year, month - 1, day);
  return d.getTime();
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export interface ZonedParts {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** True when the runtime knows the IANA zone name (e.g. "Australia/Sydney"). */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The canonical spelling of a zone name ("america/new_york" → "America/New_York"). */
export function canonicalTimeZone(timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
}

export const TIME_ZONE_MAX = 64;
export const TIME_ZONE_MESSAGE = 'Invalid time zone: use an IANA name such as Australia/Sydney';
/** IANA names start with a letter; newer runtimes also take offsets ('+05:00'), which are not zones. */

/** The wall-clock reading of an instant in a time zone, as Intl formats it. */
export function intlZonedParts(at: Date, timeZone: string): ZonedParts {
  const parts: Record<string, string> = {};
  for (const p of formatterFor(timeZone).formatToParts(at)) parts[p.type] = p.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** The zone's offset (ms) at a whole second, from Intl's reading of it. */
function intlOffsetMs(ms: number, timeZone: string): number {
  const p = intlZonedParts(new Date(ms), timeZone);
  return utcMs(p.year, p.month, p.day, p.hour, p.minute, p.second) - ms;
}

/** `${timeZone} ${UTC day}` → the zone's offset all through that day, for days without a change. */
const dayOffsets = new Map<string, number>();
const DAY_OFFSETS_MAX = 20_000;

/**
 * The wall-clock reading of an instant in a time zone. `formatToParts` is slow (a bets table
 * formats a date per row as it scrolls), and a zone's offset changes a few times a year at most:
 * so the offset is read once per UTC day (at its first and last second; a day where they differ
 * is read by Intl for each instant) and the reading is that offset added to the instant.
 */
export function zonedParts(at: Date, timeZone: string): ZonedParts {
  const ms = at.getTime();
  if (!Number.isFinite(ms)) return intlZonedParts(at, timeZone);
  const day = Math.floor(ms / DAY_MS);
  const key = `${timeZone} ${day}`;
  let offset = dayOffsets.get(key);
  if (offset === undefined) {
    const first = intlOffsetMs(day * DAY_MS, timeZone);
    if (first !== intlOffsetMs(day * DAY_MS + DAY_MS - 1000, timeZone)) return intlZonedParts(at, timeZone);
    if (dayOffsets.size >= DAY_OFFSETS_MAX) dayOffsets.clear();
    dayOffsets.set(key, first);
    offset = first;
  }
  // The offset is whole seconds, so the reading's second is the instant's, as Intl truncates it.
  const wall = new Date(ms + offset);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

/** The zone's offset from UTC at an instant, in ms (Sydney in winter: +10 h = 36_000_000). */
export function timeZoneOffsetMs(at: Date, timeZone: string): number {
  const p = zonedParts(at, timeZone);
  const wall = utcMs(p.year, p.month, p.day, p.hour, p.minute, p.second);
  const whole = at.getTime() - at.getUTCMilliseconds();
  return wall - whole;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The calendar day of an instant in a time zone, as 'YYYY-MM-DD'. */
export function dayKeyIn(at: Date, timeZone: string): DayKey {
  const p = zonedParts(at, timeZone);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
}

/** Parses a 'YYYY-MM-DD' key that names a real calendar day; null otherwise. */
export function parseDayKey(key: string): { year: number; month: number; day: number } | null {
  const m = DAY_KEY.exec(key);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(utcMs(year, month, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return { year, month, day };
}

/**
 * The first instant of a calendar day in a time zone. Usually local midnight; on a day whose
 * midnight a DST jump skips (e.g. America/Santiago in September) it is the instant of the jump;
 * when midnight happens twice, the first one.
 */
export function startOfDayKey(key: DayKey, timeZone: string): Date {
  const parsed = parseDayKey(key);
  if (!parsed) throw new RangeError(`Not a calendar day: ${key}`);
  // Local midnight read as if it were UTC; the real instant is target − offset (ms).
  const target = utcMs(parsed.year, parsed.month, parsed.day);
  // Offsets never change twice within two days, so the offsets a day either side are the
  // only ones that can apply at midnight.
  const candidates = [
    target - timeZoneOffsetMs(new Date(target - DAY_MS), timeZone),
    target - timeZoneOffsetMs(new Date(target + DAY_MS), timeZone),
  ];
  const exact = candidates.filter((i) => timeZoneOffsetMs(new Date(i), timeZone) === target - i);
  if (exact.length > 0) return new Date(Math.min(...exact));
  // Midnight falls in a DST gap: the day starts at the jump, which lies between the two
  // candidates. Transitions happen on whole seconds, so search to the second.
  let lo = Math.min(...candidates);
  let hi = Math.max(...candidates);
  while (hi - lo > 1000) {
    const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
    if (dayKeyIn(new Date(mid), timeZone) >= key) hi = mid;
    else lo = mid;
  }
  return new Date(hi);
}

/** The first instant of the day (in the time zone) that contains `at`. */
export function startOfDayIn(at: Date, timeZone: string): Date {
  return startOfDayKey(dayKeyIn(at, timeZone), timeZone);
}

/** True when `date` falls on a calendar day before today, both read in the time zone. */
export function isBeforeToday(date: Date | DayKey, now: Date, timeZone: string): boolean {
  const day = typeof date === 'string' ? date : dayKeyIn(date, timeZone);
  return day < dayKeyIn(now, timeZone);
}

// ---- Date inputs: one rule for every date a form or the API takes ----

const DATE_TIME =
  /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|([+-])(\d{2}):(\d{2}))$/;
/** Longest accepted input: '2025-01-01T00:00:00.123456789+10:00' is 35 characters. */
const DATE_INPUT_MAX = 40;

/** A written date: a bare day, or a date-time whose instant is known. */
export type DateInput =
  | { kind: 'day'; day: DayKey; year: number }
  | { kind: 'instant'; at: Date; year: number };

/**
 * Reads 'YYYY-MM-DD' or an ISO 8601 date-time with Z or an offset ('2025-03-01T13:00:00.000Z',
 * '2025-03-01T13:00+10:00'). Null for anything else, including impossible days (30 February),
 * hour 24 and expanded years ('+002025-…'). The year is the one written, not checked here.
 */
export function parseDateInput(value: string): DateInput | null {
  if (value.length > DATE_INPUT_MAX) return null;
  const day = parseDayKey(value);
  if (day) return { kind: 'day', day: value, year: day.year };
  const m = DATE_TIME.exec(value);
  if (!m) return null;
  const date = parseDayKey(m[1] ?? '');
  const [hour, minute, second] = [Number(m[2]), Number(m[3]), Number(m[4] ?? 0)];
  const [offsetHours, offsetMinutes] = [Number(m[6] ?? 0), Number(m[7] ?? 0)];
  if (!date || hour > 23 || minute > 59 || second > 59 || offsetHours > 23 || offsetMinutes > 59) return null;
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return null;
  return { kind: 'instant', at, year: date.year };
}

/** Why a written date is refused ('invalid' or 'range'), or null when it is accepted. */
export function dateInputProblem(value: string, maxYear = MAX_YEAR): 'invalid' | 'range' | null {
  const parsed = parseDateInput(value);
  if (!parsed) return 'invalid';
  return parsed.year < MIN_YEAR || parsed.year > maxYear ? 'range' : null;
}

function mustParse(value: string): DateInput {
  const parsed = parseDateInput(value);
  if (!parsed) throw new RangeError(`Not a date input: ${value}`);
  return parsed;
}

/** True when the input is a bare day, which needs the syndicate's time zone to become an instant. */
export const isDayInput = (value: string): boolean => mustParse(value).kind === 'day';

/** The instant a date input names: a bare day is its first instant in the time zone. */
export function instantOf(value: string, timeZone: string): Date {
  const parsed = mustParse(value);
  return parsed.kind === 'day' ? startOfDayKey(parsed.day, timeZone) : parsed.at;
}

/** The calendar day a date input names: a date-time's day is read in the time zone. */
export function dayOf(value: string, timeZone: string): DayKey {
  const parsed = mustParse(value);
  return parsed.kind === 'day' ? parsed.day : dayKeyIn(parsed.at, timeZone);
}
