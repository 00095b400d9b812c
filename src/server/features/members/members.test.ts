import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Member } from '../../../shared/member';
import { bets } from '../../db/schema';
import {
  type Client,
  createTestApp,
  signUp,
  signUpWithSyndicate,
  type TestApp,
  uniqueEmail,
} from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

interface ErrorBody {
  message: string;
  errors?: { path: string; message: string }[];
}

/** An admin's syndicate plus a second user who joined it with the invite code (role member). */
async function syndicateWithMember() {
  const { client: admin, syndicate } = await signUpWithSyndicate(t.app, 'Alice Admin');
  const user = await signUp(t.app, 'Bob Member');
  const join = await user.post('/api/syndicates/join', { inviteCode: syndicate.inviteCode });
  expect(join.statusCode).toBe(200);
  const adminMember = (await admin.get('/api/members/me')).json<Member>();
  const member = (await user.get('/api/members/me')).json<Member>();
  return { admin, user, syndicate, adminMember, member };
}

const list = async (c: Client) => (await c.get('/api/members')).json<Member[]>();
const newMember = (over: Record<string, unknown> = {}) => ({
  name: 'Carol Ann Smith',
  email: uniqueEmail('carol'),
  role: 'member',
  isActive: true,
  ...over,
});

describe('GET /api/members', () => {
  it('lists non-archived members in join order and reads one by id', async () => {
    const { admin, adminMember, member } = await syndicateWithMember();
    expect(adminMember).toMatchObject({ name: 'Alice Admin', initials: 'AA', role: 'admin', isActive: true });
    expect(member).toMatchObject({ name: 'Bob Member', initials: 'BM', role: 'member' });
    expect((await list(admin)).map((m) => m.id)).toEqual([adminMember.id, member.id]);
    const one = await admin.get(`/api/members/${member.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(member);
  });

  it('keeps inactive members in the list and filters with ?active=', async () => {
    const { admin, member } = await syndicateWithMember();
    expect((await admin.put(`/api/members/${member.id}`, { isActive: false })).statusCode).toBe(200);
    expect((await list(admin)).map((m) => [m.id, m.isActive])).toContainEqual([member.id, false]);
    const active = (await admin.get('/api/members?active=true')).json<Member[]>();
    expect(active.map((m) => m.id)).not.toContain(member.id);
    const inactive = (await admin.get('/api/members?active=false')).json<Member[]>();
    expect(inactive.map((m) => m.id)).toEqual([member.id]);
    expect((await admin.get('/api/members?active=maybe')).statusCode).toBe(400);
  });

  it('answers 404 for a missing id, a huge id and another syndicate’s member; 400 for a non-id', async () => {
    const { admin } = await syndicateWithMember();
    const other = await syndicateWithMember();
    expect((await admin.get(`/api/members/${other.member.id}`)).statusCode).toBe(404);
    expect((await admin.get('/api/members/2147483648')).statusCode).toBe(404);
    expect((await admin.get('/api/members/99999999999999999999999')).statusCode).toBe(404);
    expect((await admin.get('/api/members/abc')).statusCode).toBe(400);
    expect((await admin.get('/api/members/0')).statusCode).toBe(400);
  });

  it('answers a member 404, not 403, for ids past int4 on admin-only routes, as an admin gets', async () => {
    const { admin, user } = await syndicateWithMember();
    const huge = '2147483648';
    for (const [method, url] of [
      ['DELETE', `/api/members/${huge}`],
      ['POST', `/api/members/${huge}/restore`],
      ['DELETE', `/api/races/${huge}`],
      ['DELETE', `/api/subscriptions/${huge}`],
      ['POST', `/api/bank/entries/${huge}/reverse`],
    ] as const) {
      for (const who of [admin, user]) {
        const res = await who.request(method, url);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
    }
  });
});

describe('POST /api/members', () => {
  it('adds a member (201), deriving upper-cased initials when absent or blank', async () => {
    const { client: admin } = await signUpWithSyndicate(t.app);
    const body = newMember();
    const res = await admin.post('/api/members', body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      name: 'Carol Ann Smith',
      email: body.email,
      initials: 'CAS',
      role: 'member',
      isActive: true,
      linked: false,
    });
    const blank = await admin.post('/api/members', newMember({ name: 'dave  jones', initials: '  ' }));
    expect(blank.json<Member>().initials).toBe('DJ');
    const typed = await admin.post(
      '/api/members',
      newMember({ name: 'Eve Long', initials: 'ev', isActive: undefined }),
    );
    expect(typed.json<Member>()).toMatchObject({ initials: 'EV', isActive: true });
    const created = await admin.get(`/api/members/${res.json<Member>().id}`);
    expect(created.json()).toEqual(res.json());
    expect((await list(admin)).length).toBe(4);
  });

  it.each([
    [{ name: 'A' }, 'Name must be at least 2 characters'],
    [{ name: '   ' }, 'Name must be at least 2 characters'],
    [{ name: undefined }, 'Name must be at least 2 characters'],
    [{ name: 'x'.repeat(101) }, 'Name must be at most 100 characters'],
    [{ email: 'not-an-email' }, 'Invalid email address'],
    [{ email: undefined }, 'Invalid email address'],
    [{ initials: 'ABCD' }, 'Initials must be at most 3 characters'],
    [{ role: undefined }, 'Role is required'],
    [{ role: '' }, 'Role is required'],
    [{ role: 'owner' }, 'Role must be admin or member'],
    [{ isActive: 'yes' }, 'Status must be true or false'],
  ])('refuses %j with “%s” and changes nothing', async (override, message) => {
    const { client: admin } = await signUpWithSyndicate(t.app);
    const before = await list(admin);
    const res = await admin.post('/api/members', newMember(override));
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().message).toBe(message);
    expect(await list(admin)).toEqual(before);
  });

  it('refuses a second current member with the same e-mail (409)', async () => {
    const { client: admin } = await signUpWithSyndicate(t.app);
    const email = uniqueEmail('dup');
    expect((await admin.post('/api/members', newMember({ email }))).statusCode).toBe(201);
    const again = await admin.post('/api/members', newMember({ email: email.toUpperCase() }));
    expect(again.statusCode).toBe(409);
    expect((await list(admin)).length).toBe(2);
  });

  it('is for admins only (403 for a member, nothing added)', async () => {
    const { admin, user } = await syndicateWithMember();
    const res = await user.post('/api/members', newMember());
    expect(res.statusCode).toBe(403);
    expect(res.json<ErrorBody>().message).toEqual(expect.any(String));
    expect((await list(admin)).length).toBe(2);
  });
});

describe('PUT /api/members/:id', () => {
  it('lets an admin edit every field', async () => {
    const { admin, member } = await syndicateWithMember();
    const email = uniqueEmail('bob');
    const res = await admin.put(`/api/members/${member.id}`, {
      name: ' Robert Member ',
      email,
      initials: 'rm',
      role: 'admin',
      isActive: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: member.id,
      name: 'Robert Member',
      email,
      initials: 'RM',
      role: 'admin',
      isActive: false,
      linked: true,
    });
    expect((await admin.get(`/api/members/${member.id}`)).json()).toEqual(res.json());
  });

  it('lets a member edit their own name and initials, and nothing else', async () => {
    const { admin, user, adminMember, member } = await syndicateWithMember();
    const own = await user.put(`/api/members/${member.id}`, { name: 'Bobby Tables', initials: 'bt' });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ name: 'Bobby Tables', initials: 'BT', role: 'member' });
    // The whole form may be sent back: unchanged admin-only fields are fine.
    const whole = await user.put(`/api/members/${member.id}`, { ...own.json<Member>(), name: 'Bobby T' });
    expect(whole.statusCode).toBe(200);
    const before = await list(admin);
    for (const body of [{ role: 'admin' }, { isActive: false }, { email: uniqueEmail() }]) {
      const res = await user.put(`/api/members/${member.id}`, body);
      expect(res.statusCode).toBe(403);
    }
    const other = await user.put(`/api/members/${adminMember.id}`, { name: 'Hacked' });
    expect(other.statusCode).toBe(403);
    expect(await list(admin)).toEqual(before);
  });

  it.each([
    [{ name: 'A' }, 'Name must be at least 2 characters'],
    [{ email: 'bad@' }, 'Invalid email address'],
    [{ initials: '' }, 'Initials are required'],
    [{ initials: '   ' }, 'Initials are required'],
    [{ initials: 'ABCD' }, 'Initials must be at most 3 characters'],
    [{ role: '' }, 'Role is required'],
    [{ role: 'boss' }, 'Role must be admin or member'],
  ])('refuses %j with “%s” and changes nothing', async (body, message) => {
    const { admin, member } = await syndicateWithMember();
    const res = await admin.put(`/api/members/${member.id}`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().message).toBe(message);
    expect((await admin.get(`/api/members/${member.id}`)).json()).toEqual(member);
  });

  it('refuses to demote the last admin (409) but allows it once there is another', async () => {
    const { admin, adminMember, member } = await syndicateWithMember();
    const res = await admin.put(`/api/members/${adminMember.id}`, { role: 'member' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'A syndicate needs at least one admin' });
    expect((await admin.get('/api/members/me')).json<Member>().role).toBe('admin');

    expect((await admin.put(`/api/members/${member.id}`, { role: 'admin' })).statusCode).toBe(200);
    const demoted = await admin.put(`/api/members/${adminMember.id}`, { role: 'member' });
    expect(demoted.statusCode).toBe(200);
    // The demoted caller is a member from the next request on.
    expect((await admin.post('/api/members', newMember())).statusCode).toBe(403);
  });

  it('answers 404 for another syndicate’s member and leaves it unchanged', async () => {
    const { admin } = await syndicateWithMember();
    const other = await syndicateWithMember();
    const res = await admin.put(`/api/members/${other.member.id}`, { name: 'Taken Over', role: 'admin' });
    expect(res.statusCode).toBe(404);
    expect((await other.admin.get(`/api/members/${other.member.id}`)).json()).toEqual(other.member);
    expect((await admin.put('/api/members/3000000000', { name: 'Nobody' })).statusCode).toBe(404);
  });
});

describe('DELETE /api/members/:id', () => {
  it('archives: gone from lists, the user loses access at once, the bets stay (204)', async () => {
    const { admin, user, member, syndicate } = await syndicateWithMember();
    const [bet] = await t.database.db
      .insert(bets)
      .values({
        syndicateId: syndicate.id,
        memberId: member.id,
        horseName: 'Phar Lap',
        oddsHundredths: 325,
        amountCents: 1000,
        date: new Date(),
      })
      .returning({ id: bets.id });
    const res = await admin.delete(`/api/members/${member.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await list(admin)).map((m) => m.id)).not.toContain(member.id);
    expect((await admin.get(`/api/members/${member.id}`)).statusCode).toBe(404);
    expect((await user.get('/api/members')).statusCode).toBe(403);
    expect((await user.get('/api/syndicates')).json()).toEqual([]);
    const kept = await t.database.db
      .select()
      .from(bets)
      .where(eq(bets.id, bet?.id ?? 0));
    expect(kept).toHaveLength(1);
    // Removing it again: it is gone.
    expect((await admin.delete(`/api/members/${member.id}`)).statusCode).toBe(404);
  });

  it('a removed admin cannot re-join with the code (403); restored, they come back as a member', async () => {
    const { admin, user, member, syndicate } = await syndicateWithMember();
    await admin.put(`/api/members/${member.id}`, { role: 'admin' });
    expect((await admin.delete(`/api/members/${member.id}`)).statusCode).toBe(204);
    expect((await user.post('/api/syndicates/join', { inviteCode: syndicate.inviteCode })).statusCode).toBe(
      403,
    );
    expect((await admin.post(`/api/members/${member.id}/restore`)).statusCode).toBe(200);
    expect((await user.get('/api/members/me')).json<Member>()).toMatchObject({
      id: member.id,
      role: 'member',
    });
  });

  it('refuses to remove the last admin (409)', async () => {
    const { admin, adminMember } = await syndicateWithMember();
    const res = await admin.delete(`/api/members/${adminMember.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'A syndicate needs at least one admin' });
    expect((await admin.get('/api/members/me')).statusCode).toBe(200);
  });

  it('is for admins only, and 404 for another syndicate’s member', async () => {
    const { admin, user, adminMember, member } = await syndicateWithMember();
    expect((await user.delete(`/api/members/${adminMember.id}`)).statusCode).toBe(403);
    expect((await user.delete(`/api/members/${member.id}`)).statusCode).toBe(403);
    const other = await syndicateWithMember();
    expect((await admin.delete(`/api/members/${other.member.id}`)).statusCode).toBe(404);
    expect((await other.admin.get(`/api/members/${other.member.id}`)).statusCode).toBe(200);
    expect((await list(admin)).length).toBe(2);
  });
});

describe('POST /api/members/me/leave', () => {
  it('lets a member leave (204) and refuses the last admin (409)', async () => {
    const { admin, user, member } = await syndicateWithMember();
    const refused = await admin.post('/api/members/me/leave');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'A syndicate needs at least one admin' });

    const left = await user.post('/api/members/me/leave');
    expect(left.statusCode).toBe(204);
    expect((await user.get('/api/members/me')).statusCode).toBe(403);
    expect((await list(admin)).map((m) => m.id)).not.toContain(member.id);
  });

  it('lets an admin leave when another admin remains', async () => {
    const { admin, user, adminMember, member } = await syndicateWithMember();
    await admin.put(`/api/members/${member.id}`, { role: 'admin' });
    expect((await admin.post('/api/members/me/leave')).statusCode).toBe(204);
    expect((await user.get('/api/members')).json<Member[]>().map((m) => m.id)).toEqual([member.id]);
    expect((await user.get(`/api/members/${adminMember.id}`)).statusCode).toBe(404);
  });
});
