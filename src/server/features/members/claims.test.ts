// Personal claim links (issue 13, High 1): an admin copies a pre-created member's link; whoever
// opens it signed in becomes that member. Single use, 14 days, only the token's hash stored.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClaimLink, Member } from '../../../shared/member';
import { memberClaims, members } from '../../db/schema';
import {
  type Client,
  createTestApp,
  signUp,
  signUpWithSyndicate,
  TEST_ORIGIN,
  type TestApp,
  uniqueEmail,
} from '../../test/harness';
import { ALREADY_LINKED, ALREADY_MEMBER, CLAIM_INVALID } from './claims';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const DAY_MS = 24 * 60 * 60 * 1000;
const tokenOf = (link: ClaimLink) => new URL(link.url).searchParams.get('token') ?? '';

/** An admin's syndicate with a pre-created member (no user) of the given role. */
async function withPrecreated(role: 'admin' | 'member' = 'member') {
  const { client: admin, syndicate } = await signUpWithSyndicate(t.app, 'Claim Admin');
  const res = await admin.post('/api/members', { name: 'Pre Created', email: uniqueEmail('pre'), role });
  expect(res.statusCode).toBe(201);
  return { admin, syndicate, member: res.json<Member>() };
}

async function linkFor(admin: Client, memberId: number): Promise<ClaimLink> {
  const res = await admin.post(`/api/members/${memberId}/claim-link`);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ClaimLink>();
}

describe('POST /api/members/:id/claim-link', () => {
  it('answers 201 {url, expiresAt}: a 256-bit token under PUBLIC_URL/claim, stored only as its hash', async () => {
    const { admin, member } = await withPrecreated();
    const link = await linkFor(admin, member.id);
    const url = new URL(link.url);
    expect(url.origin + url.pathname).toBe(`${TEST_ORIGIN}/claim`);
    const token = tokenOf(link);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43,}$/); // ≥ 256 bits of base64url
    expect(new Date(link.expiresAt).getTime() - t.clock.now.getTime()).toBe(14 * DAY_MS);

    const rows = await t.database.db.select().from(memberClaims).where(eq(memberClaims.memberId, member.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('a new link replaces the member’s earlier unused one', async () => {
    const { admin, member } = await withPrecreated();
    const first = await linkFor(admin, member.id);
    const second = await linkFor(admin, member.id);
    const user = await signUp(t.app);
    expect((await user.post('/api/members/claim', { token: tokenOf(first) })).statusCode).toBe(404);
    expect((await user.post('/api/members/claim', { token: tokenOf(second) })).statusCode).toBe(200);
  });

  it('409 for a member already linked to a user; 404 for a removed, missing or other syndicate’s member', async () => {
    const { admin, member } = await withPrecreated();
    const me = (await admin.get('/api/members/me')).json<Member>();
    const linked = await admin.post(`/api/members/${me.id}/claim-link`);
    expect(linked.statusCode).toBe(409);
    expect(linked.json()).toEqual({ message: ALREADY_LINKED });

    const other = await withPrecreated();
    for (const id of [other.member.id, 2_147_483_000]) {
      const res = await admin.post(`/api/members/${id}/claim-link`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Member not found' });
    }
    expect((await admin.delete(`/api/members/${member.id}`)).statusCode).toBe(204);
    expect((await admin.post(`/api/members/${member.id}/claim-link`)).statusCode).toBe(404);
    expect((await admin.post('/api/members/abc/claim-link')).statusCode).toBe(400);
    const stored = await t.database.db
      .select()
      .from(memberClaims)
      .where(eq(memberClaims.memberId, other.member.id));
    expect(stored).toEqual([]);
  });

  it('is for admins only: a member gets 403 for their own syndicate’s ids, 404 for another’s', async () => {
    const { admin, syndicate, member } = await withPrecreated();
    const plain = await signUp(t.app);
    await plain.post('/api/syndicates/join', { inviteCode: syndicate.inviteCode });
    expect((await plain.post(`/api/members/${member.id}/claim-link`)).statusCode).toBe(403);
    const other = await withPrecreated();
    expect((await plain.post(`/api/members/${other.member.id}/claim-link`)).statusCode).toBe(404);
    const stored = await t.database.db
      .select()
      .from(memberClaims)
      .where(eq(memberClaims.memberId, member.id));
    expect(stored).toEqual([]);
    expect((await admin.get(`/api/members/${member.id}`)).json<Member>().linked).toBe(false);
  });
});

describe('POST /api/members/claim', () => {
  it('binds the member to the caller (even one with no syndicate) and makes its syndicate active', async () => {
    const { admin, syndicate, member } = await withPrecreated('admin');
    const link = await linkFor(admin, member.id);
    const newcomer = await signUp(t.app, 'New Comer');
    expect((await newcomer.get('/api/members/me')).statusCode).toBe(403);

    const res = await newcomer.post('/api/members/claim', { token: ` ${tokenOf(link)} ` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...member, linked: true });
    // The role comes with the row the admin chose to send.
    expect((await newcomer.get('/api/members/me')).json<Member>()).toMatchObject({
      id: member.id,
      role: 'admin',
    });
    expect((await newcomer.get('/api/syndicates')).json()).toEqual([
      expect.objectContaining({ id: syndicate.id, role: 'admin' }),
    ]);
    const [claim] = await t.database.db
      .select()
      .from(memberClaims)
      .where(eq(memberClaims.memberId, member.id));
    expect(claim?.usedAt).not.toBeNull();
    expect(claim?.usedByUserId).toBe(newcomer.userId);
  });

  it('switches the active syndicate of a caller who already belongs to another one', async () => {
    const { admin, syndicate, member } = await withPrecreated();
    const link = await linkFor(admin, member.id);
    const { client: busy } = await signUpWithSyndicate(t.app, 'Busy Person');
    expect((await busy.post('/api/members/claim', { token: tokenOf(link) })).statusCode).toBe(200);
    expect((await busy.get('/api/settings')).json()).toMatchObject({ syndicateName: syndicate.name });
    expect((await busy.get('/api/members/me')).json<Member>().id).toBe(member.id);
  });

  it('a used, expired or unknown token answers 404 and changes nothing', async () => {
    const { admin, member } = await withPrecreated();
    const used = await linkFor(admin, member.id);
    const first = await signUp(t.app);
    expect((await first.post('/api/members/claim', { token: tokenOf(used) })).statusCode).toBe(200);
    const second = await signUp(t.app);
    const reuse = await second.post('/api/members/claim', { token: tokenOf(used) });
    expect(reuse.statusCode).toBe(404);
    expect(reuse.json()).toEqual({ message: CLAIM_INVALID });

    const fresh = await withPrecreated();
    const expiring = await linkFor(fresh.admin, fresh.member.id);
    const start = t.clock.now;
    t.clock.now = new Date(start.getTime() + 14 * DAY_MS);
    try {
      expect((await second.post('/api/members/claim', { token: tokenOf(expiring) })).statusCode).toBe(404);
    } finally {
      t.clock.now = start;
    }
    expect((await second.post('/api/members/claim', { token: 'A'.repeat(43) })).statusCode).toBe(404);
    expect((await second.get('/api/syndicates')).json()).toEqual([]);
    expect((await fresh.admin.get(`/api/members/${fresh.member.id}`)).json<Member>().linked).toBe(false);
  });

  it.each([
    [{}, 'Invite link token is required'],
    [{ token: '' }, 'Invite link token is required'],
    [{ token: '   ' }, 'Invite link token is required'],
    [{ token: 42 }, 'Invite link token is required'],
    [{ token: 'x'.repeat(129) }, 'Invite link token is too long'],
  ])('refuses %j with 400 “%s”', async (body, message) => {
    const user = await signUp(t.app);
    const res = await user.post('/api/members/claim', body);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(message);
  });

  it('needs a session (401)', async () => {
    const { admin, member } = await withPrecreated();
    const link = await linkFor(admin, member.id);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/members/claim',
      headers: { origin: TEST_ORIGIN },
      payload: { token: tokenOf(link) },
    });
    expect(res.statusCode).toBe(401);
  });

  it('409 for a caller who is already a current member of that syndicate; the link stays usable', async () => {
    const { admin, syndicate, member } = await withPrecreated();
    const link = await linkFor(admin, member.id);
    const joined = await signUp(t.app);
    await joined.post('/api/syndicates/join', { inviteCode: syndicate.inviteCode });
    const res = await joined.post('/api/members/claim', { token: tokenOf(link) });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: ALREADY_MEMBER });
    expect((await admin.post('/api/members/claim', { token: tokenOf(link) })).statusCode).toBe(409);
    const rightful = await signUp(t.app);
    expect((await rightful.post('/api/members/claim', { token: tokenOf(link) })).statusCode).toBe(200);
  });

  it('404 when the member was linked or removed after the link was made', async () => {
    const { admin, member } = await withPrecreated();
    const link = await linkFor(admin, member.id);
    const someone = await signUp(t.app);
    await t.database.db.update(members).set({ userId: someone.userId }).where(eq(members.id, member.id));
    const late = await signUp(t.app);
    expect((await late.post('/api/members/claim', { token: tokenOf(link) })).statusCode).toBe(404);

    const other = await withPrecreated();
    const link2 = await linkFor(other.admin, other.member.id);
    expect((await other.admin.delete(`/api/members/${other.member.id}`)).statusCode).toBe(204);
    expect((await late.post('/api/members/claim', { token: tokenOf(link2) })).statusCode).toBe(404);
    expect((await late.get('/api/syndicates')).json()).toEqual([]);
  });

  it('a removed user may claim a new member row the admin sends them; the old row keeps its history', async () => {
    const { admin, syndicate, member } = await withPrecreated();
    const user = await signUp(t.app, 'Came Back');
    await user.post('/api/syndicates/join', { inviteCode: syndicate.inviteCode });
    const old = (await user.get('/api/members/me')).json<Member>();
    expect((await admin.delete(`/api/members/${old.id}`)).statusCode).toBe(204);
    const link = await linkFor(admin, member.id);
    expect((await user.post('/api/members/claim', { token: tokenOf(link) })).statusCode).toBe(200);
    expect((await user.get('/api/members/me')).json<Member>().id).toBe(member.id);
    const [oldRow] = await t.database.db.select().from(members).where(eq(members.id, old.id));
    expect(oldRow).toMatchObject({ userId: null });
    expect(oldRow?.archivedAt).not.toBeNull();
  });

  it('parallel claims of one token: exactly one succeeds', async () => {
    const { admin, member } = await withPrecreated('admin');
    const link = await linkFor(admin, member.id);
    const claimants = await Promise.all(Array.from({ length: 6 }, (_, i) => signUp(t.app, `Racer ${i}`)));
    const results = await Promise.all(
      claimants.map((c) => c.post('/api/members/claim', { token: tokenOf(link) })),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 404)).toHaveLength(5);
    const winner = claimants[codes.indexOf(200)];
    const [row] = await t.database.db.select().from(members).where(eq(members.id, member.id));
    expect(row?.userId).toBe(winner?.userId);
  });

  it('one user claiming two members of one syndicate in parallel gets exactly one', async () => {
    const { admin, member } = await withPrecreated();
    const second = (
      await admin.post('/api/members', { name: 'Second Pre', email: uniqueEmail(), role: 'member' })
    ).json<Member>();
    const links = [await linkFor(admin, member.id), await linkFor(admin, second.id)];
    const user = await signUp(t.app);
    const results = await Promise.all(
      links.map((l) => user.post('/api/members/claim', { token: tokenOf(l) })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});
