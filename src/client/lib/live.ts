// Live updates, client side (issue 17; shared/live.ts has the protocol): which TanStack Query keys
// each announced entity stands for, how a frame is read, and when it is told in a toast.
import { LIVE_ENTITIES, LIVE_QUERY, type LiveEntity, type LiveMessage } from '@shared/live';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { queryKeys } from './query-keys';

/** Every key an entity's change makes stale (prefixes: each refreshes every variant under it). */
export const LIVE_QUERY_KEYS: Record<LiveEntity, readonly QueryKey[]> = {
  bets: [queryKeys.bets],
  stats: [queryKeys.syndicateStats],
  rankings: [queryKeys.topPerformers.all],
  members: [queryKeys.members, queryKeys.myMember],
  races: [queryKeys.races],
  reminders: [queryKeys.reminders],
  bank: [queryKeys.bank.all],
  insights: [queryKeys.insights.all],
  activity: [queryKeys.activity.all, queryKeys.audit.all],
  settings: [queryKeys.settings, queryKeys.syndicates, queryKeys.racingStatus],
  plans: [queryKeys.plans],
  subscriptions: [queryKeys.memberSubscriptions.all],
  rotation: [queryKeys.rotation.all, queryKeys.nextBet],
  preferences: [queryKeys.preferences],
};

/** The app-wide socket's address: the assistant's /ws, asking for live frames. */
export function liveSocketUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws?${LIVE_QUERY}`;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isEntity = (v: unknown): v is LiveEntity => LIVE_ENTITIES.includes(v as LiveEntity);

/** Reads one frame; null for anything else (an unknown entity name is dropped, not trusted). */
export function parseLiveMessage(data: unknown): LiveMessage | null {
  if (typeof data !== 'string') return null;
  let v: unknown;
  try {
    v = JSON.parse(data);
  } catch {
    return null;
  }
  if (!isRecord(v)) return null;
  if (v.type === 'resync') return { type: 'resync' };
  if (v.type !== 'changed' || !Array.isArray(v.entities)) return null;
  const actorMemberId = typeof v.actorMemberId === 'number' ? v.actorMemberId : null;
  return {
    type: 'changed',
    entities: v.entities.filter(isEntity),
    actorMemberId,
    ...(typeof v.summary === 'string' && v.summary ? { summary: v.summary } : {}),
  };
}

/** Marks the entities' queries stale; those on screen refetch now, the rest when next shown. */
export function invalidateEntities(queryClient: QueryClient, entities: Iterable<LiveEntity>) {
  const keys = new Set<readonly unknown[]>();
  for (const entity of entities) for (const key of LIVE_QUERY_KEYS[entity]) keys.add(key);
  return Promise.all([...keys].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** Others' settlements and payments are told (never one's own), unless the user muted them. */
export function toastFor(
  message: LiveMessage,
  me: { memberId: number | undefined; muted: boolean },
): string | null {
  if (message.type !== 'changed' || !message.summary || me.muted) return null;
  if (me.memberId !== undefined && message.actorMemberId === me.memberId) return null;
  return message.summary;
}

/** Reconnect delays: 1 s doubling to 30 s, with up to a quarter more at random (no stampede). */
export function reconnectDelay(attempt: number, random = Math.random): number {
  const base = Math.min(1_000 * 2 ** attempt, 30_000);
  return Math.round(base * (1 + random() / 4));
}
