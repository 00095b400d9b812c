// Issue 13, High 1 and Medium 6: joining by invite code must never hand a pre-created member row
// (and its role) to whoever registers that row's e-mail, and must not bring back a removed member.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Member } from '../../../shared/member';
import { createSession } from '../../auth/sessions';
import { members, users } from '../../db/schema';
import { Client, createTestApp, signUpWithSyndicate, type TestApp, uniqueEmail } from '../../test/harness';

let t: TestApp;
let oidc: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // OIDC mode: the issuer is never contacted here (discovery is lazy); users and sessions are
  // made with SQL, as the OIDC callback would make them.
  oidc = await createTestApp({
    OIDC_ISSUER_URL: 'http://127.0.0.1:9/issuer',
    OIDC_CLIENT_ID: 'racing-syndicate',
    OIDC_CLIENT_SECRET: 'a-long-client-secret-for-tests',
  });
});
afterAll(async () => {
  await t.close();
  await oidc.close();
});

/** Registers a local account with exactly this e-mail (the attacker picks it). */
async function registerAs(email: string, name = 'Mallory Attacker') {
  const client = new Client(t.app);
  const res = await client.post('/api/auth/register', { name, email, password: 'correct horse battery' });
  expect(res.statusCode, res.body).toBe(201);
  return client;
}

/** An admin's syndicate with a pre-created admin row (no user) holding `email`. */
async function syndicateWithPrecreatedAdmin(email: string) {
  const { client: admin, syndicate } = await signUpWithSyndicate(t.app, 'Real Admin');
  const res = await admin.post('/api/members', { name: 'Co Admin', email, role: 'admin' });
  expect(res.statusCode, res.body).toBe(201);
  return { admin, syndicate, precreated: res.json<Member>() };
}

describe('joining by code with a pre-created member’s e-mail (local mode)', () => {
  it.each([
    ['same case', (e: string) => e],
    ['upper case', (e: string) => e.toUpperCase()],
    ['mixed case', (e: string) => e.replace(/^./, (c) => c.toUpperCase())],
  ])('%s: the attacker gets a new ordinary member, never the admin row', async (_, variant) => {
    const email = uniqueEmail('coadmin');
    const { admin, syndicate, precreated } = await syndicateWithPrecreatedAdmin(email);
    const adminMember = (await admin.get('/api/members/me')).json<Member>();
    const attacker = await registerAs(variant(email));

    const join = await attacker.post('/api/syndicates/join', { inviteCode: syndicate.inviteCode });
    expect(join.statusCode).toBe(200);
    const me = (await attacker.get('/api/members/me')).json<Member>();
    expect(me.id).not.toBe(precreated.id);
    expect(me.role).toBe('member');

    // With no admin role the attacker cannot remove the real admin.
    expect((await attacker.delete(`/api/members/${adminMember.id}`)).statusCode).toBe(403);
    expect((await admin.get('/api/members/me')).json<Member>()).toMatchObject({ role: 'admin' });
    // The pre-created row stays unlinked, waiting for its claim link.
    const [row] = await t.database.db.select().from(members).where(eq(members.id, precreated.id));
    expect(row?.userId).toBeNull();
  });
});

describe('rejoining after removal', () => {
  it('answers 403 with the restore message and keeps the member archived', async () => {
    const { client: admin, syndicate } = await signUpWithSyndicate(t.app);
    const user = await registerAs(uniqueEmail('removed'), 'Removed User');
    expect((await user.post('/api/syndicates/join', { inviteCode: syndicate.inviteCode })).statusCode).toBe(
      200,
    );
    const member = (await user.get('/api/members/me')).json<Member>();
    expect((await admin.delete(`/api/members/${member.id}`)).statusCode).toBe(204);

    const again = await user.post('/api/syndicates/join', { inviteCode: syndicate.inviteCode });
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual({
      message: 'You were removed from this syndicate. Ask an admin to restore you.',
    });
    expect((await user.get('/api/members/me')).statusCode).toBe(403);
    expect((await user.get('/api/syndicates')).json()).toEqual([]);
    const [row] = await t.database.db.select().from(members).where(eq(members.id, member.id));
    expect(row?.archivedAt).not.toBeNull();
  });
});

describe('joining by code in OIDC mode', () => {
  let counter = 0;
  /** A user as the OIDC callback stores it, with a signed-in client. */
  async function oidcUser(email: string, emailVerified: boolean, name = 'Oidc User') {
    counter++;
    const [user] = await oidc.database.db
      .insert(users)
      .values({
        name,
        email,
        oidcIssuer: 'http://127.0.0.1:9/issuer',
        oidcSubject: `sub-${Date.now()}-${counter}`,
        emailVerified,
      })
      .returning({ id: users.id });
    if (!user) throw new Error('no user');
    const client = new Client(oidc.app);
    client.cookie = await createSession(oidc.database.db, user.id, oidc.clock.now);
    return client;
  }

  async function oidcSyndicateWithPrecreated(email: string, role: 'admin' | 'member') {
    const admin = await oidcUser(uniqueEmail('oidc-admin'), true, 'Oidc Admin');
    const created = await admin.post('/api/syndicates', { name: 'OIDC Club' });
    expect(created.statusCode, created.body).toBe(201);
    const pre = await admin.post('/api/members', { name: 'Pre Created', email, role });
    expect(pre.statusCode, pre.body).toBe(201);
    return { syndicate: created.json<{ inviteCode: string }>(), precreated: pre.json<Member>() };
  }

  it('links the pre-created row only when the provider verified the e-mail', async () => {
    const email = uniqueEmail('verified');
    const { syndicate, precreated } = await oidcSyndicateWithPrecreated(email, 'member');
    const verified = await oidcUser(email.toUpperCase(), true);
    expect(
      (await verified.post('/api/syndicates/join', { inviteCode: syndicate.inviteCode })).statusCode,
    ).toBe(200);
    expect((await verified.get('/api/members/me')).json<Member>().id).toBe(precreated.id);
  });

  it('an unverified e-mail gets a new ordinary member instead', async () => {
    const email = uniqueEmail('unverified');
    const { syndicate, precreated } = await oidcSyndicateWithPrecreated(email, 'admin');
    const unverified = await oidcUser(email, false);
    expect(
      (await unverified.post('/api/syndicates/join', { inviteCode: syndicate.inviteCode })).statusCode,
    ).toBe(200);
    const me = (await unverified.get('/api/members/me')).json<Member>();
    expect(me.id).not.toBe(precreated.id);
    expect(me.role).toBe('member');
  });
});
