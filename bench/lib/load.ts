// Load: autocannon in this process against loopback; the bare node:http hello-world baseline
// as its own child process (so it gets a core of its own, like the app does).
import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import autocannon from 'autocannon';

export interface LoadResult {
  /** requests per second (mean over the run) */
  rps: number;
  /** ms */
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  total: number;
}

/** Like a browser: compressed responses accepted. */
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br', accept: 'application/json' };

export async function load(opts: {
  url: string;
  paths: string[];
  cookie?: string;
  connections: number;
  /** seconds */
  duration: number;
}): Promise<LoadResult> {
  const headers: Record<string, string> = {
    ...BROWSER_HEADERS,
    ...(opts.cookie ? { cookie: opts.cookie } : {}),
  };
  const result = await autocannon({
    url: opts.url,
    connections: opts.connections,
    duration: opts.duration,
    headers,
    requests: opts.paths.map((p) => ({ method: 'GET', path: p })),
  });
  return {
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    total: result.requests.total,
  };
}

const BASELINE_SOURCE = `
const http = require('node:http');
const server = http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'text/plain' });
  res.end('Hello, world!');
});
server.listen(Number(process.argv[1]), '127.0.0.1', () => process.send && process.send('ready'));
`;

/** The bare node:http hello-world server: started, loaded like the app, stopped. */
export async function baseline(port: number, connections: number, duration: number): Promise<LoadResult> {
  const child: ChildProcess = spawn(process.execPath, ['-e', BASELINE_SOURCE, String(port)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    await new Promise<void>((resolve, reject) => {
      child.once('message', () => resolve());
      child.once('exit', (code) => reject(new Error(`baseline exited (${code})`)));
    });
    return await load({ url: `http://127.0.0.1:${port}`, paths: ['/'], connections, duration });
  } finally {
    child.kill('SIGTERM');
  }
}

/**
 * Time for whole dashboard loads, one after another: each load fires every call at once over at
 * most 6 connections (a browser's per-host limit), and ends when the last answer is read (ms).
 */
export async function dashboardLoadTimes(origin: string, paths: string[], cookie: string, loads: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 6 });
  const get = (p: string) =>
    new Promise<void>((resolve, reject) => {
      const req = http.get(`${origin}${p}`, { agent, headers: { ...BROWSER_HEADERS, cookie } }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`${p}: ${res.statusCode}`));
        res.resume();
        res.on('end', () => resolve());
      });
      req.on('error', reject);
    });
  const times: number[] = [];
  try {
    for (let i = 0; i < loads; i++) {
      const t0 = performance.now();
      await Promise.all(paths.map(get));
      times.push(performance.now() - t0);
    }
  } finally {
    agent.destroy();
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  return { p50: at(0.5), p99: at(0.99) };
}
