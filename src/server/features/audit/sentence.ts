// The sentences of event summaries. A summary is written without its actor ("settled Winx: won
// $40.00"); the event's INSERT puts the actor's name in front and the money in the syndicate's
// currency (record.ts), so recording an event reads nothing first. Money is kept apart as cents
// and rendered by the SQL function audit_money (migration 0005), which writes exactly what
// assistant/format.ts money() writes; `render` is that rendering in JS, for tests and previews.
import { fromCents, fromHundredths } from '../../../shared/money';
import { money as formatMoney } from '../../assistant/format';

/** A PostgreSQL format() string (%s per amount, %% for a literal %) and its amounts in cents. */
export interface Sentence {
  readonly template: string;
  readonly cents: readonly number[];
}

type Part = string | number | Sentence;

const escapePercent = (text: string) => text.replaceAll('%', '%%');

/** A sentence from a template: text and numbers are literal, `money(c)` and sentences nest. */
export function say(strings: TemplateStringsArray, ...parts: Part[]): Sentence {
  let template = escapePercent(strings[0] ?? '');
  const cents: number[] = [];
  parts.forEach((part, i) => {
    if (typeof part === 'object') {
      template += part.template;
      cents.push(...part.cents);
    } else {
      template += escapePercent(String(part));
    }
    template += escapePercent(strings[i + 1] ?? '');
  });
  return { template, cents };
}

/** An amount (cents) in the syndicate's currency: "$40.00", "-€3.00". */
export const money = (cents: number): Sentence => {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`money must be whole cents: ${cents}`);
  return { template: '%s', cents: [cents] };
};

/** Decimal odds from hundredths, as the app shows them: 500 → "5.00". */
export const odds = (hundredths: number) => fromHundredths(hundredths).toFixed(2);

/** Sentences joined: "a, b and c". */
export function joinAll(items: readonly Sentence[], last = ' and '): Sentence {
  if (items.length === 0) return say``;
  if (items.length === 1) return items[0]!;
  const head = items.slice(0, -1).reduce((acc, s, i) => (i === 0 ? s : say`${acc}, ${s}`));
  return say`${head}${last}${items.at(-1)!}`;
}

/** Free text quoted in a summary, cut to `max` characters. */
export function excerpt(text: string, max = 60): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

/** The summary as the INSERT writes it, in JS (tests compare the two). */
export function render(actorName: string, sentence: Sentence, currency: string): string {
  let i = 0;
  const rest = sentence.template.replace(/%%|%s/g, (m) =>
    m === '%%' ? '%' : formatMoney(fromCents(sentence.cents[i++] ?? 0), currency),
  );
  return `${actorName} ${rest}`;
}

/** How a changed field reads in a summary: its label, and how a value shows (none: label only). */
export interface FieldLabel {
  label: string;
  show?: (value: unknown) => Part;
}

/** Shows a value as text (cut short); booleans as yes/no. */
export const asText = (value: unknown): Part =>
  typeof value === 'boolean' ? (value ? 'yes' : 'no') : excerpt(String(value), 40);
/** Shows a major-units amount in the syndicate's currency. */
export const asMoney = (value: unknown): Part => money(Math.round(Number(value) * 100));
/** Shows decimal odds with two decimals. */
export const asOdds = (value: unknown): Part => Number(value).toFixed(2);

/**
 * The changes as a phrase: "odds 5.00 → 6.00, stake $10.00 → $20.00, jockey". A field without a
 * `show` (dates, lists, long text) is named only; a null value shows as "none".
 */
export function changeList(
  changes: Readonly<Record<string, readonly [unknown, unknown]>>,
  labels: Readonly<Record<string, FieldLabel>>,
): Sentence {
  const parts = Object.entries(changes).map(([field, [before, after]]) => {
    const { label, show } = labels[field] ?? { label: field };
    if (!show) return say`${label}`;
    const value = (v: unknown) => (v === null || v === undefined ? 'none' : show(v));
    return say`${label} ${value(before)} → ${value(after)}`;
  });
  return joinAll(parts, ', ');
}
