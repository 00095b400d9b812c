// Test data written straight to the tables (the members, races and bets features own their
// routes; these tests only need rows). Used by the stats, rotation and reminders tests.
import type { FastifyInstance } from 'fastify';
import { settle, toCents, toHundredths } from '../../../shared/money';
import type { Db } from '../../db/client';
import { bets, members, races } from '../../db/schema';
import { signUp } from '../../test/harness';

/** A new user who joins the syndicate as a plain member; returns the client and its member id. */
export async function joinAsMember(app: FastifyInstance, inviteCode: string, name = 'Mo Member') {
  const client = await signUp(app, name);
  const joined = await client.post('/api/syndicates/join', { inviteCode });
  if (joined.statusCode !== 200) throw new Error(`join failed: ${joined.statusCode} ${joined.body}`);
  return { client, memberId: await myMemberId(client) };
}

export async function myMemberId(client: Awaited<ReturnType<typeof signUp>>): Promise<number> {
  const res = await client.get('/api/members/me');
  if (res.statusCode !== 200) throw new Error(`members/me failed: ${res.statusCode} ${res.body}`);
  return res.json<{ id: number }>().id;
}

export async function addMember(
  db: Db,
  syndicateId: number,
  options: { name?: string; isActive?: boolean; archived?: boolean } = {},
): Promise<number> {
  const name = options.name ?? 'Extra Member';
  const [row] = await db
    .insert(members)
    .values({
      syndicateId,
      name,
      email: `${name.replaceAll(' ', '.').toLowerCase()}@example.test`,
      initials: name
        .split(' ')
        .map((w) => w[0] ?? '')
        .join('')
        .toUpperCase()
        .slice(0, 3),
      isActive: options.isActive ?? true,
      archivedAt: options.archived ? new Date() : null,
    })
    .returning({ id: members.id });
  if (!row) throw new Error('no member row');
  return row.id;
}

export async function addRace(
  db: Db,
  syndicateId: number,
  date: Date,
  options: { name?: string; venue?: string } = {},
): Promise<number> {
  const [row] = await db
    .insert(races)
    .values({ syndicateId, date, name: options.name ?? 'Test Stakes', venue: options.venue ?? 'Randwick' })
    .returning({ id: races.id });
  if (!row) throw new Error('no race row');
  return row.id;
}

/** A bet; settled ones get their result from `settle` (the one settlement rule). */
export async function addBet(
  db: Db,
  syndicateId: number,
  bet: {
    memberId: number;
    status?: 'pending' | 'win' | 'loss';
    /** cents */
    amountCents?: number;
    /** hundredths */
    oddsHundredths?: number;
    date?: Date;
    settledAt?: Date | null;
  },
): Promise<number> {
  const status = bet.status ?? 'pending';
  const amountCents = bet.amountCents ?? 1000;
  const oddsHundredths = bet.oddsHundredths ?? 300;
  const date = bet.date ?? new Date();
  const [row] = await db
    .insert(bets)
    .values({
      syndicateId,
      memberId: bet.memberId,
      horseName: 'Phar Lap',
      amountCents,
      oddsHundredths,
      status,
      date,
      resultCents:
        status === 'pending'
          ? null
          : settle(toCents(amountCents / 100), toHundredths(oddsHundredths / 100), status),
      settledAt: status === 'pending' ? null : bet.settledAt === undefined ? date : bet.settledAt,
    })
    .returning({ id: bets.id });
  if (!row) throw new Error('no bet row');
  return row.id;
}
