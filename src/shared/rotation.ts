// Whose turn it is to place the bet on each upcoming race. Pure: the server gathers the
// active members (join order), the upcoming races (date order), the member of the most recent
// bet and the manual pick, and this decides.
import { z } from 'zod';
import { MAX_ID } from './member';
import type { RotationStrategy } from './settings';

export const ROTATION_COUNT_MAX = 20;
export const ROTATION_COUNT_DEFAULT = 3;

export interface RotationMember {
  id: number;
  name: string;
  initials: string;
}

export interface RotationRace {
  id: number;
  name: string;
  venue: string;
  /** ISO date-time. */
  date: string;
}

export interface RotationInput<R extends RotationRace = RotationRace> {
  strategy: RotationStrategy;
  syndicateId: number;
  /** Active members (is_active and not archived) in join order (ascending id). */
  members: readonly RotationMember[];
  /** Upcoming races, date ascending. */
  races: readonly R[];
  /** Member of the most recent bet (by date, then id), or null with no bets. */
  lastBetMemberId: number | null;
  /** The member an admin picked for the manual strategy, or null. */
  manualMemberId: number | null;
}

export interface RotationItem<R extends RotationRace = RotationRace> {
  race: R;
  member: RotationMember;
}

/** FNV-1a, 32-bit: a small stable hash, the same on every server and browser. */
export function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** Index of the member who follows the last bettor in join order (wrapping round). */
function sequentialStart(members: readonly RotationMember[], lastBetMemberId: number | null): number {
  if (lastBetMemberId === null) return 0;
  // The last bettor may since have left or gone inactive: start with whoever joined after them.
  const next = members.findIndex((m) => m.id > lastBetMemberId);
  return next === -1 ? 0 : next;
}

/** Each race paired with the member whose turn it is; empty with no active members. */
export function rotate<R extends RotationRace>(input: RotationInput<R>): RotationItem<R>[] {
  const { members, races } = input;
  if (members.length === 0) return [];
  const manual = input.strategy === 'manual' ? members.find((m) => m.id === input.manualMemberId) : undefined;
  if (manual) return races.map((race) => ({ race, member: manual }));
  if (input.strategy === 'random') {
    return races.map((race) => ({
      race,
      member: members[stableHash(`${input.syndicateId}:${race.date}`) % members.length]!,
    }));
  }
  // sequential, and manual with no (longer valid) pick
  const start = sequentialStart(members, input.lastBetMemberId);
  return races.map((race, i) => ({ race, member: members[(start + i) % members.length]! }));
}

export const rotationQuerySchema = z.object({
  count: z.coerce
    .number({ error: `Count must be between 1 and ${ROTATION_COUNT_MAX}` })
    .int(`Count must be between 1 and ${ROTATION_COUNT_MAX}`)
    .min(1, `Count must be between 1 and ${ROTATION_COUNT_MAX}`)
    .max(ROTATION_COUNT_MAX, `Count must be between 1 and ${ROTATION_COUNT_MAX}`)
    .default(ROTATION_COUNT_DEFAULT),
});

export const rotationItemSchema = z.object({
  race: z.object({ id: z.number().int(), name: z.string(), venue: z.string(), date: z.string() }),
  member: z.object({ id: z.number().int(), name: z.string(), initials: z.string() }),
});

export const nextBetSchema = z.object({
  member: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** ISO date-time of the race, or null. */
  date: z.string().nullable(),
});
export type NextBet = z.infer<typeof nextBetSchema>;

/**
 * PUT /api/next-bet: the manual pick; null clears it (the rotation falls back to sequential).
 * An id beyond int4 becomes 0, which no member has: 404 like any unknown member.
 */
export const setNextBetSchema = z.object({
  memberId: z
    .number({ error: 'Please select a member' })
    .int('Please select a member')
    .positive('Please select a member')
    .transform((id) => (id > MAX_ID ? 0 : id))
    .nullable(),
});
