// What each of the mix's reads costs on its own, by hand against a running app (bench/seeded-server.ts)
// and the mix's members (bench/mix-only.ts seeds them into MIX_FILE first): for each of the dashboard's
// calls in turn, 50 connections for a few seconds, every request signed in as the next member (of 10
// syndicates), and the app's and PostgreSQL's CPU a request.
//   ORIGIN=… DATABASE_URL=… APP_PID=… npx tsx bench/per-endpoint.ts [seconds] [connections]
import fs from 'node:fs';
import autocannon, { type Request } from 'autocannon';
import { cpuMsOf, postgresCpuMs, postmasterOfUrl } from './lib/app-process';
import type { MixMember } from './lib/bets-api';
import { DASHBOARD } from './lib/dashboard-calls';
import { BROWSER_HEADERS } from './lib/load';

const origin = process.env.ORIGIN;
const url = process.env.DATABASE_URL;
const appPid = Number(process.env.APP_PID);
if (!origin || !url || !appPid) throw new Error('set ORIGIN, DATABASE_URL and APP_PID');
const members = JSON.parse(
  fs.readFileSync(process.env.MIX_FILE ?? '/tmp/rs-mix-members.json', 'utf8'),
) as MixMember[];
const seconds = Number(process.argv[2] ?? 4);
const connections = Number(process.argv[3] ?? 50);
const postmaster = postmasterOfUrl(url);

let next = 0;
for (const path of DASHBOARD) {
  const app0 = cpuMsOf(appPid);
  const pg0 = postgresCpuMs(postmaster);
  const r = await autocannon({
    url: origin,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'GET',
        path,
        setupRequest: (req: Request) => ({
          ...req,
          headers: { ...BROWSER_HEADERS, cookie: members[next++ % members.length]!.cookie },
        }),
      },
    ],
  });
  const n = Math.max(1, r.requests.total);
  console.log(
    `${path.padEnd(60)} ${String(Math.round(r.requests.average)).padStart(6)} req/s p99 ${String(r.latency.p99).padStart(4)} ms; app ${((cpuMsOf(appPid) - app0) / n).toFixed(3)} + pg ${((postgresCpuMs(postmaster) - pg0) / n).toFixed(3)} ms; non-2xx ${r.non2xx}`,
  );
}
