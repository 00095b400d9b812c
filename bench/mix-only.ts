// The issue-17 mix by hand, against a running app and its database (bench/seeded-server.ts prints
// both): seeds 10 syndicates of 5 signed-in members (200 bets each) once, keeping their sessions in
// MIX_FILE, then replays the dashboard's calls with a bet created and settled (bench/lib/bets-api.ts)
// and prints req/s and CPU a request of the app (APP_PID) and of PostgreSQL (the postmaster of
// DATABASE_URL's port, or PG_PID, and its children).
//   ORIGIN=… DATABASE_URL=… APP_PID=… npx tsx bench/mix-only.ts [seconds] [connections] [writes]
// With `writes`, only the bets created and settled (CPU a request is then CPU a write).
import fs from 'node:fs';
import pg from 'pg';
import { cpuMsOf, postgresCpuMs, postmasterOfUrl } from './lib/app-process';
import { betsMix, type MixMember, seedSyndicatesWithSessions } from './lib/bets-api';
import { DASHBOARD } from './lib/dashboard-calls';
import { vacuumAnalyze } from './lib/seed';

const origin = process.env.ORIGIN;
const url = process.env.DATABASE_URL;
const appPid = Number(process.env.APP_PID);
if (!origin || !url || !appPid) throw new Error('set ORIGIN, DATABASE_URL and APP_PID');
const file = process.env.MIX_FILE ?? '/tmp/rs-mix-members.json';
const seconds = Number(process.argv[2] ?? 8);
const connections = Number(process.argv[3] ?? 50);
const writesOnly = process.argv[4] === 'writes';

let members: MixMember[];
if (fs.existsSync(file)) members = JSON.parse(fs.readFileSync(file, 'utf8')) as MixMember[];
else {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  members = await seedSyndicatesWithSessions(db, { syndicates: 10, membersEach: 5, bets: 200 });
  await vacuumAnalyze(db);
  await db.end();
  fs.writeFileSync(file, JSON.stringify(members));
}
const postmaster = postmasterOfUrl(url);
const app0 = cpuMsOf(appPid);
const pg0 = postgresCpuMs(postmaster);
const r = await betsMix({
  url: origin,
  dashboard: writesOnly ? [] : DASHBOARD,
  members,
  connections,
  duration: seconds,
  readsAfterWrites: !writesOnly,
});
const n = Math.max(1, r.total);
console.log(
  `${writesOnly ? 'writes' : 'mix'}: ${r.rps.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms; app ${((cpuMsOf(appPid) - app0) / n).toFixed(3)} ms + pg ${((postgresCpuMs(postmaster) - pg0) / n).toFixed(3)} ms a request; ${r.writes} writes, ${r.writeFailures} refused, ${r.errors + r.non2xx} errors`,
);
