// The open /ws sockets of one app instance, by session, and the per-user message rate. The hub
// follows the event bus (realtime/bus.ts, on every instance; socket.ts subscribes): a sign-out
// closes the session's sockets, a session moved to another syndicate closes them (the browser
// reconnects into the new one), a member removed or deactivated closes that member's, and a
// committed write is pushed to the live sockets of its syndicate, and a user's changed preferences
// to that user's live sockets.
import { CLOSE_NO_SYNDICATE, CLOSE_SIGNED_OUT, type LiveMessage, REMOVED_REASON } from '../../shared/live';
import type { BusEvent } from '../realtime/bus';
import { RATE_LIMIT_MESSAGES, RATE_WINDOW_MS } from './protocol';

/** The part of a `ws` WebSocket the assistant uses (the package ships no types). */
export interface LiveSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  ping(): void;
  terminate(): void;
  on(event: 'message', listener: (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => void): unknown;
  on(event: 'close' | 'pong', listener: () => void): unknown;
}

/** WebSocket.OPEN */
export const OPEN = 1;

/** The syndicate membership a socket was opened in, and whether it asked for live frames. */
export interface SocketScope {
  syndicateId: number;
  memberId: number;
  /** The signed-in user (their own preferences are pushed to every syndicate's sockets of theirs). */
  userId: number;
  live: boolean;
}

export class Hub {
  private readonly bySession = new Map<string, Set<LiveSocket>>();
  private readonly scopes = new Map<LiveSocket, SocketScope>();
  /** Message times per user, in ms since the epoch, oldest first. */
  private readonly recent = new Map<number, number[]>();
  /** Sockets pinged by the last beat that have not answered yet. */
  private readonly unanswered = new Set<LiveSocket>();

  add(sessionHash: string, socket: LiveSocket, scope?: SocketScope) {
    let set = this.bySession.get(sessionHash);
    if (!set) {
      set = new Set();
      this.bySession.set(sessionHash, set);
    }
    set.add(socket);
    if (scope) this.scopes.set(socket, scope);
    socket.on('pong', () => this.unanswered.delete(socket));
  }

  remove(sessionHash: string, socket: LiveSocket) {
    this.scopes.delete(socket);
    this.unanswered.delete(socket);
    const set = this.bySession.get(sessionHash);
    if (!set) return;
    set.delete(socket);
    if (set.size === 0) this.bySession.delete(sessionHash);
  }

  /** Applies one event of the bus (see the top of the file). */
  apply(event: BusEvent) {
    switch (event.type) {
      case 'session-ended':
        return this.closeSession(event.sessionHash);
      case 'session-moved':
        return this.closeSession(
          event.sessionHash,
          CLOSE_NO_SYNDICATE,
          'The syndicate changed',
          (scope) => scope?.syndicateId !== event.syndicateId,
        );
      case 'member-removed':
        return this.closeWhere(
          (s) => s.syndicateId === event.syndicateId && s.memberId === event.memberId,
          CLOSE_NO_SYNDICATE,
          REMOVED_REASON,
        );
      case 'changed': {
        const { entities, summary, actorMemberId } = event;
        const message: LiveMessage = {
          type: 'changed',
          entities,
          actorMemberId,
          ...(summary ? { summary } : {}),
        };
        return this.sendWhere((s) => s.live && s.syndicateId === event.syndicateId, message);
      }
      case 'preferences-changed':
        return this.sendWhere((s) => s.live && s.userId === event.userId, {
          type: 'changed',
          entities: ['preferences'],
          actorMemberId: null,
        });
      case 'resync':
        return this.sendWhere((s) => s.live, { type: 'resync' });
    }
  }

  private sendWhere(match: (scope: SocketScope) => boolean, message: LiveMessage) {
    const text = JSON.stringify(message);
    for (const [socket, scope] of this.scopes) {
      if (match(scope) && socket.readyState === OPEN) socket.send(text);
    }
  }

  private closeWhere(match: (scope: SocketScope) => boolean, code: number, reason: string) {
    for (const [socket, scope] of [...this.scopes]) {
      if (match(scope)) socket.close(code, reason);
    }
  }

  count(sessionHash: string): number {
    return this.bySession.get(sessionHash)?.size ?? 0;
  }

  /** Closes the session's sockets (those `which` picks by the syndicate they were opened in). */
  closeSession(
    sessionHash: string,
    code = CLOSE_SIGNED_OUT,
    reason = 'Signed out',
    which: (scope: SocketScope | undefined) => boolean = () => true,
  ) {
    const set = this.bySession.get(sessionHash);
    if (!set) return;
    for (const socket of [...set]) {
      if (!which(this.scopes.get(socket))) continue;
      set.delete(socket);
      this.scopes.delete(socket);
      socket.close(code, reason);
    }
    if (set.size === 0) this.bySession.delete(sessionHash);
  }

  /** Counts one message for the user; false when it is over the limit for the window. */
  allow(userId: number, nowMs: number): boolean {
    const times = (this.recent.get(userId) ?? []).filter((t) => nowMs - t < RATE_WINDOW_MS);
    const allowed = times.length < RATE_LIMIT_MESSAGES;
    if (allowed) times.push(nowMs);
    this.recent.set(userId, times);
    return allowed;
  }

  /**
   * The heartbeat (called from a timer): a socket that has not answered the last ping is dropped,
   * the others are pinged again. A phone that changed networks leaves its socket open on our side
   * with no one behind it; without this, such sockets counted against the session's limit for as
   * long as the kernel kept them (found by probing, 2026-12-02: five of them refused every new
   * socket, 429, until torn down), and live frames went to no one.
   */
  beat() {
    for (const [sessionHash, set] of [...this.bySession]) {
      for (const socket of [...set]) {
        if (this.unanswered.has(socket)) {
          this.remove(sessionHash, socket);
          socket.terminate();
        } else {
          this.unanswered.add(socket);
          socket.ping();
        }
      }
    }
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
