// The hub's reading of the bus (hub.ts): which sockets each event closes.
import { describe, expect, it } from 'vitest';
import { CLOSE_NO_SYNDICATE } from '../../shared/live';
import { Hub, type LiveSocket, OPEN } from './hub';

function socket(): LiveSocket & { closed: number | null } {
  const s = {
    readyState: OPEN,
    closed: null as number | null,
    send() {},
    close(code?: number) {
      s.closed = code ?? 1000;
    },
    on() {
      return s;
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
    hub.add(HASH, old, { syndicateId: 1, memberId: 10, live: true });
    // Opened after the move (the announcement reaches each instance a moment later).
    hub.add(HASH, since, { syndicateId: 2, memberId: 20, live: true });
    hub.apply({ type: 'session-moved', sessionHash: HASH, syndicateId: 2 });
    expect(old.closed).toBe(CLOSE_NO_SYNDICATE);
    expect(since.closed).toBeNull();
    expect(hub.count(HASH)).toBe(1);
    // Signing out still closes every one.
    hub.apply({ type: 'session-ended', sessionHash: HASH });
    expect(since.closed).not.toBeNull();
    expect(hub.count(HASH)).toBe(0);
  });
});
