// CSV out (RFC 4180), shared by every export: a cell is quoted when it holds a comma, a quote or a
// line break (quotes doubled); a text cell a spreadsheet would run as a formula (it starts with =,
// +, -, @, a tab or a carriage return) is prefixed with an apostrophe. Lines end in CRLF. A file
// starts with a UTF-8 byte order mark, so Excel reads "Zoë" and "Seán" as UTF-8 rather than as
// Windows-1252 ("ZoÃ«"); LibreOffice, Numbers, Google Sheets and our own import skip it.

const FORMULA_START = /^[=+\-@\t\r]/;

/** The UTF-8 byte order mark every CSV file starts with (before its header row). */
export const CSV_BOM = '\uFEFF';

/** One RFC 4180 cell: quoted when it holds a comma, a quote or a line break; quotes doubled. */
export function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** A text cell: neutralised against formula injection, then quoted as needed. */
export const textCell = (value: string | null | undefined): string =>
  value === null || value === undefined ? '' : csvCell(FORMULA_START.test(value) ? `'${value}` : value);

/** A row of already-made cells. */
export const csvLine = (cells: readonly string[]): string => `${cells.join(',')}\r\n`;

/** Latin letters with no decomposition into a base letter and marks. */
const LATIN_EXTRA: Record<string, string> = {
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ß: 'ss',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  þ: 'th',
};

/**
 * "The Punting Club!" → "the-punting-club", "Øresund Nguyễn" → "oresund-nguyen": ASCII letters,
 * digits and dashes only, for file names (accents dropped, not turned into dashes).
 */
export function fileSlug(name: string, fallback: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[øæœßđðłþ]/gi, (c) => {
      const plain = LATIN_EXTRA[c.toLowerCase()] ?? '';
      return c === c.toLowerCase() ? plain : plain.toUpperCase();
    })
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 60);
  return slug || fallback;
}
