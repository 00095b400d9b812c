// Former members (issue 13, Medium 6): removed members are listed for admins and can be restored;
// a removed member cannot come back with the invite code on their own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormerMember, Member } from '../../../shared/member';
import { createTestApp, signUp, signUpWithSyndicate, type TestApp, uniqueEmail } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function syndicateWithRemovedMember() {
  const { client: admin, syndicate } = await signUpWithSyndicate(t.app, 'Restore Admin');
  const user = await signUp(t.app, 'Gone Member');
  expect((await user.post('/api/syndicates/join', { inviteCode: syndicate.inviteCode })).statusCode).toBe(
    200,
  );
  const member = (await user.get('/api/members/me')).json<Member>();
  expect((await admin.delete(`/api/members/${member.id}`)).statusCode).toBe(204);
  return { admin, user, syndicate, member };
}

describe('GET /api/members/former', () => {
  it('lists the syndicate’s removed members (most recent first) for admins', async () => {
    const { admin, member } = await syndicateWithRemovedMember();
    const paper = (
      await admin.post('/api/members', { name: 'Paper Member', email: uniqueEmail(), role: 'member' })
    ).json<Member>();
    t.clock.now = new Date(t.clock.now.getTime() + 1000);
    expect((await admin.delete(`/api/members/${paper.id}`)).statusCode).toBe(204);

    const res = await admin.get('/api/members/former');
    expect(res.statusCode).toBe(200);
    const former = res.json<FormerMember[]>();
    expect(former.map((m) => m.id)).toEqual([paper.id, member.id]);
    expect(former[1]).toEqual({ ...member, removedAt: expect.any(String) });
    expect(Number.isNaN(Date.parse(former[1]?.removedAt ?? ''))).toBe(false);
    // Not in the current list.
    expect((await admin.get('/api/members')).json<Member[]>().map((m) => m.id)).not.toContain(member.id);
  });

  it('holds no other syndicate’s former members; members read it too (they read everything)', async () => {
    const a = await syndicateWithRemovedMember();
    const b = await syndicateWithRemovedMember();
    const list = (await a.admin.get('/api/members/former')).json<FormerMember[]>();
    expect(list.map((m) => m.id)).toEqual([a.member.id]);
    expect(list.map((m) => m.id)).not.toContain(b.member.id);

    const plain = await signUp(t.app);
    await plain.post('/api/syndicates/join', { inviteCode: a.syndicate.inviteCode });
    const asMember = await plain.get('/api/members/former');
    expect(asMember.statusCode).toBe(200);
    expect(asMember.json<FormerMember[]>().map((m) => m.id)).toEqual([a.member.id]);
  });
});

describe('POST /api/members/:id/restore', () => {
  it('restores a removed member: current, active, role member; its user gets access back', async () => {
    const { admin, user, syndicate, member } = await syndicateWithRemovedMember();
    expect((await user.post('/api/syndicates/join', { inviteCode: syndicate.inviteCode })).statusCode).toBe(
      403,
    );

    const res = await admin.post(`/api/members/${member.id}/restore`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...member, role: 'member', isActive: true });
    expect((await user.get('/api/members/me')).json<Member>().id).toBe(member.id);
    expect((await admin.get('/api/members/former')).json()).toEqual([]);
    // Joining again is now the idempotent "already a member".
    expect((await user.post('/api/syndicates/join', { inviteCode: syndicate.inviteCode })).statusCode).toBe(
      200,
    );
  });

  it('a removed admin comes back as a member, and inactive comes back active', async () => {
    const { client: admin, syndicate } = await signUpWithSyndicate(t.app, 'Head Admin');
    const user = await signUp(t.app, 'Old Admin');
    await user.post('/api/syndicates/join', { inviteCode: syndicate.inviteCode });
    const id = (await user.get('/api/members/me')).json<Member>().id;
    await admin.put(`/api/members/${id}`, { role: 'admin', isActive: false });
    expect((await admin.delete(`/api/members/${id}`)).statusCode).toBe(204);
    const res = await admin.post(`/api/members/${id}/restore`);
    expect(res.json()).toMatchObject({ id, role: 'member', isActive: true });
  });

  it('404 for a current member, a missing id and another syndicate’s removed member; 400 for a non-id', async () => {
    const a = await syndicateWithRemovedMember();
    const b = await syndicateWithRemovedMember();
    const me = (await a.admin.get('/api/members/me')).json<Member>();
    for (const id of [me.id, b.member.id, 2_147_483_000, '99999999999999']) {
      const res = await a.admin.post(`/api/members/${id}/restore`);
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.json()).toEqual({ message: 'Member not found' });
    }
    expect((await a.admin.post('/api/members/abc/restore')).statusCode).toBe(400);
    expect((await b.admin.get('/api/members/former')).json<FormerMember[]>().map((m) => m.id)).toEqual([
      b.member.id,
    ]);
  });

  it('is for admins only (403) and changes nothing', async () => {
    const { admin, syndicate, member } = await syndicateWithRemovedMember();
    const plain = await signUp(t.app);
    await plain.post('/api/syndicates/join', { inviteCode: syndicate.inviteCode });
    expect((await plain.post(`/api/members/${member.id}/restore`)).statusCode).toBe(403);
    expect((await admin.get('/api/members/former')).json<FormerMember[]>()).toHaveLength(1);
  });

  it('another syndicate’s removed member answers a member 404, exactly as a missing id', async () => {
    const a = await syndicateWithRemovedMember();
    const b = await syndicateWithRemovedMember();
    const plain = await signUp(t.app);
    await plain.post('/api/syndicates/join', { inviteCode: a.syndicate.inviteCode });
    const foreign = await plain.post(`/api/members/${b.member.id}/restore`);
    const missing = await plain.post('/api/members/2147483647/restore');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect((await b.admin.get('/api/members/former')).json<FormerMember[]>()).toHaveLength(1);
  });

  it('409 when a current member has taken the e-mail meanwhile', async () => {
    const { client: admin } = await signUpWithSyndicate(t.app);
    const email = uniqueEmail('twice');
    const first = (
      await admin.post('/api/members', { name: 'First Copy', email, role: 'member' })
    ).json<Member>();
    await admin.delete(`/api/members/${first.id}`);
    expect(
      (await admin.post('/api/members', { name: 'Second Copy', email, role: 'member' })).statusCode,
    ).toBe(201);
    const res = await admin.post(`/api/members/${first.id}/restore`);
    expect(res.statusCode).toBe(409);
    expect((await admin.get('/api/members/former')).json<FormerMember[]>()).toHaveLength(1);
  });

  it('parallel restores of one member: all answer 200 or 404, and it is restored once', async () => {
    const { admin, member } = await syndicateWithRemovedMember();
    const results = await Promise.all(
      Array.from({ length: 4 }, () => admin.post(`/api/members/${member.id}/restore`)),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 404)).toHaveLength(3);
    expect((await admin.get('/api/members')).json<Member[]>().filter((m) => m.id === member.id)).toHaveLength(
      1,
    );
  });
});
