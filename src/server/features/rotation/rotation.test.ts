import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { NextBet } from '../../../shared/rotation';
import { syndicates } from '../../db/schema';
import { Client, createTestApp, signUpWithSyndicate, type TestApp } from '../../test/harness';
import { addBet, addMember, addRace, joinAsMember, myMemberId } from '../stats/test-fixtures';

const NOW = new Date('2030-03-10T02:00:00.000Z');
const HOUR = 3_600_000;
const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());
beforeEach(() => {
  t.clock.now = NOW;
});

type Item = {
  race: { id: number; name: string; venue: string; date: string };
  member: { id: number; name: string; initials: string };
};
type ErrorBody = { message: string };

/** A syndicate with admin Ann, member Mo, extra Xi, plus an inactive and an archived member. */
async function club() {
  const admin = await signUpWithSyndicate(t.app, 'Ann Admin');
  const db = t.database.db;
  const id = admin.syndicate.id;
  const ann = await myMemberId(admin.client);
  const mo = await joinAsMember(t.app, admin.syndicate.inviteCode, 'Mo Member');
  const xi = await addMember(db, id, { name: 'Xi Extra' });
  const resting = await addMember(db, id, { name: 'Resting Rider', isActive: false });
  const gone = await addMember(db, id, { name: 'Gone Girl', archived: true });
  const past = await addRace(db, id, at(-1), { name: 'Yesterday Cup' });
  const r1 = await addRace(db, id, at(0), { name: 'Now Plate', venue: 'Flemington' });
  const r3 = await addRace(db, id, at(48), { name: 'Later Stakes' });
  const r2 = await addRace(db, id, at(24), { name: 'Next Day Handicap' });
  const r4 = await addRace(db, id, at(72), { name: 'Far Cup' });
  const setStrategy = (rotationStrategy: string) =>
    admin.client.put('/api/settings', {
      syndicateName: 'Rotation Club',
      defaultBetAmount: 100,
      currency: 'usd',
      rotationStrategy,
    });
  return { ...admin, ann, mo, xi, resting, gone, past, races: [r1, r2, r3, r4], setStrategy };
}

const rotation = async (client: Client, query = '') => {
  const res = await client.get(`/api/rotation${query}`);
  expect(res.statusCode).toBe(200);
  return res.json<Item[]>();
};

describe('rotation', () => {
  it('pairs the next races from now on (default 3) with active members in join order', async () => {
    const c = await club();
    const items = await rotation(c.client);
    expect(items.map((i) => i.race.id)).toEqual(c.races.slice(0, 3));
    expect(items[0]).toEqual({
      race: { id: c.races[0], name: 'Now Plate', venue: 'Flemington', date: NOW.toISOString() },
      member: { id: c.ann, name: 'Ann Admin', initials: 'AA' },
    });
    expect(items.map((i) => i.member.id)).toEqual([c.ann, c.mo.memberId, c.xi]);
    const four = await rotation(c.client, '?count=4');
    expect(four.map((i) => i.member.id)).toEqual([c.ann, c.mo.memberId, c.xi, c.ann]);
  });

  it('starts after the member of the most recent bet (by date, then id)', async () => {
    const c = await club();
    const db = t.database.db;
    await addBet(db, c.syndicate.id, { memberId: c.xi, date: at(-5) });
    await addBet(db, c.syndicate.id, { memberId: c.ann, date: at(-2) });
    await addBet(db, c.syndicate.id, { memberId: c.mo.memberId, date: at(-2), status: 'win' });
    const items = await rotation(c.client);
    expect(items.map((i) => i.member.id)).toEqual([c.xi, c.ann, c.mo.memberId]);
    // A bet by a member who has since left: whoever joined after them is next.
    await addBet(db, c.syndicate.id, { memberId: c.gone, date: at(-1) });
    expect((await rotation(c.client)).map((i) => i.member.id)).toEqual([c.ann, c.mo.memberId, c.xi]);
  });

  it('random: the same member for every caller, from the active members', async () => {
    const c = await club();
    expect((await c.setStrategy('random')).statusCode).toBe(200);
    const forAdmin = await rotation(c.client, '?count=4');
    const forMember = await rotation(c.mo.client, '?count=4');
    expect(forMember).toEqual(forAdmin);
    const active = [c.ann, c.mo.memberId, c.xi];
    for (const item of forAdmin) expect(active).toContain(item.member.id);
  });

  it('manual: the admin pick takes every race; without one, sequential', async () => {
    const c = await club();
    await c.setStrategy('manual');
    expect((await rotation(c.client)).map((i) => i.member.id)).toEqual([c.ann, c.mo.memberId, c.xi]);
    const set = await c.client.put('/api/next-bet', { memberId: c.xi });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ member: { id: c.xi, name: 'Xi Extra' }, date: NOW.toISOString() });
    expect((await rotation(c.client)).map((i) => i.member.id)).toEqual([c.xi, c.xi, c.xi]);
    expect((await c.mo.client.get('/api/next-bet')).json<NextBet>().member?.id).toBe(c.xi);
    // Under another strategy the pick waits.
    await c.setStrategy('sequential');
    expect((await rotation(c.client)).map((i) => i.member.id)).toEqual([c.ann, c.mo.memberId, c.xi]);
    await c.setStrategy('manual');
    const cleared = await c.client.put('/api/next-bet', { memberId: null });
    expect(cleared.json<NextBet>().member?.id).toBe(c.ann);
  });

  it('manual pick: admin only (403), an active member of this syndicate (404/400), nothing changes', async () => {
    const c = await club();
    const other = await signUpWithSyndicate(t.app);
    const outsider = await myMemberId(other.client);
    const before = async () =>
      (await t.database.db.select().from(syndicates).where(eq(syndicates.id, c.syndicate.id)))[0]
        ?.manualNextMemberId;
    await c.client.put('/api/next-bet', { memberId: c.mo.memberId });

    const refused = await c.mo.client.put('/api/next-bet', { memberId: c.mo.memberId });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ErrorBody>().message).toBe('Only an admin of the syndicate can do this');
    for (const memberId of [outsider, c.gone, 2_147_483_647, 2 ** 40]) {
      const res = await c.client.put('/api/next-bet', { memberId });
      expect(res.statusCode).toBe(404);
      expect(res.json<ErrorBody>().message).toBe('Member not found');
    }
    const inactive = await c.client.put('/api/next-bet', { memberId: c.resting });
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json<ErrorBody>().message).toBe('Only an active member can be picked for the next bet');
    for (const body of [{}, { memberId: 'x' }, { memberId: 0 }, { memberId: 1.5 }]) {
      expect((await c.client.put('/api/next-bet', body)).statusCode).toBe(400);
    }
    expect(await before()).toBe(c.mo.memberId);
  });

  it('next bet: the first rotation item, or both null', async () => {
    const c = await club();
    expect((await c.client.get('/api/next-bet')).json()).toEqual({
      member: { id: c.ann, name: 'Ann Admin' },
      date: NOW.toISOString(),
    });
    t.clock.now = at(100);
    expect((await c.client.get('/api/next-bet')).json()).toEqual({ member: null, date: null });
    expect(await rotation(c.client)).toEqual([]);
  });

  it("never shows another syndicate's races or members", async () => {
    const c = await club();
    const other = await signUpWithSyndicate(t.app);
    expect(await rotation(other.client)).toEqual([]);
    await addRace(t.database.db, other.syndicate.id, at(1));
    const theirs = await rotation(other.client);
    expect(theirs.map((i) => i.member.id)).toEqual([await myMemberId(other.client)]);
    expect((await rotation(c.client)).map((i) => i.race.id)).toEqual(c.races.slice(0, 3));
  });

  it('validates count (1–20) and needs a session', async () => {
    const { client } = await signUpWithSyndicate(t.app);
    for (const count of ['0', '21', 'abc', '1.5', '-3', '']) {
      const res = await client.get(`/api/rotation?count=${count}`);
      expect(res.statusCode, count).toBe(400);
      expect(res.json<ErrorBody>().message).toBe('Count must be between 1 and 20');
    }
    expect((await client.get('/api/rotation?count=20')).statusCode).toBe(200);
    expect((await new Client(t.app).get('/api/rotation')).statusCode).toBe(401);
    expect((await new Client(t.app).get('/api/next-bet')).statusCode).toBe(401);
  });
});
