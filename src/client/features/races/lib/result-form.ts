// The Enter result form: the finishing order (horses sharing a position dead-heated for it), each
// finisher's optional tote dividends, the non-runners, places paid and Rule 4, all held as text.
// Read into the POST /api/races/:id/result body and checked with the server's own schema
// (shared/race-result.ts raceResultSchema), so its messages show beside the fields before sending;
// the server's 400 paths map back onto the same fields.
import {
  type RaceResultInput,
  type RaceResultValues,
  type Runner,
  raceResultSchema,
  type StoredRaceResult,
  sameHorse,
} from '@shared/race-result';

export interface HorseRowValues {
  /** A stable key for React and for focusing the row. */
  key: string;
  horseName: string;
  horseNumber: string;
}

export interface FinisherRowValues extends HorseRowValues {
  position: string;
  /** Declared tote dividends per 1 unit (blank: none). */
  win: string;
  place: string;
}

export interface ResultFormValues {
  finishers: FinisherRowValues[];
  nonRunners: HorseRowValues[];
  placesPaid: string;
  rule4: string;
}

/** Field keys errors attach to: 'finishers.0.position', 'finishers.0' (the row), 'placesPaid', 'form'… */
export type ResultFormErrors = Record<string, string>;

let nextKey = 0;
/** A new row key (unique within the page's lifetime). */
export const rowKey = (): string => {
  nextKey += 1;
  return `row-${nextKey}`;
};

const text = (n: number | null | undefined): string => (n === null || n === undefined ? '' : String(n));

export const emptyFinisher = (position: number | string = ''): FinisherRowValues => ({
  key: rowKey(),
  position: String(position),
  horseName: '',
  horseNumber: '',
  win: '',
  place: '',
});

export const emptyHorse = (): HorseRowValues => ({ key: rowKey(), horseName: '', horseNumber: '' });

/**
 * A new result starts with one blank row per paid place (positions 1, 2, 3…; at least 1, at most 4);
 * a stored result (a correction) starts as it was entered, each finisher with its dividends.
 */
export function resultFormDefaults(stored: StoredRaceResult | null, places: number): ResultFormValues {
  if (!stored) {
    const rows = Math.min(Math.max(places, 1), 4);
    return {
      finishers: Array.from({ length: rows }, (_, i) => emptyFinisher(i + 1)),
      nonRunners: [],
      placesPaid: '',
      rule4: '',
    };
  }
  return {
    finishers: stored.finishers.map((f) => {
      const dividend = stored.dividends.find((d) =>
        sameHorse({ horseName: f.horseName ?? '', horseNumber: f.horseNumber }, d),
      );
      return {
        key: rowKey(),
        position: String(f.position),
        horseName: f.horseName ?? '',
        horseNumber: text(f.horseNumber),
        win: text(dividend?.win),
        place: text(dividend?.place),
      };
    }),
    nonRunners: stored.nonRunners.map((h) => ({
      key: rowKey(),
      horseName: h.horseName ?? '',
      horseNumber: text(h.horseNumber),
    })),
    placesPaid: text(stored.placesPaid),
    rule4: text(stored.rule4),
  };
}

/** The next finisher's position: one after the last row's (a tie is typed by hand). */
export function nextPosition(rows: readonly FinisherRowValues[]): number {
  const positions = rows.map((r) => Number(r.position)).filter((n) => Number.isInteger(n) && n > 0);
  return positions.length === 0 ? 1 : Math.max(...positions) + 1;
}

/** Picking a runner from the field fills the row's horse name and number. */
export function pickRunner<T extends HorseRowValues>(row: T, runner: Pick<Runner, 'horse' | 'number'>): T {
  return { ...row, horseName: runner.horse, horseNumber: text(runner.number) };
}

/** The runner the row names (same name and number), as its index in the field; '' when none. */
export function runnerIndex(runners: readonly Runner[], row: HorseRowValues): string {
  const index = runners.findIndex(
    (r) => r.horse === row.horseName.trim() && text(r.number) === row.horseNumber.trim(),
  );
  return index < 0 ? '' : String(index);
}

const blank = (s: string) => s.trim() === '';
/** A row with neither a horse name nor a number (nor dividends) is left out. */
const isBlankHorse = (row: HorseRowValues) => blank(row.horseName) && blank(row.horseNumber);
const isBlankFinisher = (row: FinisherRowValues) => isBlankHorse(row) && blank(row.win) && blank(row.place);

/** A number as typed: blank → undefined; anything else → Number (NaN fails the schema with its message). */
const num = (s: string): number | undefined => (blank(s) ? undefined : Number(s.trim()));

function horse(row: HorseRowValues): { horseName?: string; horseNumber?: number } {
  const out: { horseName?: string; horseNumber?: number } = {};
  if (!blank(row.horseName)) out.horseName = row.horseName.trim();
  const n = num(row.horseNumber);
  if (n !== undefined) out.horseNumber = n;
  return out;
}

/** The request body and, for mapping errors back, which form row each array item came from. */
export interface ResultRequest {
  body: RaceResultInput;
  /** body.finishers[i] came from form row finisherRows[i]. */
  finisherRows: number[];
  nonRunnerRows: number[];
  /** body.dividends[i] belongs to form finisher row dividendRows[i]. */
  dividendRows: number[];
}

/** The form as the POST /api/races/:id/result body (major units; blank rows and fields left out). */
export function toResultRequest(values: ResultFormValues): ResultRequest {
  const finishers: NonNullable<RaceResultInput['finishers']> = [];
  const dividends: NonNullable<RaceResultInput['dividends']> = [];
  const finisherRows: number[] = [];
  const dividendRows: number[] = [];
  values.finishers.forEach((row, i) => {
    if (isBlankFinisher(row)) return;
    finishers.push({ position: num(row.position) as number, ...horse(row) });
    finisherRows.push(i);
    const win = num(row.win);
    const place = num(row.place);
    if (win !== undefined || place !== undefined) {
      dividends.push({
        ...horse(row),
        ...(win === undefined ? {} : { win }),
        ...(place === undefined ? {} : { place }),
      });
      dividendRows.push(i);
    }
  });
  const nonRunners: NonNullable<RaceResultInput['nonRunners']> = [];
  const nonRunnerRows: number[] = [];
  values.nonRunners.forEach((row, i) => {
    if (isBlankHorse(row)) return;
    nonRunners.push(horse(row));
    nonRunnerRows.push(i);
  });
  const body: RaceResultInput = { finishers, nonRunners, dividends };
  const placesPaid = num(values.placesPaid);
  if (placesPaid !== undefined) body.placesPaid = placesPaid;
  const rule4 = num(values.rule4);
  if (rule4 !== undefined) body.rule4 = rule4;
  return { body, finisherRows, nonRunnerRows, dividendRows };
}

/**
 * Where an error at the body's `path` (['finishers', 2, 'position'] or 'finishers.2.position', as
 * the server answers) shows on the form: 'finishers.<row>.position', 'finishers.<row>' (the row's
 * horse), 'nonRunners.<row>', 'finishers.<row>.win' (a dividend), 'placesPaid', 'rule4'; anything
 * else is the form's own message ('form').
 */
export function errorField(request: ResultRequest, path: readonly PropertyKey[] | string): string {
  const parts = typeof path === 'string' ? (path === '' ? [] : path.split('.')) : path.map(String);
  const [list, index, field] = parts;
  const i = Number(index);
  const rowOf = (rows: number[]) => (Number.isInteger(i) ? rows[i] : undefined);
  if (list === 'finishers') {
    const row = rowOf(request.finisherRows);
    if (row === undefined) return 'finishers';
    return field === 'position' ? `finishers.${row}.position` : `finishers.${row}`;
  }
  if (list === 'nonRunners') {
    const row = rowOf(request.nonRunnerRows);
    return row === undefined ? 'nonRunners' : `nonRunners.${row}`;
  }
  if (list === 'dividends') {
    const row = rowOf(request.dividendRows);
    if (row === undefined) return 'form';
    if (field === 'win' || field === 'place') return `finishers.${row}.${field}`;
    return `finishers.${row}`;
  }
  if (list === 'placesPaid' || list === 'rule4') return list;
  return 'form';
}

export type ResultReading =
  | { kind: 'invalid'; request: ResultRequest; errors: ResultFormErrors }
  | { kind: 'ready'; request: ResultRequest; values: RaceResultValues };

/** Reads the form: the body, checked with the server's schema (its messages, on the right fields). */
export function readResultForm(values: ResultFormValues): ResultReading {
  const request = toResultRequest(values);
  const parsed = raceResultSchema.safeParse(request.body);
  if (parsed.success) return { kind: 'ready', request, values: parsed.data };
  const errors: ResultFormErrors = {};
  for (const issue of parsed.error.issues) {
    errors[errorField(request, issue.path)] ??= issue.message;
  }
  return { kind: 'invalid', request, errors };
}

/** The server's 400 `errors: [{path, message}]` on the form's fields (the first message per field). */
export function serverErrors(
  request: ResultRequest,
  errors: readonly { path: string; message: string }[] | undefined,
  message: string,
): ResultFormErrors {
  const out: ResultFormErrors = {};
  for (const e of errors ?? []) out[errorField(request, e.path)] ??= e.message;
  if (Object.keys(out).length === 0) out.form = message;
  return out;
}
