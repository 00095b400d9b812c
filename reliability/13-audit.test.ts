// Item 13. `npm audit --omit=dev` (through scripts/audit.mjs, which CI runs too) must find no high
// or critical advisory. When the registry's audit endpoint cannot be reached the figure says so
// and the test is skipped with that note, never passed: RELIABILITY_REQUIRE_AUDIT=1 makes it fail.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { figure } from './support/figures';
import { root } from './support/server';

describe('dependency audit', () => {
  it('finds no high or critical advisory in production dependencies', (ctx) => {
    const res = spawnSync(process.execPath, [path.join(root, 'scripts/audit.mjs')], {
      cwd: root,
      encoding: 'utf8',
      timeout: 150_000,
    });
    const text = `${res.stdout}${res.stderr}`.trim();
    if (res.status === 2) {
      figure(13, 'npm audit --omit=dev', `UNAVAILABLE — ${text.split('\n')[0]}`, false);
      // Test infrastructure reads the environment directly (as test-database.ts does).
      if (process.env.RELIABILITY_REQUIRE_AUDIT === '1') throw new Error(text);
      ctx.skip(`audit endpoint unreachable: ${text.split('\n')[0]}`);
      return;
    }
    figure(13, 'npm audit --omit=dev (high + critical)', text.split('\n')[0] ?? '', res.status === 0);
    expect(res.status, text).toBe(0);
  });
});
