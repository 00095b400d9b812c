// Recording (issue 16): every write records exactly one event in its own transaction (a refused
// write records none), with the right action, entity, summary and changes; the table refuses
// UPDATE, DELETE and TRUNCATE. The reads (GET /api/activity, GET /api/audit) are in activity.test.ts.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, type AuditEvent } from '../../../shared/audit';
import { raceResultSchema } from '../../../shared/race-result';
import { money as formatMoney } from '../../assistant/format';
import { createTestApp, signUp, signUpWithSyndicate, type TestApp } from '../../test/harness';
import { createBets } from '../bets/service';
import { crew, placeBet, singleBet, twoPartBet } from '../bets/test-fixtures';
import { applyRaceResult } from '../races/result-service';
import { money, render, say } from './sentence';
import {
  auditLog,
  eventCount,
  eventsAfter,
  latestId,
  ok,
  oneEvent,
  type Res,
  tokenOf,
} from './test-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('every write records one event', () => {
  it('one of each kind of write, each recording exactly its action', async () => {
    const { client: admin } = await signUpWithSyndicate(t.app, 'Alice Admin');
    const me = ok<{ id: number }>(await admin.get('/api/members/me')).id;
    const inviteCode = ok<{ inviteCode: string }[]>(await admin.get('/api/syndicates'))[0]!.inviteCode;
    const mia = await signUp(t.app, 'Mia Member');
    let miaId = 0;
    let carolId = 0;
    let planId = 0;
    let raceId = 0;
    let betId = 0;
    let reminderId = 0;
    let entryId = 0;

    // Each step: the actions its writes record, in order, and the writes.
    const steps: [string[], () => Promise<unknown>][] = [
      [
        ['member.joined'],
        async () => {
          ok(await mia.post('/api/syndicates/join', { inviteCode }));
          miaId = ok<{ id: number }>(await mia.get('/api/members/me')).id;
        },
      ],
      [
        ['member.created'],
        async () => {
          const res = await admin.post('/api/members', {
            name: 'Carol Smith',
            email: 'carol@example.test',
            role: 'member',
          });
          carolId = ok<{ id: number }>(res, 201).id;
        },
      ],
      [['member.updated'], async () => ok(await admin.put(`/api/members/${carolId}`, { name: 'Carol' }))],
      [
        ['member.invite_link_created', 'member.claimed'],
        async () => {
          const link = ok<{ url: string }>(await admin.post(`/api/members/${carolId}/claim-link`), 201);
          const carol = await signUp(t.app, 'Carol Account');
          ok(await carol.post('/api/members/claim', { token: tokenOf(link.url) }));
        },
      ],
      [['member.archived'], async () => ok(await admin.delete(`/api/members/${carolId}`), 204)],
      [['member.restored'], async () => ok(await admin.post(`/api/members/${carolId}/restore`))],
      [
        ['plan.created'],
        async () => {
          const res = await admin.post('/api/subscriptions', { name: 'Gold', price: 10, duration: 1 });
          planId = ok<{ id: number }>(res, 201).id;
        },
      ],
      [
        ['plan.updated'],
        async () =>
          ok(await admin.put(`/api/subscriptions/${planId}`, { name: 'Gold', price: 12, duration: 1 })),
      ],
      [
        ['subscription.assigned'],
        async () =>
          ok(
            await admin.post(`/api/members/${miaId}/subscriptions`, {
              subscriptionId: planId,
              startDate: '2031-01-01',
            }),
            201,
          ),
      ],
      [
        ['plan.created', 'plan.deleted'],
        async () => {
          const spare = ok<{ id: number }>(
            await admin.post('/api/subscriptions', { name: 'Spare', price: 1, duration: 1 }),
            201,
          ).id;
          ok(await admin.delete(`/api/subscriptions/${spare}`), 204);
        },
      ],
      [
        ['race.created'],
        async () => {
          const res = await admin.post('/api/races', {
            name: 'Cox Plate',
            venue: 'Moonee Valley',
            date: '2031-10-25T05:00:00.000Z',
          });
          raceId = ok<{ id: number }>(res, 201).id;
        },
      ],
      [
        ['race.updated'],
        async () =>
          ok(
            await admin.put(`/api/races/${raceId}`, {
              name: 'Cox Plate',
              venue: 'The Valley',
              date: '2031-10-25T05:00:00.000Z',
            }),
          ),
      ],
      [
        ['bet.created'],
        async () => {
          const res = await admin.post('/api/bets', {
            memberId: me,
            raceId,
            horseName: 'Winx',
            date: '2031-10-25T04:00:00.000Z',
            betType: 'win',
            odds: 5,
            amount: 10,
            oddsType: 'fixed',
          });
          betId = ok<{ bets: { id: number }[] }>(res, 201).bets[0]!.id;
        },
      ],
      [
        ['bet.updated'],
        async () =>
          ok(
            await admin.put(`/api/bets/${betId}`, {
              horseName: 'Winx',
              betType: 'win',
              odds: 6,
              amount: 10,
              oddsType: 'fixed',
            }),
          ),
      ],
      [['bet.settled'], async () => ok(await admin.put(`/api/bets/${betId}/status`, { status: 'win' }))],
      [
        ['bet.unsettled'],
        async () => ok(await admin.put(`/api/bets/${betId}/status`, { status: 'pending' })),
      ],
      [
        ['bet.settled', 'race.result_entered'],
        async () =>
          ok(
            await admin.post(`/api/races/${raceId}/result`, {
              finishers: [{ position: 1, horseName: 'Winx' }],
            }),
          ),
      ],
      [['bet.deleted'], async () => ok(await admin.delete(`/api/bets/${betId}`), 204)],
      [['race.deleted'], async () => ok(await admin.delete(`/api/races/${raceId}`), 204)],
      [
        ['bet.imported'],
        async () =>
          ok(
            await admin.request(
              'POST',
              '/api/import/bets?dryRun=false',
              'date,member,horse,odds,stake,status\r\n2031-01-01,Alice Admin,Imported,2,5,win\r\n',
              { 'content-type': 'text/csv' },
            ),
            201,
          ),
      ],
      [
        ['reminder.created'],
        async () => {
          const res = await mia.post('/api/reminders', { text: 'Pay the nominations', date: '2031-01-01' });
          reminderId = ok<{ id: number }>(res, 201).id;
        },
      ],
      [['reminder.completed'], async () => ok(await mia.put(`/api/reminders/${reminderId}/complete`))],
      [['reminder.deleted'], async () => ok(await mia.delete(`/api/reminders/${reminderId}`), 204)],
      [
        ['settings.updated'],
        async () =>
          ok(
            await admin.put('/api/settings', {
              syndicateName: 'The Winners',
              defaultBetAmount: 20,
              currency: 'usd',
              rotationStrategy: 'manual',
            }),
          ),
      ],
      [
        ['settings.api_key_saved'],
        async () => ok(await admin.post('/api/settings/api-key', { apiKey: 'secret-key-0123456789' })),
      ],
      [['invite_code.regenerated'], async () => ok(await admin.post('/api/syndicates/invite-code'))],
      [['rotation.next_set'], async () => ok(await admin.put('/api/next-bet', { memberId: miaId }))],
      [
        ['bank.contribution'],
        async () => {
          const res = await admin.post('/api/bank/contributions', { memberId: miaId, amount: 100 });
          entryId = ok<{ id: number }>(res, 201).id;
        },
      ],
      [
        ['bank.payout'],
        async () => ok(await admin.post('/api/bank/payouts', { memberId: miaId, amount: 5 }), 201),
      ],
      [
        ['bank.adjustment'],
        async () => ok(await admin.post('/api/bank/adjustments', { amount: -3, note: 'Fees' }), 201),
      ],
      [
        ['bank.reversal'],
        async () => ok(await admin.post(`/api/bank/entries/${entryId}/reverse`, { reason: 'Bounced' }), 201),
      ],
      [
        ['bank.contribution', 'bank.distribution'],
        async () => {
          ok(await admin.post('/api/bank/contributions', { memberId: me, amount: 50 }), 201);
          ok(await admin.post('/api/bank/distributions', { amount: 20 }), 201);
        },
      ],
      [['calendar_feed.created'], async () => ok(await mia.post('/api/calendar/feed'), 201)],
      [['calendar_feed.revoked'], async () => ok(await mia.delete('/api/calendar/feed'), 204)],
      [['member.left'], async () => ok(await mia.post('/api/members/me/leave'), 204)],
    ];

    const failures: string[] = [];
    for (const [expected, write] of steps) {
      const since = await latestId(admin);
      await write();
      const recorded = (await eventsAfter(admin, since)).map((e) => e.action);
      if (JSON.stringify(recorded) !== JSON.stringify(expected)) {
        failures.push(`recorded ${JSON.stringify(recorded)}, expected ${JSON.stringify(expected)}`);
      }
    }
    expect(failures).toEqual([]);

    const all = await auditLog(admin);
    // (race.imported needs the racing provider: racing-results.test.ts checks it against the fake.)
    expect(new Set(all.map((e) => e.action))).toEqual(
      new Set(AUDIT_ACTIONS.filter((a) => a !== 'race.imported')),
    );
    // Newest first, one row per write, every one of this syndicate's actors named.
    const ids = all.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(all.every((e) => e.summary.startsWith(`${e.actor.name} `))).toBe(true);
    // The API key is a secret: no event holds it, in the summary or the changes.
    expect(JSON.stringify(all)).not.toContain('secret-key');
    expect(JSON.stringify(all)).not.toContain('6789');
  });

  it('writes precise summaries, entities and changes', async () => {
    const c = await crew(t);
    const { admin } = c;

    const created = await oneEvent(admin, () =>
      placeBet(admin, singleBet(c, { horseName: 'Winx', odds: 5, amount: 10 })),
    );
    const betId = created.entityId!;
    expect(created).toMatchObject({
      action: 'bet.created',
      entityType: 'bet',
      summary: 'Alice Admin added a bet on Winx: $10.00 win at 5.00',
      actor: { memberId: c.adminMemberId, name: 'Alice Admin' },
      changes: null,
    });

    const edited = await oneEvent(admin, async () =>
      ok(
        await admin.put(`/api/bets/${betId}`, {
          horseName: 'Winx',
          betType: 'win',
          odds: 6,
          amount: 20,
          oddsType: 'fixed',
          jockey: 'H. Bowman',
        }),
      ),
    );
    expect(edited).toMatchObject({
      action: 'bet.updated',
      entityId: betId,
      summary:
        "Alice Admin changed Winx's bet: odds 5.00 → 6.00, stake $10.00 → $20.00, jockey none → H. Bowman",
      changes: { odds: [5, 6], amount: [10, 20], jockey: [null, 'H. Bowman'] },
    });

    const settled = await oneEvent(admin, async () =>
      ok(await admin.put(`/api/bets/${betId}/status`, { status: 'win' })),
    );
    expect(settled).toMatchObject({
      action: 'bet.settled',
      entityId: betId,
      summary: 'Alice Admin settled Winx: won $100.00',
      changes: { status: ['pending', 'win'], result: [null, 100] },
    });
    const resettled = await oneEvent(admin, async () =>
      ok(await admin.put(`/api/bets/${betId}/status`, { status: 'loss' })),
    );
    expect(resettled.summary).toBe('Alice Admin settled Winx: lost $20.00 (was won $100.00)');
    expect(resettled.changes).toEqual({ status: ['win', 'loss'], result: [100, -20] });
    const unsettled = await oneEvent(admin, async () =>
      ok(await admin.put(`/api/bets/${betId}/status`, { status: 'pending' })),
    );
    expect(unsettled).toMatchObject({
      action: 'bet.unsettled',
      summary: 'Alice Admin set Winx back to pending (was lost $20.00)',
      changes: { status: ['loss', 'pending'], result: [-20, null] },
    });

    // A member's own bet, and one an admin places for them.
    const own = await oneEvent(admin, () =>
      placeBet(c.member, singleBet(c, { memberId: c.memberMemberId, horseName: 'Lonhro', odds: 3.25 })),
    );
    expect(own.summary).toBe('Mia Member added a bet on Lonhro: $10.00 win at 3.25');
    expect(own.actor).toEqual({ memberId: c.memberMemberId, name: 'Mia Member' });
    const forMia = await oneEvent(admin, () =>
      placeBet(admin, twoPartBet(c, { memberId: c.memberMemberId, horseName: 'Sunline', oddsType: 'tote' })),
    );
    expect(forMia.summary).toBe(
      'Alice Admin added a two-part bet for Mia Member on Sunline: $10.00 win at 4.50 (tote) and $20.00 place at 1.80 (tote)',
    );

    const deleted = await oneEvent(admin, async () => ok(await admin.delete(`/api/bets/${betId}`), 204));
    expect(deleted).toMatchObject({
      action: 'bet.deleted',
      entityId: betId,
      summary: 'Alice Admin deleted the bet on Winx: $20.00 win at 6.00',
    });

    const contribution = await oneEvent(admin, async () =>
      ok(
        await admin.post('/api/bank/contributions', {
          memberId: c.memberMemberId,
          amount: 1234.5,
          note: 'Dues',
        }),
        201,
      ),
    );
    expect(contribution).toMatchObject({
      action: 'bank.contribution',
      entityType: 'bank_entry',
      summary: 'Alice Admin recorded a contribution of $1,234.50 from Mia Member (Dues)',
    });

    let peer = 0;
    const added = await oneEvent(admin, async () => {
      const res = await admin.post('/api/members', {
        name: 'Pat Peer',
        email: 'pat@example.test',
        role: 'admin',
      });
      peer = ok<{ id: number }>(res, 201).id;
    });
    expect(added).toMatchObject({
      action: 'member.created',
      entityType: 'member',
      entityId: peer,
      summary: 'Alice Admin added Pat Peer as an admin',
    });
    const promoted = await oneEvent(admin, async () =>
      ok(await admin.put(`/api/members/${c.memberMemberId}`, { role: 'admin', initials: 'MM' })),
    );
    expect(promoted).toMatchObject({
      action: 'member.updated',
      entityId: c.memberMemberId,
      // The initials sent are the ones it has: only the role changed.
      summary: "Alice Admin changed Mia Member's details: role member → admin",
      changes: { role: ['member', 'admin'] },
    });
    const removed = await oneEvent(admin, async () => ok(await admin.delete(`/api/members/${peer}`), 204));
    expect(removed).toMatchObject({
      action: 'member.archived',
      entityId: peer,
      summary: 'Alice Admin removed Pat Peer',
    });

    // Settings: only what changed, values as the API shows them; money in the new currency.
    const settings = await oneEvent(admin, async () =>
      ok(
        await admin.put('/api/settings', {
          syndicateName: ok<{ syndicateName: string }>(await admin.get('/api/settings')).syndicateName,
          defaultBetAmount: 25,
          currency: 'eur',
          rotationStrategy: 'sequential',
        }),
      ),
    );
    expect(settings).toMatchObject({
      action: 'settings.updated',
      entityType: 'syndicate',
      entityId: c.syndicateId,
      summary: 'Alice Admin changed the settings: default bet €100.00 → €25.00, currency USD → EUR',
      changes: { defaultBetAmount: [100, 25], currency: ['usd', 'eur'] },
    });
    const euros = await oneEvent(admin, () => placeBet(admin, singleBet(c, { horseName: 'Makybe Diva' })));
    expect(euros.summary).toBe('Alice Admin added a bet on Makybe Diva: €10.00 win at 3.25');
    // Text is text: a % in a name is no format directive.
    const percent = await oneEvent(admin, () => placeBet(admin, singleBet(c, { horseName: '100% Sure %s' })));
    expect(percent.summary).toBe('Alice Admin added a bet on 100% Sure %s: €10.00 win at 3.25');

    const key = await oneEvent(admin, async () =>
      ok(await admin.post('/api/settings/api-key', { apiKey: 'very-secret-racing-key-42' })),
    );
    expect(key).toMatchObject({
      action: 'settings.api_key_saved',
      summary: 'Alice Admin saved a racing data API key',
      changes: null,
    });
    const replaced = await oneEvent(admin, async () =>
      ok(await admin.post('/api/settings/api-key', { apiKey: 'another-secret-key-43' })),
    );
    expect(replaced.summary).toBe('Alice Admin replaced the racing data API key');
  });

  it('writes nothing for a write that changes nothing', async () => {
    const c = await crew(t);
    const bet = await placeBet(c.admin, singleBet(c, { horseName: 'Same' }));
    const before = await eventCount(t.database, c.syndicateId);
    const same = { horseName: 'Same', betType: 'win', odds: 3.25, amount: 10, oddsType: 'fixed' };
    ok(await c.admin.put(`/api/bets/${bet.id}`, same));
    ok(await c.admin.put(`/api/members/${c.memberMemberId}`, { name: 'Mia Member' }));
    ok(await c.admin.put(`/api/bets/${bet.id}/status`, { status: 'pending' }));
    const settings = ok<Record<string, unknown>>(await c.admin.get('/api/settings'));
    ok(await c.admin.put('/api/settings', settings));
    ok(await c.admin.put('/api/next-bet', { memberId: null }));
    ok(await c.member.delete('/api/calendar/feed'), 204);
    expect(await eventCount(t.database, c.syndicateId)).toBe(before);
  });

  it('names the racing results import as the actor of a settlement written with no member', async () => {
    const c = await crew(t);
    await placeBet(c.admin, singleBet(c, { horseName: 'Winx', odds: 5, amount: 10 }));
    await applyRaceResult(
      t.database.db,
      c.syndicateId,
      c.raceId,
      raceResultSchema.parse({ finishers: [{ position: 1, horseName: 'Winx' }] }),
      { source: 'provider', actorMemberId: null, now: new Date() },
    );
    const [event] = await auditLog(c.admin, '&action=bet.settled');
    expect(event).toMatchObject({
      summary: 'The racing results import settled Winx: won $40.00',
      actor: { memberId: null, name: 'The racing results import' },
    });
    const { rows } = await t.database.db.execute<{ actor_user_id: number | null }>(
      sql`select actor_user_id from audit_events where id = ${event!.id}`,
    );
    expect(rows[0]!.actor_user_id).toBeNull();
  });

  it('keeps the acting user beside the member', async () => {
    const c = await crew(t);
    const bet = await placeBet(c.member, singleBet(c, { memberId: c.memberMemberId }));
    const [event] = await auditLog(c.admin, `&entityType=bet&entityId=${bet.id}`);
    const { rows } = await t.database.db.execute<{ actor_user_id: number; user_id: number }>(sql`
      select e.actor_user_id, m.user_id from audit_events e join members m on m.id = e.actor_member_id
       where e.id = ${event!.id}`);
    expect(rows[0]!.actor_user_id).toBe(rows[0]!.user_id);
    expect(rows[0]!.actor_user_id).not.toBeNull();
  });
});

describe('an event is part of its write', () => {
  it('a refused or failing write records nothing', async () => {
    const c = await crew(t);
    const bet = await placeBet(c.member, singleBet(c, { memberId: c.memberMemberId }));
    const plan = ok<{ id: number }>(
      await c.admin.post('/api/subscriptions', { name: 'Held', price: 5, duration: 1 }),
      201,
    ).id;
    ok(
      await c.admin.post(`/api/members/${c.memberMemberId}/subscriptions`, {
        subscriptionId: plan,
        // From today (the instant's day in the syndicate's zone): only a current plan is held.
        startDate: t.clock.now.toISOString(),
      }),
      201,
    );
    ok(await c.member.put(`/api/bets/${bet.id}/status`, { status: 'win' }));
    const before = await eventCount(t.database, c.syndicateId);
    const refusals: [Res, number][] = [
      // 409 from the books: a payout over the member's balance (after the bank's lock, in its savepoint).
      [await c.admin.post('/api/bank/payouts', { memberId: c.memberMemberId, amount: 10_000 }), 409],
      // The same with an Idempotency-Key: the refusal is stored, the event is not.
      [
        await c.admin.post(
          '/api/bank/payouts',
          { memberId: c.memberMemberId, amount: 10_000 },
          { 'idempotency-key': 'audit-refused' },
        ),
        409,
      ],
      // 409: a member settling their own bet twice; a plan members hold.
      [await c.member.put(`/api/bets/${bet.id}/status`, { status: 'loss' }), 409],
      [await c.admin.delete(`/api/subscriptions/${plan}`), 409],
      // 409: the last admin.
      [await c.admin.delete(`/api/members/${c.adminMemberId}`), 409],
      // 400: a settlement that contradicts itself (a winner placed second), and bad bodies.
      [await c.admin.put(`/api/bets/${bet.id}/status`, { status: 'win', position: 2 }), 400],
      [await c.admin.post('/api/bets', singleBet(c, { odds: -1 })), 400],
      [await c.admin.post('/api/reminders', { text: 'Past', date: '2000-01-01' }), 400],
      // 403: roles.
      [await c.member.post('/api/subscriptions', { name: 'Mine', price: 1, duration: 1 }), 403],
      [await c.member.post('/api/bank/contributions', { memberId: c.memberMemberId, amount: 5 }), 403],
      // 404: a missing row.
      [await c.admin.delete('/api/races/2147483000'), 404],
    ];
    expect(refusals.map(([res]) => res.statusCode)).toEqual(refusals.map(([, status]) => status));
    expect(await eventCount(t.database, c.syndicateId)).toBe(before);
  });

  it('is written by the transaction that wrote the row (same xmin)', async () => {
    const c = await crew(t);
    const xmin = async (table: string, id: number) => {
      const { rows } = await t.database.db.execute<{ x: string }>(
        sql`select xmin::text as x from ${sql.identifier(table)} where id = ${id}`,
      );
      return rows[0]!.x;
    };
    const check = async (table: string, id: number, event: AuditEvent) =>
      expect(await xmin('audit_events', event.id), `${event.action} in ${table}'s transaction`).toBe(
        await xmin(table, id),
      );

    const bet = await placeBet(c.admin, singleBet(c));
    await check('bets', bet.id, (await auditLog(c.admin, '&action=bet.created'))[0]!);
    ok(await c.admin.put(`/api/bets/${bet.id}/status`, { status: 'win' }));
    await check('bets', bet.id, (await auditLog(c.admin, '&action=bet.settled'))[0]!);
    const entry = ok<{ id: number }>(
      await c.admin.post('/api/bank/contributions', { memberId: c.memberMemberId, amount: 5 }),
      201,
    );
    await check('bank_entries', entry.id, (await auditLog(c.admin, '&action=bank.contribution'))[0]!);
    const reminder = ok<{ id: number }>(
      await c.member.post('/api/reminders', { text: 'Renew', date: '2031-01-01' }),
      201,
    );
    await check('reminders', reminder.id, (await auditLog(c.admin, '&action=reminder.created'))[0]!);
    ok(
      await c.admin.put(`/api/races/${c.raceId}`, { name: 'Renamed', venue: 'Rosehill', date: '2030-03-22' }),
    );
    await check('races', c.raceId, (await auditLog(c.admin, '&action=race.updated'))[0]!);
    ok(await c.admin.post('/api/syndicates/invite-code'));
    await check(
      'syndicates',
      c.syndicateId,
      (await auditLog(c.admin, '&action=invite_code.regenerated'))[0]!,
    );
  });

  it('a two-part bet that fails half-way records nothing', async () => {
    const c = await crew(t);
    const before = await eventCount(t.database, c.syndicateId);
    // Past validation (called directly), the second part breaks the CHECK amount_cents > 0.
    await expect(
      createBets(
        t.database.db,
        c.syndicateId,
        { memberId: c.adminMemberId, role: 'admin' },
        {
          ...(singleBet(c) as unknown as Parameters<typeof createBets>[3]),
          bets: [
            { betType: 'win', odds: 3, amount: 10 },
            { betType: 'place', odds: 1.5, amount: 0 },
          ],
          placeTerms: null,
          placeOdds: null,
        },
        new Date(),
      ),
    ).rejects.toThrow();
    expect(await eventCount(t.database, c.syndicateId)).toBe(before);
  });
});

describe('audit_events is append-only', () => {
  it('refuses UPDATE, DELETE (even of no row) and TRUNCATE', async () => {
    const c = await crew(t);
    const [event] = await auditLog(c.admin);
    const refusal = async (statement: ReturnType<typeof sql>) => {
      try {
        await t.database.db.execute(statement);
        return 'allowed';
      } catch (err) {
        const cause = (err as { cause?: { message?: string } }).cause;
        return cause?.message ?? (err as Error).message;
      }
    };
    expect(await refusal(sql`update audit_events set summary = 'forged' where id = ${event!.id}`)).toBe(
      'audit_events is append-only: UPDATE is not allowed',
    );
    expect(await refusal(sql`delete from audit_events where id = ${event!.id}`)).toBe(
      'audit_events is append-only: DELETE is not allowed',
    );
    expect(await refusal(sql`delete from audit_events where false`)).toBe(
      'audit_events is append-only: DELETE is not allowed',
    );
    expect(await refusal(sql`truncate audit_events`)).toBe(
      'audit_events is append-only: TRUNCATE is not allowed',
    );
    expect((await auditLog(c.admin))[0]).toEqual(event);
  });

  it('writes money in the summary exactly as the app does, in every currency', async () => {
    const amounts = [0, 1, 5, 99, 100, 4000, 123_456, 100_000_000, 123_456_789_012, -1, -300, -1_234_567];
    for (const currency of ['usd', 'eur', 'gbp', 'aud', 'nzd']) {
      const { rows } = await t.database.db.execute<{ cents: number; text: string }>(sql`
        select c::float8 as cents, audit_money(c, ${currency}) as text
          from unnest(${`{${amounts.join(',')}}`}::bigint[]) as c`);
      for (const r of rows)
        expect(r.text, `${r.cents} ${currency}`).toBe(formatMoney(r.cents / 100, currency));
    }
    // The summary's own rendering (a literal % is kept).
    expect(render('Al', say`won ${money(4000)} at 100%`, 'gbp')).toBe('Al won £40.00 at 100%');
  });
});
