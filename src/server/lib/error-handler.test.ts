// Every error body is `{message, errors?}`, Fastify's and Node's own refusals included: a bad
// URL, a path parameter over Fastify's 100-character limit, unknown routes, malformed or
// oversized bodies, unsupported content types, and requests Node's parser refuses before
// Fastify sees them (malformed request line, URL or headers over 16 KB).

import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../test/harness';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => t.close());

/** The body has `message` (a non-empty string) and nothing but `errors` besides. */
function expectErrorBody(body: string) {
  const parsed = JSON.parse(body) as Record<string, unknown>;
  expect(typeof parsed.message).toBe('string');
  expect(String(parsed.message).length).toBeGreaterThan(0);
  expect(Object.keys(parsed).filter((k) => k !== 'message' && k !== 'errors')).toEqual([]);
  return parsed;
}

const json = { origin: TEST_ORIGIN, 'content-type': 'application/json' };

describe("Fastify's own refusals answer {message}", () => {
  it('a URL that is not valid percent-encoding → 400', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/races/%zz' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expectErrorBody(res.body);
  });

  it('a path parameter over 100 characters → 414', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/races/${'1'.repeat(200)}` });
    expect(res.statusCode).toBe(414);
    expectErrorBody(res.body);
  });

  it('an unknown API route → 404', async () => {
    const res = await t.app.inject({ method: 'PATCH', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(expectErrorBody(res.body)).toEqual({ message: 'Not found' });
  });

  it('malformed and empty JSON bodies → 400', async () => {
    for (const payload of ['{bad', '']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: json, payload });
      expect(res.statusCode).toBe(400);
      expectErrorBody(res.body);
    }
  });

  it('a body over 64 KB → 413', async () => {
    const payload = JSON.stringify({ email: 'x'.repeat(70_000), password: 'y' });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: json, payload });
    expect(res.statusCode).toBe(413);
    expectErrorBody(res.body);
  });

  it('an unsupported content type → 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(res.statusCode).toBe(415);
    expectErrorBody(res.body);
  });
});

/** Writes raw bytes to the server and returns what comes back before it closes the socket. */
function raw(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(answer));
  });
}

function parseRaw(answer: string) {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  const status = Number(head.split(' ')[1]);
  return { status, head, body };
}

describe("Node's parser refusals (before Fastify routes) answer {message}", () => {
  it('a malformed request line → 400', async () => {
    const { status, head, body } = parseRaw(await raw('GARBAGE\r\n\r\n'));
    expect(status).toBe(400);
    expect(head).toMatch(/content-type: application\/json/i);
    expectErrorBody(body);
  });

  it('a URL over 16 KB (Node limits the request line and headers together) → 431', async () => {
    const { status, body } = parseRaw(
      await raw(`GET /api/health?x=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`),
    );
    expect(status).toBe(431);
    expectErrorBody(body);
  });
});
