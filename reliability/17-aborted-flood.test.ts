// Item 17. Aborted-request flood: against the real server, a bounded loop of requests whose
// clients hang up before the answer — GETs with long (4 KB) query strings, of an existing list
// and of a missing race (a 404), and POSTs that create a race. Before issue 13 the read cache
// kept every aborted miss in its in-flight map for ever (memory grew until the process died, and
// the same read waited 2 s), and one aborted POST switched the cache off for good. The cache is
// gone (docs/performance.md, "No read cache"). Bars: the app's RSS grows by less than 50 MB, and
// right afterwards the same session's reads and writes answer at once.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { figure, isQuick } from './support/figures';
import { buildIsCurrent, HttpClient, must, type Server, startServer, waitHealthy } from './support/server';

/** RSS growth allowed over the whole flood (bytes). */
const MAX_GROWTH = 50 * 2 ** 20;
/** A read or write right after the flood must answer within this (ms). */
const FAST_MS = 500;
/** Requests in flight at once during the flood. */
const BATCH = 20;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rs-abort-'));
let server: Server;

beforeAll(async () => {
  server = await startServer({
    from: buildIsCurrent() ? 'build' : 'source',
    env: { DATABASE_URL: inject('databaseUrl'), DATA_DIR: dataDir },
  });
  await waitHealthy(server);
});
afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Sends one request on a socket of its own and hangs up `afterMs` later, answer unread. */
function hangUp(method: 'GET' | 'POST', url: string, cookie: string, body: string, afterMs: number) {
  return new Promise<void>((resolve) => {
    const socket = net.connect(server.port, '127.0.0.1', () => {
      socket.write(
        `${method} ${url} HTTP/1.1\r\nhost: 127.0.0.1:${server.port}\r\norigin: ${server.origin}\r\n` +
          `cookie: ${cookie}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
      setTimeout(() => {
        socket.destroy();
        resolve();
      }, afterMs);
    });
    socket.on('error', () => resolve());
  });
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const t0 = performance.now();
  const value = await work();
  return { value, ms: performance.now() - t0 };
}

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

describe('aborted-request flood', () => {
  it('leaves memory flat and the next requests fast', async () => {
    const seconds = isQuick() ? 5 : 30;
    const user = new HttpClient(server.origin);
    await must(
      user.post('/api/auth/register', {
        name: 'Flood Tester',
        email: `flood-${Date.now()}@example.test`,
        password: 'a long enough passphrase',
      }),
      201,
    );
    await must(user.post('/api/syndicates', { name: 'Flood Club' }), 201);
    const date = new Date(Date.now() + 86_400_000).toISOString();
    const raceBody = (i: number) => JSON.stringify({ name: `Flood Cup ${i}`, venue: 'Ascot', date });
    // Warm up (first compilations, pool connections), then measure from there.
    for (let i = 0; i < 50; i++) await must(user.get('/api/races'), 200);
    await new Promise((r) => setTimeout(r, 1000));
    const before = server.rss();

    let sent = 0;
    let gets = 0;
    let posts = 0;
    const until = Date.now() + seconds * 1000;
    const pad = 'q'.repeat(4000);
    while (Date.now() < until) {
      await Promise.all(
        Array.from({ length: BATCH }, (_, k) => {
          const n = sent++;
          const afterMs = n % 5; // 0–4 ms: many while the app is still at work on them
          if (k % 4 === 3) {
            posts++;
            return hangUp('POST', '/api/races', user.cookie, raceBody(n), afterMs);
          }
          gets++;
          const url = k % 2 ? `/api/races/2147483000?q=${pad}${n}` : `/api/races?q=${pad}${n}`;
          return hangUp('GET', url, user.cookie, '', afterMs);
        }),
      );
    }
    await new Promise((r) => setTimeout(r, 1000)); // the app finishes what it was doing
    const after = server.rss();
    const growth = after - before;

    const read = await timed(() => user.get('/api/races'));
    const sameAsAborted = await timed(() => user.get(`/api/races/2147483000?q=${pad}1`));
    const write = await timed(() => user.post('/api/races', JSON.parse(raceBody(-1))));
    const health = await timed(() => fetch(`${server.origin}/api/health`));

    figure(
      17,
      `Aborted-request flood (${seconds} s, ${BATCH} at a time): requests sent and hung up on`,
      `${sent.toLocaleString('en-US')} (${gets.toLocaleString('en-US')} GETs with 4 KB query strings, ${posts.toLocaleString('en-US')} POSTs)`,
    );
    figure(
      17,
      'Aborted-request flood: app RSS before / after (growth ≤ 50 MB)',
      `${mb(before)} / ${mb(after)} (${growth >= 0 ? '+' : ''}${mb(growth)})`,
      growth <= MAX_GROWTH,
    );
    const fastOk =
      read.value.status === 200 &&
      sameAsAborted.value.status === 404 &&
      write.value.status === 201 &&
      Math.max(read.ms, sameAsAborted.ms, write.ms) < FAST_MS;
    figure(
      17,
      `Aborted-request flood: right after, a GET / the same GET as an aborted one / a POST (each < ${FAST_MS} ms)`,
      `${read.value.status} in ${read.ms.toFixed(0)} ms / ${sameAsAborted.value.status} in ${sameAsAborted.ms.toFixed(0)} ms / ${write.value.status} in ${write.ms.toFixed(0)} ms`,
      fastOk,
    );

    expect(health.value.status).toBe(200);
    expect(growth).toBeLessThanOrEqual(MAX_GROWTH);
    expect(fastOk).toBe(true);
  });
});
