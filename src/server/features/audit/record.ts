// Recording an event: one INSERT in the write's own transaction (a write that fails or is rolled
// back leaves no event). The INSERT reads what the summary needs itself: the actor's member name
// (kept as actor_name, as it was then), the linked user, and the syndicate's currency for the money
// in the sentence (sentence.ts), so a write pays one statement for its event and nothing more.
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AuditAction, AuditChanges, AuditEntityType } from '../../../shared/audit';
import { tenantOf } from '../../auth/context';
import type { Db } from '../../db/client';
import type { Sentence } from './sentence';

/** Anything that runs SQL: the write's transaction (or savepoint). */
export type Runner = Pick<Db, 'execute'>;

/** Who made a write, and when by the app's clock. memberId null: the system (a background import). */
export interface Author {
  memberId: number | null;
  now: Date;
}

/** The author of a tenant-scoped request: the caller's member in the active syndicate. */
export const authorOf = (req: FastifyRequest, now: Date): Author => ({
  memberId: tenantOf(req).memberId,
  now,
});

/** The actor of a settlement written with no member: the racing provider's results import. */
export const RESULTS_IMPORT = 'The racing results import';

export interface NewEvent {
  action: AuditAction;
  entityType: AuditEntityType;
  entityId: number | null;
  /** The sentence after the actor's name: "settled Winx: won $40.00". */
  summary: Sentence;
  /** Updates only: the fields that changed, as the API shows them. Never a secret. */
  changes?: AuditChanges | null;
  /** Who the actor is called when the author has no member. */
  systemName?: string;
}

/**
 * The event's INSERT … SELECT. `entityId` may be an SQL expression, for a write that records its
 * event in its own statement (a data-modifying CTE, as creating a reminder does): `(select id from r)`.
 * `onlyIf`: a condition the event is written under (in such a statement, that the write wrote a row).
 */
export function eventInsert(
  syndicateId: number,
  by: Author,
  event: NewEvent,
  entityId: SQL = sql`${event.entityId}::int`,
  onlyIf?: SQL,
): SQL {
  const cents = `{${event.summary.cents.join(',')}}`;
  const changes = event.changes ? JSON.stringify(event.changes) : null;
  return sql`
    insert into audit_events (syndicate_id, actor_member_id, actor_user_id, actor_name, action, entity_type,
                              entity_id, summary, changes, created_at)
    select s.id, m.id, m.user_id, a.name, ${event.action}, ${event.entityType}, ${entityId},
           a.name || ' ' || format(${event.summary.template}, variadic array(
             select audit_money(u.c, s.currency::text)
               from unnest(${cents}::bigint[]) with ordinality as u(c, n) order by u.n)),
           ${changes}::jsonb, ${by.now.toISOString()}::timestamptz
      from syndicates s
      left join members m on m.syndicate_id = s.id and m.id = ${by.memberId}::int
      cross join lateral (select coalesce(m.name, ${event.systemName ?? 'The system'}) as name) a
     where s.id = ${syndicateId}${onlyIf ? sql` and (${onlyIf})` : sql``}`;
}

/** Records one event; throws when it was not written (no such syndicate), failing the write with it. */
export async function recordEvent(
  tx: Runner,
  syndicateId: number,
  by: Author,
  event: NewEvent,
): Promise<void> {
  const result = await tx.execute(eventInsert(syndicateId, by, event));
  if (result.rowCount !== 1) throw new Error(`audit event ${event.action} not recorded`);
}

/**
 * The fields whose values differ, {field: [before, after]} (null for absent values). Both sides
 * are the API's shapes (major units, ISO dates), built alike, so JSON equality is value equality.
 */
export function changesBetween(
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
): AuditChanges {
  const out: AuditChanges = {};
  for (const key of Object.keys(after)) {
    const b = before[key] ?? null;
    const a = after[key] ?? null;
    if (JSON.stringify(b) !== JSON.stringify(a)) out[key] = [b, a];
  }
  return out;
}

export const hasChanges = (changes: AuditChanges) => Object.keys(changes).length > 0;
