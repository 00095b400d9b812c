// The built-in engine against real data: each intent, several phrasings, names from the data.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BETS_LIST_CAP } from '../../shared/bet';
import { type Client, createTestApp, signUpWithSyndicate, type TestApp } from '../test/harness';
import { seedAttack } from './attack-fixtures';
import { answerQuestion } from './engine';

let t: TestApp;
let admin: Client;
let syndicateId: number;
const ids: Record<string, number> = {};

const START = new Date('2030-06-01T00:00:00.000Z');

async function ok<T>(
  res: Promise<{ statusCode: number; body: string; json<U>(): U }>,
  status = 201,
): Promise<T> {
  const r = await res;
  expect(r.statusCode, r.body).toBe(status);
  return r.json<T>();
}

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = START;
  const created = await signUpWithSyndicate(t.app, 'Alice Admin');
  admin = created.client;
  syndicateId = created.syndicate.id;
  ids.alice = (await ok<{ id: number }>(admin.get('/api/members/me'), 200)).id;
  await ok(
    admin.put('/api/settings', {
      syndicateName: 'Turf Club',
      defaultBetAmount: 50,
      currency: 'aud',
      rotationStrategy: 'sequential',
      timezone: 'Australia/Sydney',
    }),
    200,
  );
  for (const [key, name] of [
    ['carol', 'Carol Smith'],
    ['bob', 'Bob Jones'],
  ] as const) {
    const email = `${key}-${randomBytes(4).toString('hex')}@example.test`;
    ids[key] = (
      await ok<{ id: number }>(
        admin.post('/api/members', { name, email, initials: 'XX', role: 'member', isActive: true }),
      )
    ).id;
  }
  const slipper = await ok<{ id: number }>(
    admin.post('/api/races', {
      name: 'Golden Slipper',
      venue: 'Rosehill',
      date: '2030-06-10T05:00:00.000Z',
      description: '',
    }),
  );
  await ok(
    admin.post('/api/races', {
      name: 'Cox Plate',
      venue: 'Moonee Valley',
      date: '2030-06-20T05:00:00.000Z',
      description: '',
    }),
  );
  const bet = (memberId: number | undefined, horseName: string, odds: number, amount: number, date: string) =>
    ok<{ bets: { id: number }[] }>(
      admin.post('/api/bets', {
        memberId,
        horseName,
        status: 'pending',
        date,
        raceId: slipper.id,
        betType: 'win',
        odds,
        amount,
        oddsType: 'fixed',
      }),
    );
  const won = await bet(ids.carol, 'Phar Lap', 3.5, 20, '2030-05-20T05:00:00.000Z');
  const lost = await bet(ids.carol, 'Winx', 2, 10, '2030-05-21T05:00:00.000Z');
  await bet(ids.bob, 'Phar Lap', 4, 5, '2030-05-22T05:00:00.000Z');
  await ok(admin.put(`/api/bets/${won.bets[0]?.id}/status`, { status: 'win' }), 200);
  await ok(admin.put(`/api/bets/${lost.bets[0]?.id}/status`, { status: 'loss' }), 200);

  await ok(
    admin.post('/api/reminders', {
      text: 'Pay the trainer',
      date: '2030-06-01',
      memberId: ids.carol,
      completed: false,
    }),
  );
  await ok(
    admin.post('/api/reminders', {
      text: 'Renew licence',
      date: '2030-06-05',
      memberId: null,
      completed: false,
    }),
  );
  const plan = await ok<{ id: number }>(
    admin.post('/api/subscriptions', { name: 'Gold', price: 50, duration: 3, description: '', features: [] }),
  );
  await ok(
    admin.post(`/api/members/${ids.carol}/subscriptions`, {
      subscriptionId: plan.id,
      startDate: '2030-05-01',
      endDate: '2030-08-01',
    }),
  );
  // A day later: "Pay the trainer" is overdue; add one due today.
  t.clock.now = new Date('2030-06-02T00:00:00.000Z');
  await ok(
    admin.post('/api/reminders', {
      text: 'Book the float',
      date: '2030-06-02',
      memberId: null,
      completed: false,
    }),
  );
});
afterAll(async () => t.close());

const ask = (q: string, memberId = ids.alice ?? 0) =>
  answerQuestion({ db: t.database.db, syndicateId, memberId, now: t.clock.now }, q);

async function expectAll(questions: string[], ...expected: (string | RegExp)[]) {
  for (const q of questions) {
    const a = await ask(q);
    for (const e of expected) {
      if (typeof e === 'string') expect(a, q).toContain(e);
      else expect(a, q).toMatch(e);
    }
  }
}

describe('the built-in engine', () => {
  it('says whose turn it is, as the rotation API does', async () => {
    const next = (await admin.get('/api/next-bet')).json<{ member: { name: string } }>();
    await expectAll(
      ['Who is up next?', "who's up next", 'Whose turn is it?', 'who bets next'],
      `${next.member.name} is up next: Golden Slipper at Rosehill`,
      'After that:',
      'Cox Plate at Moonee Valley',
    );
  });

  it('tells a member when their turn is', async () => {
    // Bob placed the latest bet, so the rotation goes Alice, then Carol (join order).
    expect(await ask('When is my turn?', ids.carol)).toMatch(
      /^Carol Smith's next turn is Cox Plate at Moonee Valley, .* \(2nd in line\)\.$/,
    );
    expect(await ask('is alice up next?')).toMatch(/^Alice Admin is up next: Golden Slipper/);
    expect(await ask("When is Bob's turn?")).toBe('Bob Jones is not up for any of the next 2 races.');
  });

  it('lists the next races in the syndicate’s time zone', async () => {
    await expectAll(
      ['What are the next races?', 'When is the next race?', 'upcoming meetings'],
      /Golden Slipper at Rosehill — Mon, Jun 10, 3:00\sPM\n• Cox Plate at Moonee Valley/,
    );
  });

  it('answers balance, win rate and total wins in the syndicate’s currency', async () => {
    await expectAll(["What's our balance?", 'how much money have we made', 'profit?'], 'balance is +A$40.00');
    await expectAll(["What's our win rate?", 'strike rate?'], 'win rate is 50%');
    await expectAll(['How many wins do we have?', 'total wins'], '1 win in total');
    await expectAll(['stats', 'How is the syndicate going?'], '+A$40.00', '1 win', '50%');
  });

  it('lists the top performers', async () => {
    await expectAll(
      ['Who are the top performers?', 'leaderboard', 'who is the best punter?'],
      '1. Carol Smith — +A$40.00, 50% win rate (1 of 2)',
    );
  });

  it("gives one member's record, with forgiving names", async () => {
    await expectAll(
      ['How is Carol going?', 'how is carol doing', "Carrol's record", 'caro?', 'How is Carol Smith going'],
      'Carol Smith: 2 settled bets, 1 win (50% win rate), earnings +A$40.00.',
      'Ranked 1st of 1 by earnings.',
    );
    expect(await ask('How is Bob going?')).toBe(
      'Bob Jones: 0 settled bets, 0 wins (0% win rate), earnings A$0.00. 1 bet pending.',
    );
    expect(await ask('How am I going?')).toBe("Alice Admin hasn't placed any bets yet.");
  });

  it('lists pending bets', async () => {
    await expectAll(
      ['Which bets are pending?', 'any open bets?', 'outstanding bets'],
      'One bet is pending (A$5.00 staked):',
      'Bob Jones — Phar Lap, win A$5.00 at 4.00 (Golden Slipper, Mon, Jun 10): pending',
    );
    expect(await ask("Carol's pending bets")).toBe('There are no pending bets for Carol Smith.');
  });

  it("lists a horse's bets", async () => {
    await expectAll(
      ['What bets do we have on Phar Lap?', 'phar lap', 'bets on phar lapp'],
      '2 bets on Phar Lap: 1 win of 1 settled, +A$50.00.',
      'Carol Smith — win A$20.00 at 3.50 (Golden Slipper, Mon, Jun 10): won +A$50.00',
      'Bob Jones — win A$5.00 at 4.00 (Golden Slipper, Mon, Jun 10): pending',
    );
    expect(await ask('how did Winx go?')).toContain('lost -A$10.00');
  });

  it('lists reminders due today or overdue', async () => {
    const a = await ask('Any reminders due?');
    expect(a).toContain('2 reminders due:');
    expect(a).toContain('Pay the trainer — overdue since Sat, Jun 1 (assigned to Carol Smith)');
    expect(a).toContain('Book the float — due today');
    expect(a).not.toContain('Renew licence');
    expect(await ask('what is overdue?')).toContain('Pay the trainer');
  });

  it("tells a member's subscription", async () => {
    await expectAll(
      ["What's Carol's subscription?", 'is carol paid up?', 'when does Carol Smith membership expire'],
      'Carol Smith is on the Gold plan (A$50.00 per 3 months), active from May 1, 2030 until Aug 1, 2030.',
    );
    expect(await ask("Bob's subscription?")).toBe('Bob Jones has no subscription.');
    expect(await ask('my subscription')).toBe('Alice Admin has no subscription.');
  });

  it('answers from the bank: its balance, a member’s balance and share, and dues owed', async () => {
    // The two settled bets were shared equally among Alice, Carol and Bob (join order) when they
    // settled: +50.00 → 16.67, 16.67, 16.66 and −10.00 → −3.34, −3.33, −3.33.
    await ok(admin.post('/api/bank/contributions', { memberId: ids.alice, amount: 100 }));
    await ok(admin.post('/api/bank/contributions', { memberId: ids.carol, amount: 20 }));
    const bank = (await admin.get('/api/bank')).json<{ balance: number; available: number }>();
    expect(bank).toMatchObject({ balance: 160, available: 155 });
    await expectAll(
      ['How much is in the bank?', "what's in the kitty?", 'bank balance'],
      'The bank holds A$160.00: A$5.00 in play and A$155.00 available.\n' +
        'Paid in A$120.00, paid out A$0.00, adjustments A$0.00, betting +A$40.00.\n' +
        'Dues owed: A$30.00.',
    );
    // "our balance" is still the betting result of the stats.
    expect(await ask("What's our balance?")).toBe("The syndicate's balance is +A$40.00 from settled bets.");
    await expectAll(
      ["What's my balance?", 'my share', 'how much do I have in the bank?'],
      "Alice Admin's balance in the bank is A$113.33 (a 70.8% share). Paid in A$100.00, paid out A$0.00, betting +A$13.33.",
    );
    await expectAll(
      ["Carol's balance", "What's Carrol's share?"],
      "Carol Smith's balance in the bank is A$33.34 (a 20.8% share). Paid in A$20.00, paid out A$0.00, betting +A$13.34. Carol Smith owes A$30.00 in dues.",
    );
    expect(await ask('What do I owe?', ids.carol)).toBe(
      'Carol Smith owes A$30.00 in dues (A$50.00 charged, A$20.00 paid in).',
    );
    expect(await ask('What does Carol owe?')).toBe(
      'Carol Smith owes A$30.00 in dues (A$50.00 charged, A$20.00 paid in).',
    );
    expect(await ask('What do I owe?')).toBe('Alice Admin owes nothing: no dues have been charged.');
    await expectAll(
      ['Who owes dues?', 'who owes money?'],
      'One member owes dues (A$30.00):\n• Carol Smith — A$30.00 (A$50.00 charged, A$20.00 paid in)',
    );
    await ok(admin.post('/api/bank/contributions', { memberId: ids.carol, amount: 30 }));
    expect(await ask('Who owes dues?')).toBe('Nobody owes dues.');
    expect(await ask('Does Carol owe anything?')).toBe(
      'Carol Smith owes nothing: A$50.00 in dues charged and A$50.00 paid in.',
    );
  });

  it('explains what it can do, and answers anything else helpfully', async () => {
    await expectAll(
      ['help', 'What can you do?'],
      'I can answer questions about your syndicate',
      'Who is up next?',
    );
    for (const q of [
      'Tell me a joke',
      '¿Qué tal?',
      '{"a":1}',
      'x'.repeat(5000),
      '🙂',
      "'; drop table bets; --",
    ]) {
      const a = await ask(q);
      expect(a, q).toContain("Sorry, I didn't understand that.");
      expect(a, q).toContain('Who is up next?');
    }
    expect(await ask('hello')).toMatch(/^Hi Alice!/);
  });

  it("counts a member's record, the pending bets and a horse's bets over every bet, beyond the newest BETS_LIST_CAP", async () => {
    const other = await signUpWithSyndicate(t.app, 'Lena Large');
    const me = (await other.client.get('/api/members/me')).json<{ id: number }>();
    const sid = other.syndicate.id;
    await seedAttack(t.database.db.$client, sid, { members: 3, bets: BETS_LIST_CAP + 1000 });
    const { rows } = await t.database.db.$client.query<{
      id: number;
      name: string;
      settled: number;
      wins: number;
      pending: number;
    }>(
      `select m.id, m.name,
              count(*) filter (where b.status in ('win', 'placed', 'loss'))::int as settled,
              count(*) filter (where b.status = 'win')::int as wins,
              count(*) filter (where b.status = 'pending')::int as pending
         from members m join bets b on b.member_id = m.id
        where m.syndicate_id = $1 group by m.id, m.name order by m.id limit 1`,
      [sid],
    );
    const member = rows[0]!;
    const scope = { db: t.database.db, syndicateId: sid, memberId: me.id, now: t.clock.now };
    const record = await answerQuestion(scope, `How is ${member.name} going?`);
    expect(record).toContain(`${member.name}: ${member.settled} settled bets, ${member.wins} wins`);
    expect(record).toContain(`${member.pending} bets pending.`);

    const all = await t.database.db.$client.query<{ n: number }>(
      `select count(*)::int as n from bets where syndicate_id = $1 and status = 'pending'`,
      [sid],
    );
    const total = all.rows[0]!.n;
    expect(total).toBeGreaterThan(BETS_LIST_CAP);
    const pendingAnswer = await answerQuestion(scope, 'Which bets are pending?');
    expect(pendingAnswer).toMatch(new RegExp(`^${total} bets are pending \\(`));
    expect(pendingAnswer).toContain(`…and ${total - 10} more`);

    // A horse backed four years ago, before the newest BETS_LIST_CAP bets, under two spellings,
    // and once among them: every bet counts, whichever spelling. Bets 1–30: settled four years
    // ago (every third a win of +25.00, the rest losses of −10.00); bet 31: pending, today.
    await t.database.db.$client.query(
      `insert into bets (syndicate_id, member_id, horse_name, bet_type, odds_hundredths, amount_cents,
                         odds_type, status, result_cents, date, settled_at)
       select $1, $2, case when g % 2 = 1 and g < 31 then 'black  caviar' else 'Black Caviar' end, 'win', 350, 1000, 'fixed',
              case when g = 31 then 'pending' when g % 3 = 0 then 'win' else 'loss' end::bet_status,
              case when g = 31 then null when g % 3 = 0 then 2500 else -1000 end,
              d, case when g < 31 then d end
         from generate_series(1, 31) g,
              lateral (select case when g = 31 then now() else now() - interval '4 years' + g * interval '1 day' end as d) x`,
      [sid, member.id],
    );
    const horseAnswer = await answerQuestion(scope, 'What bets do we have on Black Caviar?');
    // 30 settled: 10 wins of +25.00, 20 losses of −10.00; and one pending.
    expect(horseAnswer).toMatch(/^31 bets on Black Caviar: 10 wins of 30 settled, \+A?\$50\.00\./);
    expect(horseAnswer).toContain('…and 21 more');

    // A horse backed only before the newest BETS_LIST_CAP bets is still recognised by name: 700
    // days ago, behind those (the seeded bets span 730 days, the newest 2,000 about 487) but
    // within the HORSE_NAMES_MAX most recently backed names (about 2,880 are newer).
    await t.database.db.$client.query(
      `insert into bets (syndicate_id, member_id, horse_name, bet_type, odds_hundredths, amount_cents,
                         odds_type, status, result_cents, date, settled_at)
       values ($1, $2, 'Makybe Diva', 'win', 400, 2000, 'fixed', 'win', 6000,
               now() - interval '700 days', now() - interval '700 days')`,
      [sid, member.id],
    );
    expect(await answerQuestion(scope, 'What bets do we have on Makybe Diva?')).toMatch(
      /^1 bet on Makybe Diva: 1 win of 1 settled, \+A?\$60\.00\./,
    );
  });

  it('says so when nothing is scheduled', async () => {
    const other = await signUpWithSyndicate(t.app, 'Nora None');
    const me = (await other.client.get('/api/members/me')).json<{ id: number }>();
    const scope = { db: t.database.db, syndicateId: other.syndicate.id, memberId: me.id, now: t.clock.now };
    expect(await answerQuestion(scope, 'Who is up next?')).toContain('No upcoming races are scheduled');
    expect(await answerQuestion(scope, 'What are the next races?')).toContain(
      'No upcoming races are scheduled',
    );
    expect(await answerQuestion(scope, 'top performers')).toContain('no rankings');
    expect(await answerQuestion(scope, 'How is Carol going?')).toContain("Sorry, I didn't understand that.");
  });
});
