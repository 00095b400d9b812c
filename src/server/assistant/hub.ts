// The open assistant sockets of one app instance, by session, and the per-user message rate.
// Logging out closes the session's sockets on every instance: the logout NOTIFYs
// SESSION_CLOSED_CHANNEL (auth/sessions.ts deleteSession), and each instance's hub closes that
// session's sockets when its app's notifier hears it (db/notifier.ts, socket.ts).
import type { Db } from '../db/client';
import { publish, SESSION_CLOSED_CHANNEL } from '../db/notifier';
import { RATE_LIMIT_MESSAGES, RATE_WINDOW_MS } from './protocol';

/** The part of a `ws` WebSocket the assistant uses (the package ships no types). */
export interface LiveSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  on(event: 'message', listener: (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => void): unknown;
  on(event: 'close', listener: () => void): unknown;
}

/** WebSocket.OPEN */
export const OPEN = 1;
/** Close codes (4000–4999 are the application's): the session ended, or the membership did. */
export const CLOSE_SIGNED_OUT = 4401;
export const CLOSE_NO_SYNDICATE = 4403;

export class Hub {
  private readonly bySession = new Map<string, Set<LiveSocket>>();
  /** Message times per user, in ms since the epoch, oldest first. */
  private readonly recent = new Map<number, number[]>();

  add(sessionHash: string, socket: LiveSocket) {
    let set = this.bySession.get(sessionHash);
    if (!set) {
      set = new Set();
      this.bySession.set(sessionHash, set);
    }
    set.add(socket);
  }

  remove(sessionHash: string, socket: LiveSocket) {
    const set = this.bySession.get(sessionHash);
    if (!set) return;
    set.delete(socket);
    if (set.size === 0) this.bySession.delete(sessionHash);
  }

  count(sessionHash: string): number {
    return this.bySession.get(sessionHash)?.size ?? 0;
  }

  closeSession(sessionHash: string, code = CLOSE_SIGNED_OUT, reason = 'Signed out') {
    const set = this.bySession.get(sessionHash);
    if (!set) return;
    this.bySession.delete(sessionHash);
    for (const socket of set) socket.close(code, reason);
  }

  /** Counts one message for the user; false when it is over the limit for the window. */
  allow(userId: number, nowMs: number): boolean {
    const times = (this.recent.get(userId) ?? []).filter((t) => nowMs - t < RATE_WINDOW_MS);
    const allowed = times.length < RATE_LIMIT_MESSAGES;
    if (allowed) times.push(nowMs);
    this.recent.set(userId, times);
    return allowed;
  }

  /** Drops rate entries with nothing left in the window (called from a timer). */
  sweep(nowMs: number) {
    for (const [userId, times] of this.recent) {
      if (times.every((t) => nowMs - t >= RATE_WINDOW_MS)) this.recent.delete(userId);
    }
  }

  closeAll() {
    for (const hash of [...this.bySession.keys()]) this.closeSession(hash, 1001, 'Server shutting down');
  }
}

/** Every hub of this process (tests build several apps in one process). */
export const hubs = new Set<Hub>();

/**
 * Closes the session's assistant sockets everywhere: in this process at once, and on every other
 * instance through PostgreSQL NOTIFY (what a logout does, through deleteSession). Never throws: a
 * failed NOTIFY must not fail the caller (the other instances also re-check the session on each
 * message).
 */
export async function closeSocketsForSession(db: Db, sessionHash: string): Promise<void> {
  for (const hub of hubs) hub.closeSession(sessionHash);
  await publish(db, SESSION_CLOSED_CHANNEL, sessionHash);
}
