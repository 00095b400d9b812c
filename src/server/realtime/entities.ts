// Which client query groups a write may have moved, by the audit action it recorded (every write
// records one event: features/audit/record.ts), and which events a member is told about in words.
import type { AuditAction } from '../../shared/audit';
import type { LiveEntity } from '../../shared/live';

/** A bet's change moves its stats, rankings, bank shares, insights and whose turn is next. */
const BET: LiveEntity[] = ['bets', 'stats', 'rankings', 'bank', 'insights', 'rotation'];

/** Per action prefix ('bet', 'race', …); exceptions by full action below. */
const BY_ENTITY: Record<string, LiveEntity[]> = {
  syndicate: ['settings'],
  bet: BET,
  // Names and initials show in bets, rankings, the rotation and the bank too.
  member: ['members', 'bets', 'rankings', 'stats', 'rotation', 'bank', 'subscriptions'],
  race: ['races', 'bets', 'rotation', 'reminders'],
  reminder: ['reminders'],
  plan: ['plans', 'subscriptions'],
  subscription: ['subscriptions', 'plans', 'members'],
  // A new time zone keeps each reminder on its day by moving its instant (settings/service.ts).
  settings: ['settings', 'rotation', 'reminders'],
  invite_code: ['settings'],
  rotation: ['rotation'],
  bank: ['bank', 'insights'],
  calendar_feed: [],
};

const BY_ACTION: Partial<Record<AuditAction, LiveEntity[]>> = {
  // A result settles the race's bets (each settlement is announced too).
  'race.result_entered': ['races', ...BET],
  'member.invite_link_created': ['members'],
};

/** The entities an action may have changed; every write also adds to the activity feed. */
export function entitiesOf(action: string): LiveEntity[] {
  const own = BY_ACTION[action as AuditAction] ??
    BY_ENTITY[action.split('.')[0] ?? ''] ?? [...BET, 'members'];
  return [...new Set<LiveEntity>([...own, 'activity'])];
}

/** Settlements and payments: their summary goes out, for a toast on the other members' screens. */
const TOLD: ReadonlySet<string> = new Set<AuditAction>(['bet.settled', 'bank.contribution', 'bank.payout']);
export const isToldInWords = (action: string) => TOLD.has(action);
