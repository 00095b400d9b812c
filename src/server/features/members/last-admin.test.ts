// Issue 13, Medium 7: the last-admin rule counts only admins who can act: active, not archived
// and linked to a user. A pre-created admin row with no user, or an inactive admin, does not let
// the real admin demote, remove, deactivate or leave themselves.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Member } from '../../../shared/member';
import { members } from '../../db/schema';
import { createTestApp, signUp, signUpWithSyndicate, type TestApp, uniqueEmail } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const LAST_ADMIN = { message: 'A syndicate needs at least one admin' };

/**
 * A syndicate whose only other admin cannot act: `unlinked` is a pre-created admin row (no user);
 * `inactive` is a real user's admin member set inactive.
 */
async function syndicateWithUselessSecondAdmin(kind: 'unlinked' | 'inactive') {
  const { client: admin, syndicate } = await signUpWithSyndicate(t.app, 'Only Admin');
  const me = (await admin.get('/api/members/me')).json<Member>();
  if (kind === 'unlinked') {
    const res = await admin.post('/api/members', {
      name: 'Paper Admin',
      email: uniqueEmail('paper'),
      role: 'admin',
    });
    expect(res.statusCode).toBe(201);
  } else {
    const other = await signUp(t.app, 'Sleepy Admin');
    expect((await other.post('/api/syndicates/join', { inviteCode: syndicate.inviteCode })).statusCode).toBe(
      200,
    );
    const otherId = (await other.get('/api/members/me')).json<Member>().id;
    const res = await admin.put(`/api/members/${otherId}`, { role: 'admin', isActive: false });
    expect(res.statusCode).toBe(200);
  }
  return { admin, me, syndicate };
}

async function roleOf(memberId: number) {
  const [row] = await t.database.db.select().from(members).where(eq(members.id, memberId));
  return { role: row?.role, archived: row?.archivedAt !== null, isActive: row?.isActive };
}

describe.each(['unlinked', 'inactive'] as const)('the only other admin is %s', (kind) => {
  it('refuses demoting the real admin (409)', async () => {
    const { admin, me } = await syndicateWithUselessSecondAdmin(kind);
    const res = await admin.put(`/api/members/${me.id}`, { role: 'member' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(LAST_ADMIN);
    expect(await roleOf(me.id)).toEqual({ role: 'admin', archived: false, isActive: true });
  });

  it('refuses deactivating the real admin (409)', async () => {
    const { admin, me } = await syndicateWithUselessSecondAdmin(kind);
    const res = await admin.put(`/api/members/${me.id}`, { isActive: false });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(LAST_ADMIN);
    expect(await roleOf(me.id)).toEqual({ role: 'admin', archived: false, isActive: true });
  });

  it('refuses removing the real admin (409)', async () => {
    const { admin, me } = await syndicateWithUselessSecondAdmin(kind);
    const res = await admin.delete(`/api/members/${me.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(LAST_ADMIN);
    expect(await roleOf(me.id)).toEqual({ role: 'admin', archived: false, isActive: true });
  });

  it('refuses the real admin leaving (409)', async () => {
    const { admin, me } = await syndicateWithUselessSecondAdmin(kind);
    const res = await admin.post('/api/members/me/leave');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(LAST_ADMIN);
    expect(await roleOf(me.id)).toEqual({ role: 'admin', archived: false, isActive: true });
  });
});

describe('the rule still lets things through when another usable admin exists', () => {
  it('an active linked second admin: the first may be demoted, deactivated, and may leave', async () => {
    const { client: admin, syndicate } = await signUpWithSyndicate(t.app, 'First Admin');
    const me = (await admin.get('/api/members/me')).json<Member>();
    const other = await signUp(t.app, 'Second Admin');
    expect((await other.post('/api/syndicates/join', { inviteCode: syndicate.inviteCode })).statusCode).toBe(
      200,
    );
    const otherId = (await other.get('/api/members/me')).json<Member>().id;
    expect((await admin.put(`/api/members/${otherId}`, { role: 'admin' })).statusCode).toBe(200);

    expect((await admin.put(`/api/members/${me.id}`, { isActive: false })).statusCode).toBe(200);
    expect((await other.put(`/api/members/${me.id}`, { isActive: true })).statusCode).toBe(200);
    expect((await admin.post('/api/members/me/leave')).statusCode).toBe(204);
    // Now the second admin is the last usable one.
    expect((await other.post('/api/members/me/leave')).statusCode).toBe(409);
  });

  it('editing the last admin’s name, or changing a plain member, is not refused', async () => {
    const { client: admin } = await signUpWithSyndicate(t.app, 'Lone Admin');
    const me = (await admin.get('/api/members/me')).json<Member>();
    expect(
      (await admin.put(`/api/members/${me.id}`, { name: 'Lone Admin Two', isActive: true })).statusCode,
    ).toBe(200);
    const paper = await admin.post('/api/members', {
      name: 'Paper Admin',
      email: uniqueEmail('p'),
      role: 'admin',
    });
    const paperId = paper.json<Member>().id;
    // An unlinked admin row is not a usable admin, so demoting or removing it is always allowed.
    expect((await admin.put(`/api/members/${paperId}`, { role: 'member' })).statusCode).toBe(200);
    expect((await admin.delete(`/api/members/${paperId}`)).statusCode).toBe(204);
  });

  it('two usable admins demoting each other at once: exactly one succeeds', async () => {
    const { client: a, syndicate } = await signUpWithSyndicate(t.app, 'Admin A');
    const aId = (await a.get('/api/members/me')).json<Member>().id;
    const b = await signUp(t.app, 'Admin B');
    await b.post('/api/syndicates/join', { inviteCode: syndicate.inviteCode });
    const bId = (await b.get('/api/members/me')).json<Member>().id;
    await a.put(`/api/members/${bId}`, { role: 'admin' });
    const results = await Promise.all([
      a.put(`/api/members/${bId}`, { role: 'member' }),
      b.put(`/api/members/${aId}`, { role: 'member' }),
    ]);
    // The loser is refused as the last admin (409) or, if it started after the winner finished,
    // for no longer being an admin (403).
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 403 || c === 409)).toHaveLength(1);
    const roles = [(await roleOf(aId)).role, (await roleOf(bId)).role];
    expect(roles.filter((r) => r === 'admin')).toHaveLength(1);
  });
});
