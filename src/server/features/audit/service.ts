// Reading the audit log: the members' activity feed (no changes) and the admins' filtered log (with
// them), newest first, keyset-paged on the event id (the cursor is the last id of the page). Days
// (from/to) are whole days in the syndicate's time zone, turned into instants in SQL as the
// insights are. Every query is the syndicate's: another syndicate's ids match nothing.
import { type SQL, sql } from 'drizzle-orm';
import {
  ACTIVITY_LIMIT_DEFAULT,
  type ActivityEvent,
  type ActivityPage,
  type ActivityQuery,
  type AuditChanges,
  type AuditEvent,
  type AuditPage,
  type AuditQuery,
} from '../../../shared/audit';
import { MAX_ID } from '../../../shared/member';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/http-error';

interface EventRow {
  id: number;
  action: ActivityEvent['action'];
  summary: string;
  actor_member_id: number | null;
  actor_name: string;
  entity_type: ActivityEvent['entityType'];
  entity_id: number | null;
  created_at: Date;
  changes?: AuditChanges | null;
}

const toActivity = (r: EventRow): ActivityEvent => ({
  id: r.id,
  action: r.action,
  summary: r.summary,
  actor: { memberId: r.actor_member_id, name: r.actor_name },
  entityType: r.entity_type,
  entityId: r.entity_id,
  createdAt: new Date(r.created_at).toISOString(),
});

/** The id a page starts below or at: before the cursor's event, else from the newest. */
const upTo = (cursor: string | undefined) => (cursor === undefined ? MAX_ID : Number(cursor) - 1);

function page<T extends { id: number }>(rows: T[], limit: number): { rows: T[]; nextCursor: string | null } {
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return { rows: shown, nextCursor: rows.length > limit && last ? String(last.id) : null };
}

const COLUMNS =
  'e.id, e.action, e.summary, e.actor_member_id, e.actor_name, e.entity_type, e.entity_id, e.created_at';

// The feed is one named statement (prepared once per pooled connection) on
// audit_events_syndicate_idx, read backwards.
const ACTIVITY = {
  name: 'audit_activity',
  text: `select ${COLUMNS} from audit_events e
          where e.syndicate_id = $1 and e.id <= $2
          order by e.id desc limit $3`,
};

/** GET /api/activity: the syndicate's events, newest first, without their changes. */
export async function listActivity(db: Db, syndicateId: number, q: ActivityQuery): Promise<ActivityPage> {
  const limit = q.limit ?? ACTIVITY_LIMIT_DEFAULT;
  const { rows } = await db.$client.query<EventRow>({
    ...ACTIVITY,
    values: [syndicateId, upTo(q.cursor), limit + 1],
  });
  const p = page(rows, limit);
  return { events: p.rows.map(toActivity), nextCursor: p.nextCursor };
}

/** 404 unless the member is the syndicate's (current or former), as another syndicate's id is. */
async function assertMember(db: Db, syndicateId: number, memberId: number): Promise<void> {
  const { rows } = await db.$client.query({
    name: 'audit_member',
    text: 'select 1 from members where syndicate_id = $1 and id = $2',
    values: [syndicateId, memberId],
  });
  if (rows.length === 0) throw notFound('Member not found');
}

/** GET /api/audit: the events the filters match, newest first, with their changes. */
export async function listAudit(db: Db, syndicateId: number, q: AuditQuery): Promise<AuditPage> {
  if (q.actorMemberId !== undefined) await assertMember(db, syndicateId, q.actorMemberId);
  const limit = q.limit ?? ACTIVITY_LIMIT_DEFAULT;
  const where: SQL[] = [sql`e.syndicate_id = ${syndicateId}`, sql`e.id <= ${upTo(q.cursor)}`];
  if (q.action) where.push(sql`e.action = ${q.action}`);
  if (q.entityType) where.push(sql`e.entity_type = ${q.entityType}`);
  if (q.entityId !== undefined) where.push(sql`e.entity_id = ${q.entityId}`);
  if (q.actorMemberId !== undefined) where.push(sql`e.actor_member_id = ${q.actorMemberId}`);
  const zone = sql`(select timezone from syndicates where id = ${syndicateId})`;
  if (q.from) where.push(sql`e.created_at >= (${q.from}::date)::timestamp at time zone ${zone}`);
  if (q.to) where.push(sql`e.created_at < (${q.to}::date + 1)::timestamp at time zone ${zone}`);
  const { rows } = await db.execute<EventRow & Record<string, unknown>>(sql`
    select ${sql.raw(COLUMNS)}, e.changes from audit_events e
     where ${sql.join(where, sql` and `)}
     order by e.id desc limit ${limit + 1}`);
  const p = page(rows, limit);
  return {
    events: p.rows.map((r): AuditEvent => ({ ...toActivity(r), changes: r.changes ?? null })),
    nextCursor: p.nextCursor,
  };
}
