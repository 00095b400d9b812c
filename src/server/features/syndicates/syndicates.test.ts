import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITE_ALPHABET } from '../../../shared/invite-code';
import { MEMBERSHIP_INACTIVE } from '../../auth/context';
import { createTestApp, signUp, signUpWithSyndicate, type TestApp } from '../../test/harness';
import { JOIN_FAILURE_LIMIT } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('creating a syndicate', () => {
  it('makes the creator its admin member and the active syndicate', async () => {
    const c = await signUp(t.app, 'Grace Hopper Lee');
    expect((await c.get('/api/syndicates')).json()).toEqual([]);
    expect((await c.get('/api/members/me')).statusCode).toBe(403);

    const res = await c.post('/api/syndicates', { name: '  Lucky Punters ', description: '  Friday club ' });
    expect(res.statusCode).toBe(201);
    const s = res.json<{ id: number; name: string; description: string; inviteCode: string }>();
    expect(s).toMatchObject({ name: 'Lucky Punters', description: 'Friday club' });
    expect(s.inviteCode).toMatch(new RegExp(`^[${INVITE_ALPHABET}]{8}$`));

    expect((await c.get('/api/syndicates')).json()).toEqual([
      { ...s, role: 'admin', current: true, isActive: true },
    ]);
    const me = (await c.get('/api/members/me')).json();
    expect(me).toMatchObject({
      name: 'Grace Hopper Lee',
      email: c.email,
      initials: 'GHL',
      role: 'admin',
      isActive: true,
    });
    expect((await c.get('/api/settings')).json()).toMatchObject({
      syndicateName: 'Lucky Punters',
      currency: 'usd',
    });
  });

  it('refuses a blank name with the spec message and creates nothing', async () => {
    const c = await signUp(t.app);
    const res = await c.post('/api/syndicates', { name: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Please enter a syndicate name' });
    expect((await c.get('/api/syndicates')).json()).toEqual([]);
  });

  it('omits an empty description and keeps a valid time zone', async () => {
    const c = await signUp(t.app);
    const res = await c.post('/api/syndicates', {
      name: 'TZ Club',
      description: '   ',
      timezone: 'Australia/Sydney',
    });
    expect(res.json()).toMatchObject({ description: null });
    expect((await c.get('/api/settings')).json()).toMatchObject({ timezone: 'Australia/Sydney' });
    const bad = await c.post('/api/syndicates', { name: 'TZ Club 2', timezone: 'Mars/Olympus' });
    expect(bad.statusCode).toBe(400);
  });

  it('requires a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/syndicates', payload: { name: 'X' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('joining by invite code', () => {
  it('joins case-insensitively as a member, idempotently', async () => {
    const { syndicate } = await signUpWithSyndicate(t.app);
    const bob = await signUp(t.app, 'Bob Smith');
    const res = await bob.post('/api/syndicates/join', {
      inviteCode: ` ${syndicate.inviteCode.toLowerCase()} `,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: syndicate.id, name: syndicate.name });
    expect((await bob.get('/api/members/me')).json()).toMatchObject({
      name: 'Bob Smith',
      role: 'member',
      initials: 'BS',
    });
    const again = await bob.post('/api/syndicates/join', { inviteCode: syndicate.inviteCode });
    expect(again.statusCode).toBe(200);
    expect((await bob.get('/api/syndicates')).json()).toHaveLength(1);
  });

  it('never links an existing unlinked member by e-mail: the joiner gets a new ordinary member', async () => {
    // Issue 13: linking by e-mail handed a pre-created row (and its role) to whoever registered
    // the address. Such a row is claimed through its personal claim link instead.
    const { syndicate } = await signUpWithSyndicate(t.app);
    const carol = await signUp(t.app, 'Carol Jones');
    const { members } = await import('../../db/schema');
    const [row] = await t.database.db
      .insert(members)
      .values({
        syndicateId: syndicate.id,
        name: 'Carol J.',
        email: carol.email.toUpperCase(),
        initials: 'CJ',
        role: 'admin',
      })
      .returning({ id: members.id });
    expect((await carol.post('/api/syndicates/join', { inviteCode: syndicate.inviteCode })).statusCode).toBe(
      200,
    );
    const me = (await carol.get('/api/members/me')).json<{ id: number; role: string; linked: boolean }>();
    expect(me.id).not.toBe(row?.id);
    expect(me).toMatchObject({ role: 'member', linked: true });
  });

  it('answers 404 "Invalid invite code" for an unknown code', async () => {
    const c = await signUp(t.app);
    const res = await c.post('/api/syndicates/join', { inviteCode: 'ZZZZZZZZ' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Invalid invite code' });
    const blank = await c.post('/api/syndicates/join', { inviteCode: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ message: 'Please enter an invite code' });
  });

  it(`answers 429 after ${JOIN_FAILURE_LIMIT} failed joins in 15 minutes, even with a valid code`, async () => {
    const { syndicate } = await signUpWithSyndicate(t.app);
    const c = await signUp(t.app);
    for (let i = 0; i < JOIN_FAILURE_LIMIT; i++) {
      expect((await c.post('/api/syndicates/join', { inviteCode: 'WRONG000' })).statusCode).toBe(404);
    }
    const blocked = await c.post('/api/syndicates/join', { inviteCode: syndicate.inviteCode });
    expect(blocked.statusCode).toBe(429);
    expect((await c.get('/api/syndicates')).json()).toEqual([]);
    // The window passes: joining works again.
    const start = t.clock.now;
    t.clock.now = new Date(start.getTime() + 15 * 60 * 1000 + 1000);
    try {
      expect((await c.post('/api/syndicates/join', { inviteCode: syndicate.inviteCode })).statusCode).toBe(
        200,
      );
    } finally {
      t.clock.now = start;
    }
  });

  it('parallel joins with one valid code: each user joins exactly once', async () => {
    const { syndicate } = await signUpWithSyndicate(t.app);
    const users = await Promise.all(Array.from({ length: 5 }, (_, i) => signUp(t.app, `Parallel ${i}`)));
    const results = await Promise.all(
      users.flatMap((u) =>
        [1, 2, 3].map(() => u.post('/api/syndicates/join', { inviteCode: syndicate.inviteCode })),
      ),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const { members } = await import('../../db/schema');
    const { eq } = await import('drizzle-orm');
    const rows = await t.database.db.select().from(members).where(eq(members.syndicateId, syndicate.id));
    expect(rows).toHaveLength(6);
  });

  it('an admin can regenerate the code, which invalidates the old one; a member cannot', async () => {
    const { client: admin, syndicate } = await signUpWithSyndicate(t.app);
    const member = await signUp(t.app);
    await member.post('/api/syndicates/join', { inviteCode: syndicate.inviteCode });
    expect((await member.post('/api/syndicates/invite-code')).statusCode).toBe(403);

    const res = await admin.post('/api/syndicates/invite-code');
    expect(res.statusCode).toBe(200);
    const { inviteCode } = res.json<{ inviteCode: string }>();
    expect(inviteCode).not.toBe(syndicate.inviteCode);
    const late = await signUp(t.app);
    expect((await late.post('/api/syndicates/join', { inviteCode: syndicate.inviteCode })).statusCode).toBe(
      404,
    );
    expect((await late.post('/api/syndicates/join', { inviteCode })).statusCode).toBe(200);
  });

  it('an admin made inactive cannot regenerate the code (403, the code unchanged)', async () => {
    const { client: admin, syndicate } = await signUpWithSyndicate(t.app);
    const other = await signUp(t.app);
    await other.post('/api/syndicates/join', { inviteCode: syndicate.inviteCode });
    const { id } = (await other.get('/api/members/me')).json<{ id: number }>();
    expect((await admin.put(`/api/members/${id}`, { role: 'admin' })).statusCode).toBe(200);
    expect((await admin.put(`/api/members/${id}`, { isActive: false })).statusCode).toBe(200);

    const res = await other.post('/api/syndicates/invite-code');
    expect(res.statusCode).toBe(403);
    expect(res.json<{ message: string }>().message).toBe(MEMBERSHIP_INACTIVE);
    const late = await signUp(t.app);
    expect((await late.post('/api/syndicates/join', { inviteCode: syndicate.inviteCode })).statusCode).toBe(
      200,
    );
  });
});
