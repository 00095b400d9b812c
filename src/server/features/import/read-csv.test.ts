// The import's CSV reader parses a slice at a time (yielding to the event loop between slices):
// whatever the slices cut — a quoted field, a line ending, a character of several bytes — the
// records are those of the whole file parsed at once.
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IMPORT_MAX_COLUMNS, readCsv, sniffDelimiter } from './service';

const cell = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.constantFrom('', 'Winx', 'Zoë "Z" Zäh', 'a,b', 'two\nlines', '£1,250.50', '😀🏇', '\r\n'),
);
const quote = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

describe('readCsv', () => {
  it('reads the same records whatever the slices cut', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(cell, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 1, max: 64 }),
        fc.boolean(),
        async (rows, chunkBytes, bom) => {
          const text = (bom ? '\uFEFF' : '') + rows.map((r) => r.map(quote).join(',')).join('\r\n');
          const whole = parse(text, {
            bom: true,
            delimiter: sniffDelimiter(text),
            skip_empty_lines: true,
            relax_column_count: true,
          });
          expect(await readCsv(text, chunkBytes)).toEqual(whole);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses a line past the column limit, split or not', async () => {
    const text = `date,member\n${','.repeat(IMPORT_MAX_COLUMNS + 5)}\n`;
    for (const chunk of [3, 16 * 1024])
      await expect(readCsv(text, chunk)).rejects.toThrow(
        `Line 2 has more than ${IMPORT_MAX_COLUMNS} columns`,
      );
    await expect(readCsv('a,"b\n', 2)).rejects.toThrow(/^The file is not valid CSV/);
  });
});
