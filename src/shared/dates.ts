// Calendar days in a syndicate's IANA time zone, with Intl only (no time-zone library).
// "Today", "overdue" and "from the start of today" are all decided in the syndicate's zone
// (settings.timezone), never in the server's.

/** A calendar day as 'YYYY-MM-DD'; such keys compare correctly as strings. */
export type DayKey = string;

const DAY_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;

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

/** The wall-clock reading of an instant in a time zone. */
export function zonedParts(at: Date, timeZone: string): ZonedParts {
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
