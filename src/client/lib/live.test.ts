import { LIVE_ENTITIES } from '@shared/live';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  invalidateEntities,
  LIVE_QUERY_KEYS,
  liveSocketUrl,
  parseLiveMessage,
  reconnectDelay,
  toastFor,
} from './live';
import { queryKeys } from './query-keys';

describe('live updates (client)', () => {
  it('reads changed and resync frames, and drops unknown entities and anything else', () => {
    expect(
      parseLiveMessage(
        JSON.stringify({
          type: 'changed',
          entities: ['bets', 'nope', 'stats'],
          summary: 'Carol settled Winx',
          actorMemberId: 3,
        }),
      ),
    ).toEqual({
      type: 'changed',
      entities: ['bets', 'stats'],
      summary: 'Carol settled Winx',
      actorMemberId: 3,
    });
    expect(
      parseLiveMessage(JSON.stringify({ type: 'changed', entities: ['races'], actorMemberId: null })),
    ).toEqual({
      type: 'changed',
      entities: ['races'],
      actorMemberId: null,
    });
    expect(parseLiveMessage('{"type":"resync"}')).toEqual({ type: 'resync' });
    for (const bad of ['', 'nope', '[]', '{"type":"message","content":"hi"}', '{"type":"changed"}']) {
      expect(parseLiveMessage(bad)).toBeNull();
    }
  });

  it('maps every entity to keys, and invalidates exactly those', async () => {
    for (const entity of LIVE_ENTITIES) expect(LIVE_QUERY_KEYS[entity].length).toBeGreaterThan(0);
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
    const keys = [
      queryKeys.bets,
      queryKeys.raceBets(4),
      queryKeys.syndicateStats,
      queryKeys.races,
      queryKeys.reminders,
    ];
    for (const key of keys) client.setQueryData(key, []);
    await invalidateEntities(client, ['bets', 'stats']);
    const stale = keys.map((key) => client.getQueryState(key)?.isInvalidated);
    expect(stale).toEqual([true, true, true, false, false]);
  });

  it('toasts others’ settlements and payments only, unless muted', () => {
    const settled = {
      type: 'changed' as const,
      entities: ['bets' as const],
      summary: 'Carol settled Winx: won $40.00',
      actorMemberId: 7,
    };
    expect(toastFor(settled, { memberId: 2, muted: false })).toBe('Carol settled Winx: won $40.00');
    expect(toastFor(settled, { memberId: 7, muted: false })).toBeNull();
    expect(toastFor(settled, { memberId: 2, muted: true })).toBeNull();
    expect(toastFor({ ...settled, actorMemberId: null }, { memberId: 2, muted: false })).toBe(
      settled.summary,
    );
    const { summary: _s, ...plain } = settled;
    expect(toastFor(plain, { memberId: 2, muted: false })).toBeNull();
  });

  it('connects to /ws with live=1 (wss on https) and backs off from 1 s to 30 s', () => {
    expect(liveSocketUrl({ protocol: 'https:', host: 'club.example' })).toBe('wss://club.example/ws?live=1');
    expect(liveSocketUrl({ protocol: 'http:', host: 'localhost:5000' })).toBe(
      'ws://localhost:5000/ws?live=1',
    );
    expect([0, 1, 2, 10].map((n) => reconnectDelay(n, () => 0))).toEqual([1_000, 2_000, 4_000, 30_000]);
    expect(reconnectDelay(10, () => 1)).toBe(37_500);
  });
});
