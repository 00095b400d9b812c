// Reminders: list, add (not on a past day in the syndicate's time zone), complete (idempotent),
// delete. Members may complete or delete their own reminders and unassigned ones; admins any.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { dayOf, instantOf, isBeforeToday } from '../../../shared/dates';
import type { Reminder } from '../../../shared/reminder';
import type { TenantContext } from '../../auth/sessions';
import { builtOnce, type Db } from '../../db/client';
import { members, reminders } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../lib/http-error';
import { type Author, eventInsert, recordEvent } from '../audit/record';
import { reminderCompleted, reminderCreated, reminderDeleted } from '../audit/schedule-events';
import { syndicateTimeZone } from '../settings/service';

export const PAST_DATE = 'Date cannot be in the past';
export const NOT_YOUR_REMINDER = 'You can only change your own reminders or unassigned ones';
export const REMINDER_NOT_FOUND = 'Reminder not found';
export const MEMBER_NOT_FOUND = 'Member not found';

const columns = {
  id: reminders.id,
  text: reminders.text,
  date: reminders.date,
  completed: reminders.completed,
  completedAt: reminders.completedAt,
  memberId: reminders.memberId,
};

type Row = Pick<typeof reminders.$inferSelect, keyof typeof columns>;

/** Who is asking, for the rule on whose reminders a member may change. */
export type Caller = Pick<TenantContext, 'memberId' | 'role'>;

const toReminder = (r: Row): Reminder => ({
  id: r.id,
  text: r.text,
  date: r.date.toISOString(),
  completed: r.completed,
  completedAt: r.completedAt ? r.completedAt.toISOString() : null,
  memberId: r.memberId,
});

const remindersOf = builtOnce((db) =>
  db
    .select(columns)
    .from(reminders)
    .where(eq(reminders.syndicateId, sql.placeholder('syndicateId')))
    .orderBy(asc(reminders.date), asc(reminders.id))
    .prepare('reminders_of'),
);

export async function listReminders(db: Db, syndicateId: number): Promise<Reminder[]> {
  const rows = await remindersOf(db).execute({ syndicateId });
  return rows.map(toReminder);
}

export async function createReminder(
  db: Db,
  syndicateId: number,
  input: { text: string; date: string; memberId: number | null },
  by: Author,
): Promise<Reminder> {
  // A bare day means its start in the syndicate's time zone; "past" is decided there too.
  const timeZone = await syndicateTimeZone(db, syndicateId);
  if (isBeforeToday(dayOf(input.date, timeZone), by.now, timeZone))
    throw badRequest(PAST_DATE, [{ path: 'date', message: PAST_DATE }]);
  let forMember: string | null = null;
  if (input.memberId !== null) {
    const [member] = await db
      .select({ id: members.id, name: members.name })
      .from(members)
      .where(
        and(eq(members.syndicateId, syndicateId), eq(members.id, input.memberId), isNull(members.archivedAt)),
      );
    if (!member) throw notFound(MEMBER_NOT_FOUND);
    // Only someone else is named: "added a reminder for Mia", not "for" oneself.
    if (member.id !== by.memberId) forMember = member.name;
  }
  // The reminder and its event in one statement (a data-modifying CTE): they commit together
  // without a transaction's extra round trips on this busy path (bench: the members' mix).
  const event = eventInsert(
    syndicateId,
    by,
    reminderCreated({ id: 0, text: input.text }, forMember),
    sql`(select id from r)`,
  );
  const { rows } = await db.execute<ReminderRow>(sql`
    with r as (
      insert into reminders (syndicate_id, text, date, member_id)
      values (${syndicateId}, ${input.text}, ${instantOf(input.date, timeZone).toISOString()}::timestamptz,
              ${input.memberId}::int)
      returning id, text, date, completed, completed_at, member_id),
    e as (${event} returning 1)
    select r.*, (select count(*)::int from e) as recorded from r`);
  const row = rows[0];
  if (row?.recorded !== 1) throw new Error('the reminder or its event was not written');
  return toReminder({
    id: row.id,
    text: row.text,
    date: new Date(row.date),
    completed: row.completed,
    completedAt: row.completed_at === null ? null : new Date(row.completed_at),
    memberId: row.member_id,
  });
}

/** A reminder row as raw SQL returns it (timestamps as PostgreSQL's text). */
interface ReminderRow extends Record<string, unknown> {
  id: number;
  text: string;
  date: string;
  completed: boolean;
  completed_at: string | null;
  member_id: number | null;
  recorded: number;
}

/** Throws 404 unless the reminder is the syndicate's (the tenancy check that comes before a body). */
export async function findReminder(db: Db, syndicateId: number, id: number): Promise<void> {
  const [row] = await db
    .select({ id: reminders.id })
    .from(reminders)
    .where(and(eq(reminders.syndicateId, syndicateId), eq(reminders.id, id)));
  if (!row) throw notFound(REMINDER_NOT_FOUND);
}

/** The reminder if the caller may change it: 404 when it is not in the syndicate, 403 when not theirs. */
async function changeable(
  db: Pick<Db, 'select'>,
  syndicateId: number,
  caller: Caller,
  id: number,
): Promise<Row> {
  const [row] = await db
    .select(columns)
    .from(reminders)
    .where(and(eq(reminders.syndicateId, syndicateId), eq(reminders.id, id)));
  if (!row) throw notFound(REMINDER_NOT_FOUND);
  if (caller.role !== 'admin' && row.memberId !== null && row.memberId !== caller.memberId) {
    throw forbidden(NOT_YOUR_REMINDER);
  }
  return row;
}

/** Completes a reminder; completing a completed one changes nothing and answers it as it is. */
export async function completeReminder(
  db: Db,
  syndicateId: number,
  caller: Caller,
  id: number,
  now: Date,
): Promise<Reminder> {
  const row = await changeable(db, syndicateId, caller, id);
  if (row.completed) return toReminder(row);
  const updated = await db.transaction(async (tx) => {
    const [done] = await tx
      .update(reminders)
      .set({ completed: true, completedAt: now })
      .where(
        and(eq(reminders.syndicateId, syndicateId), eq(reminders.id, id), eq(reminders.completed, false)),
      )
      .returning(columns);
    if (done) await recordEvent(tx, syndicateId, { memberId: caller.memberId, now }, reminderCompleted(done));
    return done;
  });
  if (updated) return toReminder(updated);
  // Completed (or deleted) by a concurrent request in between: answer with what is there now.
  const [current] = await db
    .select(columns)
    .from(reminders)
    .where(and(eq(reminders.syndicateId, syndicateId), eq(reminders.id, id)));
  if (!current) throw notFound(REMINDER_NOT_FOUND);
  return toReminder(current);
}

export async function deleteReminder(
  db: Db,
  syndicateId: number,
  caller: Caller,
  id: number,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await changeable(tx, syndicateId, caller, id);
    const [deleted] = await tx
      .delete(reminders)
      .where(and(eq(reminders.syndicateId, syndicateId), eq(reminders.id, id)))
      .returning(columns);
    // Deleted by a concurrent request in between: nothing left to record.
    if (deleted)
      await recordEvent(tx, syndicateId, { memberId: caller.memberId, now }, reminderDeleted(deleted));
  });
}
