// A hash of everything the production build is made from, to tell a stale build.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const INPUTS = ['src', 'package-lock.json', 'vite.config.ts', 'tsconfig.json', 'scripts/build.mjs'];

function walk(file, out) {
  const st = fs.statSync(file, { throwIfNoEntry: false });
  if (!st) return;
  if (st.isDirectory()) {
    for (const name of fs.readdirSync(file).sort()) {
      if (name === 'node_modules' || name.endsWith('.test.ts') || name.endsWith('.test.tsx')) continue;
      walk(path.join(file, name), out);
    }
  } else {
    out.push(file);
  }
}

export function sourceHash(root) {
  const files = [];
  for (const input of INPUTS) walk(path.join(root, input), files);
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(path.relative(root, file));
    hash.update('\0');
    hash.update(fs.readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}
