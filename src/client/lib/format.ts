/**
 * Display formatting: money with the syndicate's currency, whole percents, and dates read in the
 * syndicate's time zone (settings.timezone), never the browser's. Amounts arrive in major units
 * (dollars, as the API carries them); this is the only place they become text.
 */
import {
  type DayKey,
  dayKeyIn,
  isBeforeToday,
  parseDayKey,
  timeZoneOffsetMs,
  zonedParts,
} from '@shared/dates';
import { type CSSProperties, createContext, createElement, type ReactNode, useContext, useMemo } from 'react';

export const DEFAULT_CURRENCY = 'usd';

/**
 * The spec's date patterns (§9), written in date-fns's tokens. formatWallClock reads this subset of
 * them: y, yy, yyyy; M to MMMM; d, dd; E to EEEE; h, hh, H, HH; m, mm; s, ss; a, aa; text in
 * single quotes ('' for an apostrophe). Any other letter is refused (RangeError), so a pattern
 * from beyond the subset fails loudly rather than printing something else.
 */
export type DatePattern = 'MMMM d, yyyy' | 'MMM d, yyyy' | 'MMMM yyyy' | (string & {});

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const PATTERN_PART = /'(?:[^']|'')*'?|([A-Za-z])\1*|[^A-Za-z']+/g;
const pad = (n: number, width: number) => String(n).padStart(width, '0');

function formatToken(token: string, d: Date): string {
  const n = token.length;
  const hour = d.getHours();
  switch (token[0]) {
    case 'y': {
      const year = d.getFullYear();
      if (n <= 4) return n === 2 ? pad(year % 100, 2) : pad(year, n);
      break;
    }
    case 'M':
      if (n <= 2) return pad(d.getMonth() + 1, n);
      if (n <= 4) return (MONTHS[d.getMonth()] as string).slice(0, n === 3 ? 3 : undefined);
      break;
    case 'E':
      if (n <= 4) return (WEEKDAYS[d.getDay()] as string).slice(0, n === 4 ? undefined : 3);
      break;
    case 'd':
      if (n <= 2) return pad(d.getDate(), n);
      break;
    case 'h':
      if (n <= 2) return pad(hour % 12 || 12, n);
      break;
    case 'H':
      if (n <= 2) return pad(hour, n);
      break;
    case 'm':
      if (n <= 2) return pad(d.getMinutes(), n);
      break;
    case 's':
      if (n <= 2) return pad(d.getSeconds(), n);
      break;
    case 'a':
      if (n <= 2) return hour < 12 ? 'AM' : 'PM';
      break;
  }
  throw new RangeError(`Date pattern token not supported: ${token}`);
}

/**
 * A local Date (a wall clock, as zonedWallClock gives) written with a DatePattern, in English, as
 * date-fns's `format` writes it: formatWallClock(new Date(2025, 5, 1, 13, 5), 'EEEE h:mm a') →
 * 'Sunday 1:05 PM'. Our own, not date-fns's: its `format` and English locale were a fifth of the
 * first load's own code (bench/performance-notes.md); format.test.ts compares the two.
 */
export function formatWallClock(d: Date, pattern: DatePattern): string {
  if (Number.isNaN(d.getTime())) throw new RangeError('Invalid time value');
  let out = '';
  for (const [part, letter] of pattern.matchAll(PATTERN_PART)) {
    if (letter) out += formatToken(part, d);
    else if (part === "''") out += "'";
    else if (part.startsWith("'"))
      out += part.slice(1, part.length > 1 && part.endsWith("'") ? -1 : undefined).replaceAll("''", "'");
    else out += part;
  }
  return out;
}

export interface MoneyOptions {
  /** '+$120' for gains, '-$45' for losses, '$0' for zero. */
  signed?: boolean;
  /** Fraction digits; 2 unless told (use 0 for earnings, as the spec shows them). */
  decimals?: number;
  /** Short, for chart axes: '$850', '$1.5K', '$2.7M' (whole units under a thousand; `decimals` is ignored). */
  compact?: boolean;
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

function moneyFormat(
  currency: string,
  signed: boolean,
  decimals: number,
  compact = false,
): Intl.NumberFormat {
  const key = `${currency}|${signed}|${decimals}|${compact}`;
  let f = moneyFormats.get(key);
  if (!f) {
    const options: Intl.NumberFormatOptions = {
      style: 'currency',
      currency: currency.toUpperCase(),
      minimumFractionDigits: compact ? 0 : decimals,
      maximumFractionDigits: compact ? 1 : decimals,
      signDisplay: signed ? 'exceptZero' : 'auto',
      ...(compact ? { notation: 'compact' as const } : {}),
    };
    try {
      f = new Intl.NumberFormat('en-US', options);
    } catch {
      f = new Intl.NumberFormat('en-US', { ...options, currency: DEFAULT_CURRENCY.toUpperCase() });
    }
    moneyFormats.set(key, f);
  }
  return f;
}

/**
 * An amount rounded as formatMoney shows it: half a unit away from zero on both sides (Math.round
 * alone takes -41.5 to -41 but 41.5 to 42). Colour and sign decisions use it, so they agree with
 * the text.
 */
export function roundMoney(amount: number, decimals = 2): number {
  const factor = 10 ** decimals;
  return (Math.sign(amount) * Math.round(Math.abs(amount) * factor)) / factor;
}

/**
 * An amount in major units with the currency's symbol: formatMoney(120, 'usd', {signed: true,
 * decimals: 0}) → '+$120'; -45 → '-$45'; 0 → '$0'. 'aud' → 'A$', 'nzd' → 'NZ$', 'eur' → '€', 'gbp' → '£'.
 * A value that rounds to zero never shows a sign ('$0', not '-$0').
 */
export function formatMoney(
  amount: number,
  currency: string = DEFAULT_CURRENCY,
  options: MoneyOptions = {},
): string {
  // Compact from a thousand up; below it, whole units ('$15', not '$14.5').
  const compact = options.compact === true && Math.abs(amount) >= 999.5;
  const decimals = options.compact ? 0 : (options.decimals ?? 2);
  const rounded = compact ? amount : roundMoney(amount, decimals);
  const value = Object.is(rounded, -0) || !Number.isFinite(rounded) ? 0 : rounded;
  return moneyFormat(currency, options.signed ?? false, decimals, compact).format(value);
}

/**
 * A text's width in digits' widths of a bold face (DejaVu Sans Bold's, the widest of the faces
 * the app's font stack falls back to): separators about half a digit, signs and letters about a
 * fifth more, a per cent sign nearly one and a half. Figures step their type down by it, rather than
 * by characters: a currency symbol's letters are wider than digits (NZ$, A$).
 */
export function figureWidth(text: string): number {
  let width = 0;
  for (const char of text) {
    if (char >= '0' && char <= '9') width += 1;
    else if (char === ',' || char === '.' || char === ' ') width += 0.55;
    else if (char === '%' || char === '—') width += 1.45;
    else if (char === '+' || char === '−' || /\p{L}/u.test(char)) width += 1.2;
    else width += 1;
  }
  return width;
}

/** A digit's width in its font size: DejaVu Sans Bold's digits are 0.696 em (figureWidth's unit). */
const DIGIT_EM = 0.7;

/**
 * A figure's font size: `max` (a CSS length) when it fits, else as large as fits the figure on one
 * line in the width of its query container (the nearest ancestor with Tailwind's `@container`), in
 * container units, so it holds at every layout the card finds itself in (two a row on a phone,
 * four on a wide screen, a side column) and for any length of sum. Found by probing (2026-12-03):
 * the largest win the app takes, +NZ$9,999,000,000.00, broke over two lines where fixed steps of
 * type had been set for millions.
 */
export function fitFigure(text: string, max: string): CSSProperties {
  const width = figureWidth(text);
  if (width === 0) return {};
  return { fontSize: `min(${max}, ${(100 / (width * DIGIT_EM)).toFixed(2)}cqi)` };
}

/** A percentage as a whole number: 66.67 → '67%'. */
export function formatPercent(value: number): string {
  const rounded = Math.round(value);
  return `${Object.is(rounded, -0) || !Number.isFinite(rounded) ? 0 : rounded}%`;
}

/** The browser's IANA time zone, the fallback before the settings load. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

const isDayKey = (value: string) => value.length === 10 && parseDayKey(value) !== null;

/**
 * The wall-clock time of an instant in a time zone, as a local Date for date-fns and calendar
 * grids (read it with getFullYear/getMonth/getDate/getHours). A 'YYYY-MM-DD' string is a calendar
 * day already and is taken as its midnight, with no zone conversion.
 */
export function zonedWallClock(value: string | Date, timeZone: string): Date {
  if (typeof value === 'string' && isDayKey(value)) {
    const d = parseDayKey(value)!;
    return new Date(d.year, d.month - 1, d.day);
  }
  const p = zonedParts(typeof value === 'string' ? new Date(value) : value, timeZone);
  return new Date(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
}

/** formatWallClock applied to the zoned wall clock: formatDate(race.date, 'MMMM d, yyyy', tz). */
export function formatDate(value: string | Date, pattern: DatePattern, timeZone: string): string {
  return formatWallClock(zonedWallClock(value, timeZone), pattern);
}

/** The calendar day ('YYYY-MM-DD') of an instant in the zone; a day key is returned as is. */
export function dayKey(value: string | Date, timeZone: string): DayKey {
  if (typeof value === 'string' && isDayKey(value)) return value;
  return dayKeyIn(typeof value === 'string' ? new Date(value) : value, timeZone);
}

/** Today's day key in the zone. */
export function todayKey(timeZone: string, now: Date = new Date()): DayKey {
  return dayKeyIn(now, timeZone);
}

export function isToday(value: string | Date, timeZone: string, now: Date = new Date()): boolean {
  return dayKey(value, timeZone) === todayKey(timeZone, now);
}

/** True when the day is before today in the zone (a reminder's "Overdue"). */
export function isPastDay(value: string | Date, timeZone: string, now: Date = new Date()): boolean {
  return isBeforeToday(dayKey(value, timeZone), now, timeZone);
}

/** Whole calendar days from today to the value's day in the zone (tomorrow 1, yesterday -1). */
export function daysFromToday(value: string | Date, timeZone: string, now: Date = new Date()): number {
  const toUtc = (key: DayKey) => {
    const d = parseDayKey(key)!;
    return Date.UTC(d.year, d.month - 1, d.day);
  };
  return Math.round((toUtc(dayKey(value, timeZone)) - toUtc(todayKey(timeZone, now))) / 86_400_000);
}

/**
 * The ISO instant of a wall-clock day and time in the zone: zonedIso('2025-06-01', '13:00',
 * 'Australia/Sydney') → '2025-06-01T03:00:00.000Z'. For forms that pick a date and a time
 * (Add Race). A time skipped by a DST jump moves forward by the jump.
 */
export function zonedIso(day: DayKey, time: string, timeZone: string): string {
  const d = parseDayKey(day);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) throw new RangeError(`Not a day and time: ${day} ${time}`);
  const wall = Date.UTC(d.year, d.month - 1, d.day, Number(t[1]), Number(t[2]));
  // Two passes: the offset at the first guess can differ from the offset at the answer near a DST change.
  const guess = wall - timeZoneOffsetMs(new Date(wall), timeZone);
  const instant = wall - timeZoneOffsetMs(new Date(guess), timeZone);
  const reads = (at: number) => {
    const p = zonedParts(new Date(at), timeZone);
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) === wall;
  };
  // In a DST gap neither reads back; the guess is then the wall time moved forward by the jump.
  return new Date(reads(instant) ? instant : guess).toISOString();
}

export interface SyndicateFormat {
  currency: string;
  timeZone: string;
  money: (amount: number, options?: MoneyOptions) => string;
  percent: (value: number) => string;
  date: (value: string | Date, pattern: DatePattern) => string;
  dayKey: (value: string | Date) => DayKey;
  todayKey: () => DayKey;
  isToday: (value: string | Date) => boolean;
  isPastDay: (value: string | Date) => boolean;
  daysFromToday: (value: string | Date) => number;
  wallClock: (value: string | Date) => Date;
  zonedIso: (day: DayKey, time: string) => string;
}

/** The formatters above bound to a currency and time zone. */
export function bindFormat(currency: string, timeZone: string): SyndicateFormat {
  return {
    currency,
    timeZone,
    money: (amount, options) => formatMoney(amount, currency, options),
    percent: formatPercent,
    date: (value, pattern) => formatDate(value, pattern, timeZone),
    dayKey: (value) => dayKey(value, timeZone),
    todayKey: () => todayKey(timeZone),
    isToday: (value) => isToday(value, timeZone),
    isPastDay: (value) => isPastDay(value, timeZone),
    daysFromToday: (value) => daysFromToday(value, timeZone),
    wallClock: (value) => zonedWallClock(value, timeZone),
    zonedIso: (day, time) => zonedIso(day, time, timeZone),
  };
}

const SyndicateFormatContext = createContext<{
  currency?: string | undefined;
  timeZone?: string | undefined;
}>({});

/**
 * Gives the syndicate's currency and time zone to everything below it. The app layer provides
 * them from the settings query (lib does not import features); undefined until they load.
 */
export function SyndicateFormatProvider(props: {
  currency: string | undefined;
  timeZone: string | undefined;
  children: ReactNode;
}) {
  const { currency, timeZone } = props;
  const value = useMemo(() => ({ currency, timeZone }), [currency, timeZone]);
  return createElement(SyndicateFormatContext.Provider, { value }, props.children);
}

/**
 * Formatters bound to the syndicate's currency and time zone (SyndicateFormatProvider); USD and
 * the browser's zone until the settings load. `const f = useSyndicateFormat(); f.money(b.amount)`.
 */
export function useSyndicateFormat(): SyndicateFormat {
  const provided = useContext(SyndicateFormatContext);
  const currency = provided.currency || DEFAULT_CURRENCY;
  const timeZone = provided.timeZone || browserTimeZone();
  return useMemo(() => bindFormat(currency, timeZone), [currency, timeZone]);
}
