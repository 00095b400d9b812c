// Bench for issue 16 at 100,000 bets: each insights call's latency (one request at a time, as a
// member opening the Insights page meets it), the bets export (time, size, the app's RSS growth
// while it streams) and a 10,000-row CSV import (dry run and real import).
import http from 'node:http';
import { rssOf } from './app-process';
import { BROWSER_HEADERS } from './load';

export interface Latency {
  p50: number;
  p99: number;
  n: number;
  non2xx: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/** `count` GETs of one path, one after another, on a kept-alive connection (ms). */
export async function sequentialLatency(origin: string, path: string, cookie: string, count: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  let non2xx = 0;
  try {
    for (let i = 0; i < count; i++) {
      const t0 = performance.now();
      const status = await new Promise<number>((resolve, reject) => {
        const req = http.get(
          `${origin}${path}`,
          { agent, headers: { ...BROWSER_HEADERS, cookie } },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
      });
      times.push(performance.now() - t0);
      if (status < 200 || status >= 300) non2xx++;
    }
  } finally {
    agent.destroy();
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), n: count, non2xx } satisfies Latency;
}

/** Downloads the bets CSV (uncompressed, as a spreadsheet user's browser would save it). */
export async function exportBets(origin: string, cookie: string, appPid: number) {
  const rss0 = rssOf(appPid);
  let peak = rss0;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssOf(appPid));
  }, 20);
  const t0 = performance.now();
  let bytes = 0;
  let lines = 0;
  try {
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.get(`${origin}/api/export/bets.csv`, { headers: { cookie } }, (res) => {
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          for (const b of chunk) if (b === 10) lines++;
        });
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      });
      req.on('error', reject);
    });
    if (status !== 200) throw new Error(`export answered ${status}`);
  } finally {
    clearInterval(timer);
  }
  const ms = performance.now() - t0;
  peak = Math.max(peak, rssOf(appPid));
  return { ms, bytes, rows: lines - 1, rssGrowth: peak - rss0 };
}

/** A CSV of `rows` bets for the admin `member` (races repeat, so most are matched, not created). */
export function importCsv(rows: number, member: string): string {
  const out = ['date,member,horse,race,venue,bet type,odds,odds type,stake,status,jockey'];
  for (let i = 0; i < rows; i++) {
    const day = new Date(Date.UTC(2029, 0, 1) + (i % 200) * 86_400_000).toISOString().slice(0, 10);
    const status = i % 10 === 0 ? 'pending' : i % 3 === 0 ? 'win' : 'loss';
    out.push(
      `${day},${member},Import Horse ${i % 997},Import Race ${i % 200},Flemington,win,${(1.5 + (i % 90) / 10).toFixed(2)},fixed,${5 + (i % 50)},${status},J. Rider`,
    );
  }
  return `${out.join('\n')}\n`;
}

/** POST /api/import/bets with the CSV (dry run or real); the time and the answer's status. */
export async function importBets(origin: string, cookie: string, csv: string, dryRun: boolean) {
  const t0 = performance.now();
  const res = await fetch(`${origin}/api/import/bets?dryRun=${dryRun}`, {
    method: 'POST',
    headers: { 'content-type': 'text/csv', origin, cookie },
    body: csv,
  });
  const body = (await res.json()) as { imported?: number; valid?: number; errors?: unknown[] };
  return { ms: performance.now() - t0, status: res.status, body };
}
