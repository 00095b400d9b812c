import { load } from './lib/load';

const origin = process.env.ORIGIN!;
const cookie = process.env.SMALL_COOKIE!.replace(/^sid=/, 'sid=');
for (const [p, miss] of [
  ['/api/bets', true],
  ['/api/stats/syndicate', true],
  ['/api/bets', false],
] as const) {
  const r = await load({ url: origin, paths: [p], connections: 50, duration: 8, cookie, missCache: miss });
  console.log(p, miss ? 'miss' : 'hit', Math.round(r.rps), 'req/s p99', r.p99);
}
