// Shared set-up for the bets API tests: a syndicate with an admin and a plain member.
import { expect } from 'vitest';
import type { Bet } from '../../../shared/bet';
import { type Client, signUp, signUpWithSyndicate, type TestApp } from '../../test/harness';

export type ErrorBody = { message: string; errors?: { path: string; message: string }[] };

export interface Crew {
  syndicateId: number;
  inviteCode: string;
  admin: Client;
  adminMemberId: number;
  member: Client;
  memberMemberId: number;
  raceId: number;
}

async function myMemberId(client: Client): Promise<number> {
  const res = await client.get('/api/members/me');
  expect(res.statusCode).toBe(200);
  return res.json<{ id: number }>().id;
}

/** A new syndicate with an admin, a member who joined by invite code, and one race. */
export async function crew(t: TestApp): Promise<Crew> {
  const { client: admin, syndicate } = await signUpWithSyndicate(t.app);
  const member = await signUp(t.app, 'Mia Member');
  expect((await member.post('/api/syndicates/join', { inviteCode: syndicate.inviteCode })).statusCode).toBe(
    200,
  );
  const race = await admin.post('/api/races', {
    name: 'Golden Slipper',
    venue: 'Rosehill',
    date: '2030-03-22T06:00:00.000Z',
  });
  expect(race.statusCode).toBe(201);
  return {
    syndicateId: syndicate.id,
    inviteCode: syndicate.inviteCode,
    admin,
    adminMemberId: await myMemberId(admin),
    member,
    memberMemberId: await myMemberId(member),
    raceId: race.json<{ id: number }>().id,
  };
}

/** Another plain member who joins the crew's syndicate by its invite code. */
export async function joinPeer(t: TestApp, c: Crew, name = 'Pat Peer') {
  const client = await signUp(t.app, name);
  expect((await client.post('/api/syndicates/join', { inviteCode: c.inviteCode })).statusCode).toBe(200);
  return { client, memberId: await myMemberId(client) };
}

/** The spec §7 payload of a single bet. */
export const singleBet = (c: Crew, overrides: Record<string, unknown> = {}) => ({
  memberId: c.adminMemberId,
  horseName: 'Phar Lap',
  status: 'pending',
  date: '2030-03-22T05:00:00.000Z',
  raceId: c.raceId,
  betType: 'win',
  odds: 3.25,
  amount: 10,
  oddsType: 'fixed',
  ...overrides,
});

/** The spec §7 payload of a two-part bet. */
export const twoPartBet = (c: Crew, overrides: Record<string, unknown> = {}) => {
  const { betType: _t, odds: _o, amount: _a, ...rest } = singleBet(c);
  return {
    ...rest,
    bets: [
      { betType: 'win', odds: 4.5, amount: 10 },
      { betType: 'place', odds: 1.8, amount: 20 },
    ],
    ...overrides,
  };
};

export async function placeBet(client: Client, body: object): Promise<Bet> {
  const res = await client.post('/api/bets', body);
  expect(res.statusCode, res.body).toBe(201);
  const [bet] = res.json<{ bets: Bet[] }>().bets;
  if (!bet) throw new Error('no bet returned');
  return bet;
}

export async function listBets(client: Client): Promise<Bet[]> {
  const res = await client.get('/api/bets');
  expect(res.statusCode).toBe(200);
  return res.json<Bet[]>();
}
