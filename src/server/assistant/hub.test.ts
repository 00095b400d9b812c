// The hub's reading of the bus (hub.ts): which sockets each event closes.
import { describe, expect, it } from 'vitest';
import { CLOSE_NO_SYNDICATE } from '../../shared/live';
import { Hub, type LiveSocket, OPEN } from './hub';

function socket(): LiveSocket & { closed: number | null; pings: number; terminated: boolean; pong(): void } {
  const pongs: (() => void)[] = [];
  const s = {
    readyState: OPEN,
    closed: null as number | null,
    pings: 0,
    terminated: false,
    send() {},
    close(code?: number) {
      s.closed = code ?? 1000;
    },
    ping() {
      s.pings += 1;
    },
    terminate() {
      s.terminated = true;
    },
    on(event: string, listener: (...args: never[]) => void) {
      if (event === 'pong') pongs.push(listener as () => void);
      return s;
    },
    /** The client answers the last ping. */
    pong() {
      for (const listener of pongs) listener();
    },
  };
  return s;
}

const HASH = 'a'.repeat(64);

describe('Hub', () => {
  it('a session moved to another syndicate closes its sockets of the old one, not one opened since in the new one', () => {
    const hub = new Hub();
    const old = socket();
    const since = socket();
    hub.add(HASH, old, { syndicateId: 1, memberId: 10, userId: 1, live: true });
    // Opened after the move (the announcement reaches each instance a moment later).
    hub.add(HASH, since, { syndicateId: 2, memberId: 20, userId: 1, live: true });
    hub.apply({ type: 'session-moved', sessionHash: HASH, syndicateId: 2 });
    expect(old.closed).toBe(CLOSE_NO_SYNDICATE);
    expect(since.closed).toBeNull();
    expect(hub.count(HASH)).toBe(1);
    // Signing out still closes every one.
    hub.apply({ type: 'session-ended', sessionHash: HASH });
    expect(since.closed).not.toBeNull();
    expect(hub.count(HASH)).toBe(0);
  });

  it('the heartbeat drops a socket that did not answer the last ping, and keeps those that did', () => {
    const hub = new Hub();
    const answering = socket();
    const gone = socket();
    hub.add(HASH, answering, { syndicateId: 1, memberId: 10, userId: 1, live: true });
    hub.add(HASH, gone, { syndicateId: 1, memberId: 10, userId: 1, live: true });
    hub.beat();
    expect([answering.pings, gone.pings]).toEqual([1, 1]);
    answering.pong();
    hub.beat();
    expect(gone.terminated).toBe(true);
    expect(answering.terminated).toBe(false);
    expect(answering.pings).toBe(2);
    expect(hub.count(HASH)).toBe(1);
    // Live frames go to the one left; the dropped one gets nothing more.
    answering.pong();
    hub.beat();
    expect(answering.terminated).toBe(false);
    expect(gone.pings).toBe(1);
  });
});
