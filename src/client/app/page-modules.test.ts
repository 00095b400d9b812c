// The server names each page's files in its shell from PAGE_MODULES (server/page-preloads.ts):
// it must list the same addresses and modules as the router loads.
import fs from 'node:fs';
import path from 'node:path';
import { PAGE_MODULES } from '@shared/page-modules';
import { expect, it } from 'vitest';

it('PAGE_MODULES lists the pages the router loads, each with its module', () => {
  const routes = fs.readFileSync(path.join(import.meta.dirname, 'routes.tsx'), 'utf8');
  const loaded = Object.fromEntries(
    [...routes.matchAll(/'(\/[\w-]*)':\s*\(\)\s*=>\s*import\('@\/([^']+)'\)/g)].map((m) => [
      m[1],
      `${m[2]}.tsx`,
    ]),
  );
  expect(Object.keys(loaded).length).toBeGreaterThan(5);
  expect(PAGE_MODULES).toEqual(loaded);
  for (const module of Object.values(PAGE_MODULES)) {
    expect(fs.existsSync(path.join(import.meta.dirname, '..', module)), module).toBe(true);
  }
});
