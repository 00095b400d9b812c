#!/usr/bin/env node
// npm run test:reliability [-- --quick] [-- --write-docs] [-- <vitest filters>]
// --quick: shorter load (30 s instead of 60 s) and fewer crash cycles' worth of waiting; every
// bar still has to hold. --write-docs: put the figures table into docs/reliability.md.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const env = { ...process.env };
const rest = [];
for (const arg of args) {
  if (arg === '--quick') env.RELIABILITY_QUICK = '1';
  else if (arg === '--write-docs') env.RELIABILITY_WRITE_DOCS = '1';
  else rest.push(arg);
}
const result = spawnSync(
  process.execPath,
  [
    path.join(root, 'node_modules/vitest/vitest.mjs'),
    'run',
    '--config',
    'vitest.reliability.config.ts',
    ...rest,
  ],
  { cwd: root, env, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
