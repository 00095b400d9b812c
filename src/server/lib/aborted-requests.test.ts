// Attacks by clients that hang up before the answer (real HTTP against a listening app: an
// `inject` request cannot be aborted). Neither an aborted read nor an aborted write may leave
// anything behind in the process: no per-request state kept forever, nothing switched off, and
// the same session's next identical request answers at once.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { notifierOf } from '../db/notifier';
import { createTestApp, signUpWithSyndicate, TEST_ORIGIN, type TestApp } from '../test/harness';

let t: TestApp;
let port = 0;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => t.close());

/**
 * Sends a request on a raw socket and hangs up `afterMs` later, before the answer has been read
 * (the app is still working on it: the session lookup alone takes longer than that).
 */
function hangUp(method: 'GET' | 'POST', path: string, cookie: string, afterMs = 1): Promise<void> {
  const body = method === 'POST' ? '{}' : '';
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(
        `${method} ${path} HTTP/1.1\r\nhost: localhost:5000\r\norigin: ${TEST_ORIGIN}\r\n` +
          `cookie: sid=${cookie}\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body}`,
      );
      setTimeout(() => {
        socket.destroy();
        resolve();
      }, afterMs);
    });
    socket.on('error', () => resolve());
  });
}

/** Lets the app finish the requests whose clients hung up (ms). */
const settle = () => new Promise((r) => setTimeout(r, 300));

async function timedGet(path: string, cookie: string) {
  const t0 = performance.now();
  const res = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { cookie: `sid=${cookie}` } });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - t0 };
}

describe('clients that hang up', () => {
  it('aborted reads with long query strings leave nothing behind, and the same read answers at once', async () => {
    const { client } = await signUpWithSyndicate(t.app);
    const cookie = client.cookie ?? '';
    // A missing race answers 404: an answer that is not kept, as an error would be.
    const long = 'x'.repeat(4000);
    // Hanging up 0–4 ms after sending: some while the app still works on the request.
    for (let i = 0; i < 100; i++) await hangUp('GET', `/api/races/2147483000?q=${long}${i}`, cookie, i % 5);
    for (let i = 0; i < 10; i++) await hangUp('GET', '/api/races/2147483000?q=again', cookie, i % 5);
    await settle();
    const again = await timedGet('/api/races/2147483000?q=again', cookie);
    expect(again.status).toBe(404);
    expect(again.ms).toBeLessThan(500);
  });

  it('an aborted write leaves nothing switched off', async () => {
    const { client } = await signUpWithSyndicate(t.app);
    const cookie = client.cookie ?? '';
    await hangUp('POST', '/api/races', cookie);
    await settle();
    // Reads still reuse the session resolved a moment ago, as before the aborted write. (Other
    // test files' writes, announced on the same database, may clear it in between: retry.)
    let reused = false;
    for (let i = 0; i < 10 && !reused; i++) {
      await notifierOf(t.database.db)?.sync();
      expect((await client.get('/api/members/me')).statusCode).toBe(200);
      const queries = vi.spyOn(t.database.pool, 'query');
      try {
        expect((await client.get('/api/stats/syndicate')).statusCode).toBe(200);
        reused = !queries.mock.calls.some(([q]) => (q as { name?: string }).name === 'resolve_session');
      } finally {
        queries.mockRestore();
      }
    }
    expect(reused).toBe(true);
    // And the next write is answered at once (nothing waits on the aborted one).
    const t0 = performance.now();
    const date = new Date(Date.now() + 86_400_000).toISOString();
    expect((await client.post('/api/races', { name: 'After Cup', venue: 'Ascot', date })).statusCode).toBe(
      201,
    );
    expect(performance.now() - t0).toBeLessThan(500);
  });
});
