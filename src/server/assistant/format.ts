// How the assistant writes money, percentages and dates: the syndicate's currency (amounts are
// major units, as the services answer them) and its time zone.

const moneyFormats = new Map<string, Intl.NumberFormat>();

function moneyFormat(currency: string): Intl.NumberFormat {
  let f = moneyFormats.get(currency);
  if (!f) {
    try {
      f = new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() });
    } catch {
      f = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    }
    moneyFormats.set(currency, f);
  }
  return f;
}

/** 1234.5 → "$1,234.50" (usd), "€1,234.50" (eur), "A$1,234.50" (aud). */
export const money = (amount: number, currency: string) => moneyFormat(currency).format(amount);

/** Like money, with a sign: "+$20.00", "-$5.00", "$0.00". */
export function signedMoney(amount: number, currency: string): string {
  if (amount > 0) return `+${money(amount, currency)}`;
  if (amount < 0) return `-${money(-amount, currency)}`;
  return money(0, currency);
}

export const percent = (value: number) => `${Math.round(value)}%`;

/** A share of the bank as the API gives it (one decimal): 38.4 → "38.4%", 50 → "50%". */
export const sharePercent = (value: number) => `${Math.round(value * 10) / 10}%`;

/** "Sat, Jun 14, 1:30 PM" in the time zone. */
export function dateTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(new Date(iso));
}

/** "Sat, Jun 14" in the time zone. */
export function day(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone,
  }).format(new Date(iso));
}

/** A calendar day 'YYYY-MM-DD' as "Jun 14, 2025". */
export function calendarDay(key: string): string {
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${key.slice(0, 10)}T00:00:00Z`));
}

/** 1 → "1st", 2 → "2nd", 11 → "11th", 23 → "23rd". */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}

/** "one", "one and two", "one, two and three" (or another conjunction). */
export function joinWords(items: readonly string[], conjunction = 'and'): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1]}`;
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** A bulleted list, at most `max` lines, with "…and N more". */
export function bullets(lines: readonly string[], max = 10): string {
  const shown = lines.slice(0, max).map((l) => `• ${l}`);
  if (lines.length > max) shown.push(`…and ${lines.length - max} more`);
  return shown.join('\n');
}
