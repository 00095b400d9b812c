// A small WebSocket client for the suite (the `ws` package, which @fastify/websocket depends on;
// it ships no types, so the part used here is typed here).
import { createRequire } from 'node:module';

interface WsClient {
  readonly readyState: number;
  send(data: string | Buffer): void;
  close(): void;
  terminate(): void;
  on(event: 'open', listener: () => void): this;
  on(event: 'message', listener: (data: Buffer) => void): this;
  on(event: 'close', listener: (code: number, reason: Buffer) => void): this;
  on(event: 'error', listener: (err: Error) => void): this;
}
type WsConstructor = new (
  url: string,
  options?: { headers?: Record<string, string>; maxPayload?: number },
) => WsClient;
const WebSocket: WsConstructor = createRequire(import.meta.url)('ws');

export interface Socket {
  ws: WsClient;
  messages: { type: string; content: string }[];
  closed: Promise<{ code: number; reason: string }>;
  ask(content: string): void;
  /** Waits until `n` messages have arrived (or the time is up). */
  waitFor(n: number, timeoutMs?: number): Promise<boolean>;
}

/** Opens /ws; resolves once open, or rejects with the HTTP status of a refused upgrade. */
export function openSocket(url: string, headers: Record<string, string>): Promise<Socket> {
  const ws = new WebSocket(url, { headers });
  const messages: Socket['messages'] = [];
  ws.on('message', (data) => {
    try {
      messages.push(JSON.parse(data.toString()));
    } catch {
      messages.push({ type: 'unparsable', content: data.toString() });
    }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  const socket: Socket = {
    ws,
    messages,
    closed,
    ask: (content) =>
      ws.send(JSON.stringify({ type: 'message', content, timestamp: new Date().toISOString() })),
    async waitFor(n, timeoutMs = 15_000) {
      const until = Date.now() + timeoutMs;
      while (messages.length < n && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      return messages.length >= n;
    },
  };
  return new Promise((resolve, reject) => {
    ws.on('open', () => resolve(socket));
    ws.on('error', (err) => reject(err));
  });
}

/** The status of a refused upgrade ("Unexpected server response: 403" → 403), or 101 when it opened. */
export async function upgradeStatus(url: string, headers: Record<string, string>): Promise<number> {
  try {
    const s = await openSocket(url, headers);
    s.ws.close();
    return 101;
  } catch (err) {
    return Number(/(\d{3})/.exec((err as Error).message)?.[1] ?? 0);
  }
}
