// Reading the log (issue 16): GET /api/activity (every member: paged, newest first, no changes)
// and GET /api/audit (admins: filters, days in the syndicate's time zone), bad parameters, tenancy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ActivityPage, AUDIT_MESSAGES, type AuditPage } from '../../../shared/audit';
import { dayKeyIn, startOfDayKey } from '../../../shared/dates';
import { createTestApp, type TestApp } from '../../test/harness';
import { type Crew, crew, type ErrorBody, placeBet, singleBet } from '../bets/test-fixtures';
import { auditLog, ok } from './test-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('GET /api/activity', () => {
  let c: Crew;
  beforeAll(async () => {
    c = await crew(t);
    for (let i = 1; i <= 5; i++) await placeBet(c.admin, singleBet(c, { horseName: `Horse ${i}` }));
  });

  it('pages newest first with limit and cursor, without changes, to a null nextCursor', async () => {
    // crew(): syndicate.created, member.joined, race.created; then five bets.
    const all = ok<ActivityPage>(await c.member.get('/api/activity'));
    expect(all.events).toHaveLength(8);
    expect(all.nextCursor).toBeNull();
    expect(all.events.map((e) => e.action)).toEqual([
      ...Array(5).fill('bet.created'),
      'race.created',
      'member.joined',
      'syndicate.created',
    ]);
    expect(all.events[0]).toEqual({
      id: expect.any(Number),
      action: 'bet.created',
      summary: 'Alice Admin added a bet on Horse 5: $10.00 win at 3.25',
      actor: { memberId: c.adminMemberId, name: 'Alice Admin' },
      entityType: 'bet',
      entityId: expect.any(Number),
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(all.events.every((e) => !('changes' in e))).toBe(true);

    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: ActivityPage = ok(
        await c.member.get(`/api/activity?limit=3${cursor === null ? '' : `&cursor=${cursor}`}`),
      );
      expect(page.events.length).toBeLessThanOrEqual(3);
      seen.push(...page.events.map((e) => e.id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor !== null);
    expect(pages).toBe(3);
    expect(seen).toEqual(all.events.map((e) => e.id));
    // Exactly `limit` events left: the last full page says there is no more.
    const last = ok<ActivityPage>(await c.member.get(`/api/activity?limit=2&cursor=${all.events[5]!.id}`));
    expect(last.events.map((e) => e.action)).toEqual(['member.joined', 'syndicate.created']);
    expect(last.nextCursor).toBeNull();
  });

  it('answers 30 events by default and at most 100', async () => {
    const d = await crew(t);
    for (let i = 0; i < 33; i++) {
      ok(await d.admin.post('/api/reminders', { text: `Reminder ${i}`, date: '2031-01-01' }), 201);
    }
    const first = ok<ActivityPage>(await d.admin.get('/api/activity'));
    expect(first.events).toHaveLength(30);
    expect(first.nextCursor).toBe(String(first.events[29]!.id));
    const rest = ok<ActivityPage>(await d.admin.get(`/api/activity?cursor=${first.nextCursor}`));
    expect(rest.events).toHaveLength(6);
    expect(rest.nextCursor).toBeNull();
    expect(ok<ActivityPage>(await d.admin.get('/api/activity?limit=100')).events).toHaveLength(36);
  });

  it('refuses a bad limit or cursor with 400 and a message', async () => {
    for (const [query, message] of [
      ['limit=0', AUDIT_MESSAGES.limit],
      ['limit=101', AUDIT_MESSAGES.limit],
      ['limit=abc', AUDIT_MESSAGES.limit],
      ['limit=1.5', AUDIT_MESSAGES.limit],
      ['limit=', AUDIT_MESSAGES.limit],
      ['cursor=abc', AUDIT_MESSAGES.cursor],
      ['cursor=-1', AUDIT_MESSAGES.cursor],
      ['cursor=99999999999', AUDIT_MESSAGES.cursor],
      ['cursor=2147483648', AUDIT_MESSAGES.cursor],
    ] as const) {
      const res = await c.member.get(`/api/activity?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json<ErrorBody>().message, query).toBe(message);
    }
  });
});

describe('GET /api/audit', () => {
  it('is for admins: a member gets 403, the feed stays open to them', async () => {
    const c = await crew(t);
    const res = await c.member.get('/api/audit');
    expect(res.statusCode).toBe(403);
    expect(res.json<ErrorBody>().message).toBe('Only an admin of the syndicate can do this');
    expect((await c.member.get('/api/audit?action=bogus')).statusCode).toBe(403);
    expect((await c.member.get('/api/activity')).statusCode).toBe(200);
  });

  it('filters by action, entity, actor and days in the syndicate’s time zone', async () => {
    const zone = 'Australia/Sydney';
    // A day boundary in Sydney a couple of days ahead: events an hour either side of it.
    const day = dayKeyIn(new Date(Date.now() + 2 * 86_400_000), zone);
    const midnight = startOfDayKey(day, zone);
    const previousDay = dayKeyIn(new Date(midnight.getTime() - 3_600_000), zone);
    t.clock.now = new Date(midnight.getTime() - 3_600_000);
    try {
      const c = await crew(t);
      ok(
        await c.admin.put('/api/settings', {
          syndicateName: 'Sydney Syndicate',
          defaultBetAmount: 100,
          currency: 'aud',
          rotationStrategy: 'sequential',
          timezone: zone,
        }),
      );
      const late = await placeBet(c.member, singleBet(c, { memberId: c.memberMemberId, horseName: 'Late' }));
      t.clock.now = new Date(midnight.getTime() + 3_600_000);
      const early = await placeBet(c.admin, singleBet(c, { horseName: 'Early' }));
      ok(await c.admin.put(`/api/bets/${late.id}/status`, { status: 'loss' }));

      const summaries = async (query: string) =>
        (await auditLog(c.admin, query)).map((e) => `${e.action} ${e.summary}`);
      expect(await summaries('&action=bet.created')).toEqual([
        'bet.created Alice Admin added a bet on Early: A$10.00 win at 3.25',
        'bet.created Mia Member added a bet on Late: A$10.00 win at 3.25',
      ]);
      expect(await summaries(`&entityType=bet&entityId=${late.id}`)).toEqual([
        'bet.settled Alice Admin settled Late: lost A$10.00',
        'bet.created Mia Member added a bet on Late: A$10.00 win at 3.25',
      ]);
      expect(await summaries('&entityType=race')).toEqual([
        'race.created Alice Admin added the race Golden Slipper at Rosehill',
      ]);
      expect(await summaries(`&entityId=${early.id}&entityType=bet`)).toHaveLength(1);
      expect(await summaries(`&actorMemberId=${c.memberMemberId}`)).toEqual([
        'bet.created Mia Member added a bet on Late: A$10.00 win at 3.25',
        'member.joined Mia Member joined with the invite code',
      ]);
      // Days are the syndicate's: the hour before midnight is the previous day, the hour after the next.
      expect(await summaries(`&from=${day}`)).toEqual([
        'bet.settled Alice Admin settled Late: lost A$10.00',
        'bet.created Alice Admin added a bet on Early: A$10.00 win at 3.25',
      ]);
      expect((await summaries(`&to=${previousDay}`)).map((s) => s.split(' ')[0])).toEqual([
        'bet.created',
        'settings.updated',
        'race.created',
        'member.joined',
        'syndicate.created',
      ]);
      expect(
        await summaries(`&from=${day}&to=${day}&actorMemberId=${c.adminMemberId}&action=bet.settled`),
      ).toEqual(['bet.settled Alice Admin settled Late: lost A$10.00']);
      expect(await summaries(`&from=${previousDay}&to=${previousDay}&action=bet.settled`)).toEqual([]);
      // The log carries the changes: the settings' time zone, as the API shows it.
      const [settings] = await auditLog(c.admin, '&action=settings.updated');
      expect(settings!.changes).toEqual({
        syndicateName: [expect.any(String), 'Sydney Syndicate'],
        currency: ['usd', 'aud'],
        timezone: [expect.any(String), zone],
      });
      // A filtered log pages too.
      const page = ok<AuditPage>(await c.admin.get('/api/audit?entityType=bet&limit=1'));
      expect(page.events).toHaveLength(1);
      const next = ok<AuditPage>(
        await c.admin.get(`/api/audit?entityType=bet&limit=5&cursor=${page.nextCursor}`),
      );
      expect(next.events.map((e) => e.entityType)).toEqual(['bet', 'bet']);
      expect(next.nextCursor).toBeNull();
    } finally {
      t.clock.now = new Date();
    }
  });

  it('refuses bad filters with 400 and a message naming them', async () => {
    const c = await crew(t);
    for (const [query, message] of [
      ['action=bet.exploded', AUDIT_MESSAGES.action],
      ['entityType=horse', AUDIT_MESSAGES.entityType],
      ['entityId=0', AUDIT_MESSAGES.entityId],
      ['entityId=abc', AUDIT_MESSAGES.entityId],
      ['entityId=2147483648', AUDIT_MESSAGES.entityId],
      ['actorMemberId=-3', AUDIT_MESSAGES.actorMemberId],
      ['from=2030-02-30', 'from must be a day (YYYY-MM-DD)'],
      ['to=yesterday', 'to must be a day (YYYY-MM-DD)'],
      ['from=2030-02-02&to=2030-02-01', AUDIT_MESSAGES.order],
      ['limit=500', AUDIT_MESSAGES.limit],
      ['cursor=1e3', AUDIT_MESSAGES.cursor],
    ] as const) {
      const res = await c.admin.get(`/api/audit?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json<ErrorBody>().message, query).toBe(message);
    }
  });
});

describe('tenancy', () => {
  it("shows B none of A's events; A's ids as B's filters give 404 (a member) or nothing", async () => {
    const a = await crew(t);
    const aBet = await placeBet(a.admin, singleBet(a, { horseName: 'Alpha Horse' }));
    ok(await a.admin.put(`/api/bets/${aBet.id}/status`, { status: 'win' }));
    const b = await crew(t);
    const bEvents = await auditLog(b.admin);
    const aIds = new Set((await auditLog(a.admin)).map((e) => e.id));
    expect(bEvents.length).toBeGreaterThan(0);
    expect(bEvents.some((e) => aIds.has(e.id))).toBe(false);
    for (const caller of [b.admin, b.member]) {
      const feed = ok<ActivityPage>(await caller.get('/api/activity?limit=100'));
      expect(feed.events.some((e) => aIds.has(e.id))).toBe(false);
      expect(JSON.stringify(feed)).not.toContain('Alpha Horse');
    }
    // A's member as the actor: 404, as a member B never had.
    const foreign = await b.admin.get(`/api/audit?actorMemberId=${a.adminMemberId}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json<ErrorBody>().message).toBe('Member not found');
    expect((await b.admin.get('/api/audit?actorMemberId=2147483000')).json()).toEqual(foreign.json());
    // A's bet as the entity: nothing (entities may be deleted rows, so ids are not looked up).
    expect(ok<AuditPage>(await b.admin.get(`/api/audit?entityType=bet&entityId=${aBet.id}`)).events).toEqual(
      [],
    );
    // A's newest event as the cursor: B's older events only, never A's.
    const newestA = Math.max(...aIds);
    const paged = ok<AuditPage>(await b.admin.get(`/api/audit?cursor=${newestA + 1000}&limit=100`));
    expect(paged.events.some((e) => aIds.has(e.id))).toBe(false);
  });
});
