// Test helpers: a listening app and a small WebSocket client (the `ws` package, which
// @fastify/websocket depends on; it ships no types, so the part we use is typed here).
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import { TEST_ORIGIN } from '../test/harness';

interface WsClient {
  readonly readyState: number;
  send(data: string | Buffer, options?: { binary?: boolean }): void;
  close(): void;
  on(event: 'open', listener: () => void): this;
  on(event: 'message', listener: (data: Buffer) => void): this;
  on(event: 'close', listener: (code: number, reason: Buffer) => void): this;
  on(event: 'error', listener: (err: Error) => void): this;
}
type WsConstructor = new (url: string, options?: { headers?: Record<string, string> }) => WsClient;

const WebSocket: WsConstructor = createRequire(import.meta.url)('ws');

/** Starts the app on a loopback port; returns the ws:// address of /ws. */
export async function listen(app: FastifyInstance): Promise<string> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return `${address.replace(/^http/, 'ws')}/ws`;
}

export interface Opened {
  ws: WsClient;
  /** Resolves with the next message the server sends (parsed JSON). */
  next(timeoutMs?: number): Promise<{ type: string; content: string; timestamp?: string }>;
  /** Sends a question in the client's format and waits for the reply. */
  ask(content: string): Promise<{ type: string; content: string; timestamp?: string }>;
  closed: Promise<{ code: number; reason: string }>;
}

/** Connects; resolves once open, or rejects (ws says "Unexpected server response: <status>"). */
export function connect(url: string, cookie?: string, origin: string | null = TEST_ORIGIN): Promise<Opened> {
  const headers: Record<string, string> = {};
  if (origin) headers.origin = origin;
  if (cookie) headers.cookie = `sid=${cookie}`;
  const ws = new WebSocket(url, { headers });
  const inbox: string[] = [];
  const waiting: ((text: string) => void)[] = [];
  ws.on('message', (data) => {
    const text = data.toString();
    const w = waiting.shift();
    if (w) w(text);
    else inbox.push(text);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  const next = (timeoutMs = 5_000) =>
    new Promise<{ type: string; content: string; timestamp?: string }>((resolve, reject) => {
      const take = (text: string) => resolve(JSON.parse(text));
      const queued = inbox.shift();
      if (queued !== undefined) return take(queued);
      const timer = setTimeout(() => reject(new Error('no message from the server')), timeoutMs);
      waiting.push((text) => {
        clearTimeout(timer);
        take(text);
      });
    });
  const opened: Opened = {
    ws,
    next,
    ask(content) {
      ws.send(JSON.stringify({ type: 'message', content, timestamp: new Date().toISOString() }));
      return next();
    },
    closed,
  };
  return new Promise((resolve, reject) => {
    ws.on('open', () => resolve(opened));
    ws.on('error', (err) => reject(err));
  });
}
