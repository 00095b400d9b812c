// One fresh database for the suite (TEST_DATABASE_URL's server, or an embedded cluster), a folder
// the test files write their figures into, and, at the end, one table of every figure (written
// into docs/reliability.md when RELIABILITY_WRITE_DOCS=1).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createTestDatabase } from '../../src/server/test/test-database';
import { type Figure, renderFigures } from './figures-table';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    figuresDir: string;
    quick: boolean;
  }
}

const root = path.resolve(import.meta.dirname, '../..');

export default async function setup(project: TestProject) {
  const started = Date.now();
  const quick = process.env.RELIABILITY_QUICK === '1';
  const database = await createTestDatabase('reliability');
  const figuresDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rs-figures-'));
  console.log(`Reliability suite (${quick ? 'quick' : 'full'} mode) on a fresh database (${database.kind}).`);
  project.provide('databaseUrl', database.url);
  project.provide('figuresDir', figuresDir);
  project.provide('quick', quick);

  return async () => {
    await database.drop();
    const figures: Figure[] = fs
      .readdirSync(figuresDir)
      .flatMap((f) => fs.readFileSync(path.join(figuresDir, f), 'utf8').split('\n'))
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Figure);
    fs.rmSync(figuresDir, { recursive: true, force: true });
    const table = renderFigures(figures, {
      mode: quick ? 'quick' : 'full',
      database: database.kind,
      seconds: Math.round((Date.now() - started) / 1000),
    });
    console.log(`\n${table}\n`);
    const out = path.join(os.tmpdir(), 'racing-syndicate-reliability.md');
    fs.writeFileSync(out, table);
    console.log(`Figures written to ${out}`);
    if (process.env.RELIABILITY_WRITE_DOCS === '1') writeDocs(table);
  };
}

/** Replaces the figures block of docs/reliability.md. */
function writeDocs(table: string) {
  const file = path.join(root, 'docs/reliability.md');
  const start = '<!-- figures:start -->';
  const end = '<!-- figures:end -->';
  const doc = fs.readFileSync(file, 'utf8');
  const a = doc.indexOf(start);
  const b = doc.indexOf(end);
  if (a < 0 || b < a) throw new Error(`docs/reliability.md has no ${start} … ${end} block`);
  fs.writeFileSync(file, `${doc.slice(0, a + start.length)}\n${table}\n${doc.slice(b)}`);
  console.log('docs/reliability.md updated.');
}
