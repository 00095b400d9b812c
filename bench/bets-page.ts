// The bets page at 100,000 bets (issue 17 §4), by hand against bench/seeded-server.ts:
//   npx tsx bench/seeded-server.ts            (prints ORIGIN and BIG_COOKIE; BIG_BETS=100000)
//   ORIGIN=… BIG_COOKIE='…' npx tsx bench/bets-page.ts [runs]
// Lighthouse (mobile preset, devtools throttling) for the first rows' mark, then a scroll at 4×
// CPU slowdown at 390 px (cards) and 1440 px (table), counting long tasks. npm run bench runs the
// same functions (bench/lib/frontend.ts).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { betsPageLighthouse, betsPageScroll } from './lib/frontend';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const origin = process.env.ORIGIN;
const cookie = process.env.BIG_COOKIE;
if (!origin || !cookie) throw new Error('set ORIGIN and BIG_COOKIE (from bench/seeded-server.ts)');
const runs = Number(process.argv[2] ?? 3);

for (let i = 0; i < runs; i++) {
  const lh = await betsPageLighthouse(root, origin, cookie);
  console.log(
    `Lighthouse /bets run ${i + 1}: first rows ${lh.firstRowsMs === null ? 'never' : `${Math.round(lh.firstRowsMs)} ms`}; performance ${lh.performance}; ${lh.metrics}`,
  );
}
for (const [label, viewport] of [
  ['390 px (cards)', { width: 390, height: 844, mobile: true }],
  ['1440 px (table)', { width: 1440, height: 900, mobile: false }],
] as const) {
  const s = await betsPageScroll(origin, cookie, viewport);
  console.log(
    `Scroll ${label}, 4× CPU: ${s.loaded} bets loaded in ${s.pages + 1} pages; ${s.longTasks} long tasks while scrolling (longest ${s.longestMs} ms); first rows at ${s.firstRowsMs ?? '?'} ms`,
  );
}
