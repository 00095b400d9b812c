// The assistant socket's protocol, client side (spec §7): a WebSocket at /ws on the same host
// (wss when the page is https); we send {type:'message', content, timestamp}; the server sends
// {type:'message', content, timestamp} or {type:'error', content}.

/** Spec §4/§9: a reconnect is flagged this long after the socket closes (ms). */
export const RECONNECT_DELAY_MS = 5000;

export type ConnectionState = 'idle' | 'connecting' | 'connected' | 'closed' | 'error';

export interface ChatMessage {
  id: number;
  role: 'user' | 'assistant';
  content: string;
  /** ISO date-time. */
  timestamp: string;
}

export type ServerEvent =
  | { type: 'message'; content: string; timestamp: string }
  | { type: 'error'; content: string | null }
  | { type: 'malformed' };

export function socketUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`;
}

/** Spec §5: trimmed; empty messages are not sent. */
export function outgoing(text: string, now: Date): string | null {
  const content = text.trim();
  return content ? JSON.stringify({ type: 'message', content, timestamp: now.toISOString() }) : null;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** Reads one server frame; anything unexpected is 'malformed' (only logged, spec §8). */
export function parseServerMessage(data: unknown, now: Date = new Date()): ServerEvent {
  if (typeof data !== 'string') return { type: 'malformed' };
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return { type: 'malformed' };
  }
  if (!isRecord(value)) return { type: 'malformed' };
  if (value.type === 'error') {
    return {
      type: 'error',
      content: typeof value.content === 'string' && value.content ? value.content : null,
    };
  }
  if (value.type === 'message' && typeof value.content === 'string') {
    const timestamp = typeof value.timestamp === 'string' ? value.timestamp : now.toISOString();
    return { type: 'message', content: value.content, timestamp };
  }
  return { type: 'malformed' };
}
