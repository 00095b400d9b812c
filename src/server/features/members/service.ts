// Members: list, read, add, edit, archive (remove or leave), list former members and restore them.
// Rules: only admins manage members; a member may edit their own name and initials; a syndicate
// always keeps at least one usable admin (active, not archived, linked to a user).
import { and, asc, desc, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { CreateMember, FormerMember, Member, UpdateMember } from '../../../shared/member';
import { builtOnce, type Db, type Tx } from '../../db/client';
import { calendarFeeds, members } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../lib/http-error';
import { memberArchived, memberCreated, memberRestored, memberUpdated } from '../audit/member-events';
import { type Author, recordEvent } from '../audit/record';

export const LAST_ADMIN = 'A syndicate needs at least one admin';
export const MEMBER_NOT_FOUND = 'Member not found';
export const EMAIL_TAKEN = 'A member with this email already exists';
export const SELF_EDIT_ONLY = 'Only an admin can edit other members';
export const ADMIN_FIELDS_ONLY = 'Only an admin can change email, role or status';

export type { Tx };

/** Who is asking: their member in this syndicate and its role. */
export interface Caller {
  memberId: number;
  role: 'admin' | 'member';
}

export const memberColumns = {
  id: members.id,
  name: members.name,
  email: members.email,
  initials: members.initials,
  role: members.role,
  isActive: members.isActive,
  /** Whether a user account is linked to the member (else an admin can send a claim link). */
  linked: sql<boolean>`${members.userId} is not null`,
};

/**
 * One join or claim at a time per user (transaction-scoped advisory lock): the user's member rows
 * cannot change under a check such as "already a member of this syndicate".
 */
export const lockUserMemberships = (tx: Tx, userId: number) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext('members:user'), ${userId})`);

const current = (syndicateId: number) =>
  and(eq(members.syndicateId, syndicateId), isNull(members.archivedAt));

/** Non-archived members in join order; `active` filters on isActive when given. */
/**
 * memberColumns as named columns, read in one named statement: the rows arrive as the answer's
 * objects. Through drizzle's select, mapping each cell of a 1,000-member list cost the app more
 * than the rest of the read (docs/performance.md).
 */
const LIST_MEMBERS = {
  name: 'members_list',
  text: `select id, name, email, initials, role, is_active as "isActive", user_id is not null as linked
           from members
          where syndicate_id = $1 and archived_at is null and ($2::boolean is null or is_active = $2)
          order by id`,
};

export async function listMembers(db: Db, syndicateId: number, active?: boolean): Promise<Member[]> {
  const { rows } = await db.$client.query<Member>({ ...LIST_MEMBERS, values: [syndicateId, active ?? null] });
  return rows;
}

const memberOf = builtOnce((db) =>
  db
    .select(memberColumns)
    .from(members)
    .where(
      and(
        eq(members.syndicateId, sql.placeholder('syndicateId')),
        isNull(members.archivedAt),
        eq(members.id, sql.placeholder('memberId')),
      ),
    )
    .limit(1)
    .prepare('member_of'),
);

/** A current (not archived) member of the syndicate; 404 otherwise. In a transaction: memberIn. */
export async function getMember(db: Db, syndicateId: number, memberId: number): Promise<Member> {
  const [member] = await memberOf(db).execute({ syndicateId, memberId });
  if (!member) throw notFound(MEMBER_NOT_FOUND);
  return member;
}

/** getMember in a transaction (as it stands within it). */
export async function memberIn(tx: Tx, syndicateId: number, memberId: number): Promise<Member> {
  const [member] = await tx
    .select(memberColumns)
    .from(members)
    .where(and(current(syndicateId), eq(members.id, memberId)))
    .limit(1);
  if (!member) throw notFound(MEMBER_NOT_FOUND);
  return member;
}

/**
 * Serialise changes to a syndicate's membership: lock its current admin rows, then read the
 * target. Two admins demoting or removing each other at once cannot leave the syndicate
 * without one. Only usable admins count (active and linked to a user): a pre-created admin row
 * with no user, or an inactive admin, cannot run the syndicate. Returns the target, the number of
 * usable admins, and whether the target is one of them.
 */
async function lockForChange(tx: Tx, syndicateId: number, memberId: number) {
  // FOR UPDATE returns each row's latest committed version after waiting for a concurrent change,
  // so isActive and userId are read as they are now.
  const admins = await tx
    .select({ id: members.id, isActive: members.isActive, userId: members.userId })
    .from(members)
    .where(and(current(syndicateId), eq(members.role, 'admin')))
    .orderBy(asc(members.id))
    .for('update');
  const usable = admins.filter((a) => a.isActive && a.userId !== null);
  const target = await memberIn(tx, syndicateId, memberId);
  return { target, usableAdmins: usable.length, targetIsUsableAdmin: usable.some((a) => a.id === memberId) };
}

async function assertEmailFree(tx: Tx, syndicateId: number, email: string, exceptId?: number) {
  const [clash] = await tx
    .select({ id: members.id })
    .from(members)
    .where(
      and(
        current(syndicateId),
        sql`lower(${members.email}) = lower(${email})`,
        exceptId === undefined ? undefined : ne(members.id, exceptId),
      ),
    )
    .limit(1);
  if (clash) throw conflict(EMAIL_TAKEN);
}

/** Per-syndicate lock so two adds of the same e-mail cannot both pass the check. */
const lockSyndicateMembers = (tx: Tx, syndicateId: number) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext('members:email'), ${syndicateId})`);

export async function createMember(
  db: Db,
  syndicateId: number,
  input: CreateMember,
  by: Author,
): Promise<Member> {
  return db.transaction(async (tx) => {
    await lockSyndicateMembers(tx, syndicateId);
    await assertEmailFree(tx, syndicateId, input.email);
    const [member] = await tx
      .insert(members)
      .values({ syndicateId, ...input })
      .returning(memberColumns);
    if (!member) throw new Error('insert returned no row');
    await recordEvent(tx, syndicateId, by, memberCreated(member));
    return member;
  });
}

/**
 * Edit a member. An admin may change everything; anyone else only their own member's name and
 * initials (other fields are accepted when they would not change). The last admin keeps the role.
 */
export async function updateMember(
  db: Db,
  syndicateId: number,
  caller: Caller,
  memberId: number,
  input: UpdateMember,
  now: Date,
): Promise<Member> {
  return db.transaction(async (tx) => {
    const { target, usableAdmins, targetIsUsableAdmin } = await lockForChange(tx, syndicateId, memberId);
    if (caller.role !== 'admin') {
      if (caller.memberId !== memberId) throw forbidden(SELF_EDIT_ONLY);
      const changesAdminField =
        (input.email !== undefined && input.email !== target.email) ||
        (input.role !== undefined && input.role !== target.role) ||
        (input.isActive !== undefined && input.isActive !== target.isActive);
      if (changesAdminField) throw forbidden(ADMIN_FIELDS_ONLY);
    }
    const losesAdmin = input.role === 'member' || input.isActive === false;
    if (targetIsUsableAdmin && losesAdmin && usableAdmins <= 1) throw conflict(LAST_ADMIN);
    if (input.email !== undefined && input.email.toLowerCase() !== target.email.toLowerCase()) {
      await lockSyndicateMembers(tx, syndicateId);
      await assertEmailFree(tx, syndicateId, input.email, memberId);
    }
    if (Object.values(input).every((v) => v === undefined)) return target;
    const [updated] = await tx
      .update(members)
      .set(input) // drizzle skips undefined fields: absent fields stay as they are
      .where(and(current(syndicateId), eq(members.id, memberId)))
      .returning(memberColumns);
    if (!updated) throw notFound(MEMBER_NOT_FOUND);
    const event = memberUpdated(memberId, caller.memberId === memberId, target, updated);
    if (event) await recordEvent(tx, syndicateId, { memberId: caller.memberId, now }, event);
    return updated;
  });
}

/**
 * Remove a member by archiving it: it leaves lists and rotation and its user loses access at
 * once (sessions only resolve non-archived members); its bets and history stay. The role drops
 * to member so that re-joining with the invite code never restores admin rights, and its calendar
 * feed is revoked (a restore does not revive an address handed to others). Recorded as
 * member.left when the author is the member itself, else member.archived.
 */
export async function archiveMember(
  db: Db,
  syndicateId: number,
  memberId: number,
  by: Author,
): Promise<void> {
  await db.transaction(async (tx) => {
    const { target, usableAdmins, targetIsUsableAdmin } = await lockForChange(tx, syndicateId, memberId);
    if (targetIsUsableAdmin && usableAdmins <= 1) throw conflict(LAST_ADMIN);
    await tx
      .update(members)
      .set({ archivedAt: by.now, role: 'member' })
      .where(and(current(syndicateId), eq(members.id, memberId)));
    // Its calendar address too (shared with calendar services): a restore does not bring it back.
    await tx
      .update(calendarFeeds)
      .set({ revokedAt: by.now })
      .where(
        and(
          eq(calendarFeeds.syndicateId, syndicateId),
          eq(calendarFeeds.memberId, memberId),
          isNull(calendarFeeds.revokedAt),
        ),
      );
    await recordEvent(tx, syndicateId, by, memberArchived(target, by.memberId === memberId));
  });
}

/** Removed (archived) members, most recently removed first. */
export async function listFormerMembers(db: Db, syndicateId: number): Promise<FormerMember[]> {
  const rows = await db
    .select({ ...memberColumns, archivedAt: members.archivedAt })
    .from(members)
    .where(and(eq(members.syndicateId, syndicateId), isNotNull(members.archivedAt)))
    .orderBy(desc(members.archivedAt), desc(members.id));
  return rows.map(({ archivedAt, ...m }) => ({ ...m, removedAt: (archivedAt ?? new Date(0)).toISOString() }));
}

/**
 * Any member row of this syndicate, current or removed, or the 404 a missing id gets: the guard
 * of admin-only routes on removed members (a 403 is only ever said about the syndicate's own rows).
 */
export async function findAnyMember(db: Db, syndicateId: number, memberId: number): Promise<void> {
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.syndicateId, syndicateId), eq(members.id, memberId)))
    .limit(1);
  if (!row) throw notFound(MEMBER_NOT_FOUND);
}

/**
 * Bring back a removed member: current again and active, with the role it had on removal
 * (member: removal drops admin rights). 404 unless it is a removed member of this syndicate; 409
 * when a current member has taken its e-mail meanwhile.
 */
export async function restoreMember(
  db: Db,
  syndicateId: number,
  memberId: number,
  by: Author,
): Promise<Member> {
  return db.transaction(async (tx) => {
    await lockSyndicateMembers(tx, syndicateId);
    const [row] = await tx
      .select({ email: members.email })
      .from(members)
      .where(
        and(eq(members.syndicateId, syndicateId), eq(members.id, memberId), isNotNull(members.archivedAt)),
      )
      .for('update');
    if (!row) throw notFound(MEMBER_NOT_FOUND);
    await assertEmailFree(tx, syndicateId, row.email);
    const [restored] = await tx
      .update(members)
      .set({ archivedAt: null, isActive: true })
      .where(eq(members.id, memberId))
      .returning(memberColumns);
    if (!restored) throw notFound(MEMBER_NOT_FOUND);
    await recordEvent(tx, syndicateId, by, memberRestored(restored));
    return restored;
  });
}
