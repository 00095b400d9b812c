// One fresh database for the suite (TEST_DATABASE_URL's server, or an embedded cluster), a folder
// the test files write their figures into, the dependency audit's figure (item 13), and, at the
// end, one table of every figure (written into docs/reliability.md when RELIABILITY_WRITE_DOCS=1).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createTestDatabase } from '../../src/server/test/test-database';
import { type Figure, recordFigure, renderFigures } from './figures-table';

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
  const figuresDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rs-figures-'));
  auditDependencies(figuresDir);
  const database = await createTestDatabase('reliability');
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

/**
 * Item 13: `npm audit --omit=dev` through scripts/audit.mjs (which CI also runs on its own). High or
 * critical advisories stop the suite. Where the registry's advisory endpoint cannot be reached (this
 * workplace's machines: a 405) the figure says UNAVAILABLE and is marked ✗, never a pass; it is a
 * figure rather than a test so that nothing is skipped. RELIABILITY_REQUIRE_AUDIT=1 makes an
 * unavailable audit stop the suite too.
 */
function auditDependencies(figuresDir: string) {
  const res = spawnSync(process.execPath, [path.join(root, 'scripts/audit.mjs')], {
    cwd: root,
    encoding: 'utf8',
    timeout: 150_000,
  });
  const text = `${res.stdout}${res.stderr}`.trim();
  const first = text.split('\n')[0] ?? '';
  const unavailable = res.status === 2;
  recordFigure(path.join(figuresDir, 'figures-audit.jsonl'), {
    item: 13,
    label: unavailable ? 'npm audit --omit=dev' : 'npm audit --omit=dev (high + critical)',
    value: unavailable ? `UNAVAILABLE — ${first}` : first,
    ok: res.status === 0,
  });
  // Test infrastructure reads the environment directly (as test-database.ts does).
  if (res.status !== 0 && (!unavailable || process.env.RELIABILITY_REQUIRE_AUDIT === '1')) {
    throw new Error(`Dependency audit (item 13) did not pass:\n${text}`);
  }
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
