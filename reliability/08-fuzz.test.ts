// Item 8. Request fuzzing with fast-check: for every write route, ≥ 200 generated requests
// (arbitrary JSON, valid bodies with fields swapped for hostile values, malformed JSON, odd
// params and queries, member or admin caller). Bars: no answer ≥ 500, the app keeps answering,
// and every rejected request (4xx) leaves the database exactly as it was.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../src/server/test/harness';
import { figure, isQuick } from './support/figures';
import { apiRoutes, changedTables, digest, type Ids, isWrite, syndicateWithMember } from './support/world';

let t: TestApp;
let unhandled = 0;
const onUnhandled = () => {
  unhandled++;
};
beforeAll(async () => {
  t = await createTestApp();
  process.on('unhandledRejection', onUnhandled);
});
afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  await t.close();
});

/** A valid body per write route, the starting point for mutations. */
function validBody(key: string, ids: Ids, self: number): Record<string, unknown> | undefined {
  const bet = {
    memberId: self,
    raceId: ids.race,
    horseName: 'Fuzz',
    status: 'pending',
    date: '2031-01-01T02:00:00.000Z',
    betType: 'win',
    odds: 2.5,
    amount: 10,
    oddsType: 'fixed',
  };
  const bodies: Record<string, Record<string, unknown>> = {
    'POST /api/auth/register': { name: 'Fuzz', email: 'fuzz@example.test', password: 'fuzz check pw 1' },
    'POST /api/auth/login': { email: 'fuzz@example.test', password: 'fuzz check pw 1' },
    'POST /api/syndicates': { name: 'Fuzz Club', description: 'x', timezone: 'Europe/London' },
    'POST /api/syndicates/join': { inviteCode: ids.inviteCode },
    'PUT /api/syndicates/active': { syndicateId: ids.syndicate },
    'POST /api/members': {
      name: 'Fuzz Member',
      email: 'fm@example.test',
      role: 'member',
      initials: 'FM',
      isActive: true,
    },
    'PUT /api/members/:id': {
      name: 'Fuzz Member',
      email: 'fm2@example.test',
      role: 'member',
      initials: 'FM',
      isActive: true,
    },
    'POST /api/subscriptions': {
      name: 'Plan',
      price: 10,
      duration: 1,
      description: 'd',
      features: ['a', 'b'],
    },
    'PUT /api/subscriptions/:id': { name: 'Plan', price: 10, duration: 1, description: 'd', features: ['a'] },
    'POST /api/members/:id/subscriptions': {
      subscriptionId: ids.plan,
      startDate: '2031-01-01',
      endDate: '2031-02-01',
    },
    'POST /api/races': {
      name: 'R',
      venue: 'V',
      date: '2031-01-01T03:00:00.000Z',
      description: 'd',
      meetingNumber: 1,
      raceNumber: 2,
      distance: '1200m',
      raceType: 'flat',
      trackCondition: 'good',
      customFields: { a: 'b' },
    },
    'PUT /api/races/:id': { name: 'R', venue: 'V', date: '2031-01-01T03:00:00.000Z' },
    'POST /api/bets': {
      ...bet,
      bets: [
        { betType: 'win', odds: 2, amount: 5 },
        { betType: 'place', odds: 1.5, amount: 5 },
      ],
    },
    'PUT /api/bets/:id': { ...bet, result: 5 },
    'PUT /api/bets/:id/status': { status: 'win', result: 12.5 },
    'POST /api/reminders': { text: 'Pay', date: '2031-01-01', memberId: self, completed: false },
    'PUT /api/settings': {
      syndicateName: 'Club',
      defaultBetAmount: 100,
      currency: 'usd',
      rotationStrategy: 'sequential',
      timezone: 'UTC',
    },
    'POST /api/settings/api-key': { apiKey: 'fuzz-key-0123456789' },
    'PUT /api/next-bet': { memberId: self },
    'POST /api/racing/import': { date: '2031-01-01' },
    'POST /api/bank/contributions': { memberId: self, amount: 10, date: '2031-01-01', note: 'Paid in' },
    'POST /api/bank/payouts': { memberId: ids.member, amount: 5, date: '2031-01-01', note: 'Paid out' },
    'POST /api/bank/adjustments': { amount: -2, note: 'Fee', memberId: self, date: '2031-01-01' },
    'POST /api/bank/entries/:id/reverse': { reason: 'Recorded twice' },
    'POST /api/bank/distributions': { amount: 5, memberIds: [ids.member], date: '2031-01-01', dryRun: false },
    'PUT /api/me/preferences': { muteLiveToasts: true },
  };
  return bodies[key];
}

const hostile = fc.oneof(
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -0,
    -1,
    0.001,
    1.005,
    1e308,
    -1e308,
    2147483648,
    2 ** 53 + 2,
    Number.MAX_SAFE_INTEGER,
    '',
    ' ',
    '0',
    '-1',
    'NaN',
    'Infinity',
    '1e400',
    '12.345',
    'null',
    '<script>alert(1)</script>',
    "'; drop table bets; --",
    '\u0000',
    '\uD800',
    'x'.repeat(100_000),
    '2031-02-30',
    '9999-12-31T23:59:59Z',
    '0000-00-00',
    'Mars/Olympus',
    [],
    {},
    [[[]]],
    { __proto__: { admin: true } },
    { constructor: { prototype: {} } },
  ),
  fc.string({ maxLength: 300 }),
  fc.integer(),
  fc.double(),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Any generated value as query text (fast-check may make objects without a prototype). */
function asText(v: unknown): string {
  if (typeof v === 'string') return v;
  try {
    return JSON.stringify(v) ?? 'undefined';
  } catch {
    return 'unprintable';
  }
}

type Req = { body: string | undefined; contentType: string; path: string; query: string; asMember: boolean };

function requestArb(key: string, valid: Record<string, unknown> | undefined, ids: Ids): fc.Arbitrary<Req> {
  const [, url = ''] = key.split(' ');
  const idSeg = fc.oneof(
    fc.constantFrom(
      String(ids.bet),
      String(ids.member),
      String(ids.race),
      String(ids.plan),
      String(ids.reminder),
      String(ids.entry),
    ),
    fc.constantFrom(
      '0',
      '-1',
      '1.5',
      '1e3',
      '9'.repeat(40),
      '2147483648',
      '%00',
      'NaN',
      'Infinity',
      '0x10',
      '%2e%2e',
      ' 1',
    ),
    fc.integer().map(String),
    fc.string({ maxLength: 20 }).map(encodeURIComponent),
  );
  const mutated = valid
    ? fc
        .tuple(
          fc.subarray(Object.keys(valid)),
          fc.dictionary(fc.string({ maxLength: 12 }), hostile, { maxKeys: 3 }),
          fc.array(hostile, { minLength: 5, maxLength: 5 }),
          fc.boolean(),
        )
        .map(([keys, extra, values, drop]) => {
          const body: Record<string, unknown> = { ...valid };
          keys.forEach((k, i) => {
            if (drop && i % 2 === 0) delete body[k];
            else body[k] = values[i % values.length];
          });
          return JSON.stringify({ ...body, ...extra });
        })
    : fc.constant(undefined);
  const body = fc.oneof(
    { weight: 5, arbitrary: mutated },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: fc.string({ maxLength: 200 }) }, // mostly not JSON at all
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
  const query = fc
    .dictionary(
      fc.constantFrom('limit', 'count', 'active', 'from', 'id', '__proto__', 'x'),
      fc.oneof(fc.string({ maxLength: 30 }), hostile.map(asText)),
      { maxKeys: 3 },
    )
    .map((d) => (Object.keys(d).length ? `?${new URLSearchParams(d as Record<string, string>)}` : ''));
  return fc.record({
    body,
    contentType: fc.constantFrom(
      'application/json',
      'application/json',
      'application/json',
      'text/plain',
      'application/x-www-form-urlencoded',
    ),
    path: url.includes(':') ? idSeg.map((id) => url.replace(/:[A-Za-z]+/, id)) : fc.constant(url),
    query,
    asMember: fc.boolean(),
  });
}

describe('request fuzzing', () => {
  it('no write route answers ≥ 500, and rejected requests change nothing', { timeout: 600_000 }, async () => {
    const runs = isQuick() ? 200 : 250;
    const writes = apiRoutes(t.app).filter(isWrite);
    const perRoute: string[] = [];
    let total = 0;
    let fiveHundreds = 0;
    let rejected = 0;
    let rejectedChanged = 0;
    const t0 = Date.now();
    for (const route of writes) {
      // A fresh syndicate per route: a fuzzed DELETE or leave must not starve the next route.
      const S = await syndicateWithMember(t.app, `Fz${route.method}${route.url.replace(/\W/g, '')}`);
      const valid = validBody(route.key, S.ids, S.memberId);
      const anonymous = route.key.startsWith('POST /api/auth/') || route.key === 'POST /api/logout';
      const joinRoute = route.key === 'POST /api/syndicates/join';
      let routeRuns = 0;
      await fc.assert(
        fc.asyncProperty(
          requestArb(route.key, valid, S.ids),
          fc.string({ maxLength: 60 }),
          async (req, junkCookie) => {
            const cookie = anonymous
              ? route.key === 'POST /api/logout'
                ? `sid=${encodeURIComponent(junkCookie)}`
                : undefined
              : `sid=${req.asMember ? S.member.cookie : S.admin.cookie}`;
            const before = await digest(t.database.db, { joinFailures: !joinRoute });
            const res = await t.app.inject({
              method: route.method as 'POST',
              url: req.path + req.query,
              headers: {
                origin: 'http://localhost:5000',
                ...(cookie ? { cookie } : {}),
                ...(req.body !== undefined ? { 'content-type': req.contentType } : {}),
              },
              ...(req.body !== undefined ? { payload: req.body } : {}),
            });
            routeRuns++;
            total++;
            if (res.statusCode >= 500) fiveHundreds++;
            expect(
              res.statusCode,
              `${route.key} ${req.path}${req.query} ${req.body?.slice(0, 300)} → ${res.body}`,
            ).toBeLessThan(500);
            if (res.statusCode >= 400) {
              rejected++;
              const changed = changedTables(
                before,
                await digest(t.database.db, { joinFailures: !joinRoute }),
              );
              if (changed.length) rejectedChanged++;
              expect(changed, `${route.key} → ${res.statusCode} changed ${changed}`).toEqual([]);
            }
          },
        ),
        { numRuns: runs, endOnFailure: true },
      );
      perRoute.push(`${route.key} ${routeRuns}`);
    }
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    figure(8, 'write routes fuzzed × generated requests each', `${writes.length} × ${runs}`);
    figure(8, 'requests sent', total);
    figure(8, 'responses ≥ 500', fiveHundreds, fiveHundreds === 0);
    figure(
      8,
      'unhandled rejections / app still healthy',
      `${unhandled} / ${health.statusCode === 200 ? 'yes' : 'no'}`,
      unhandled === 0 && health.statusCode === 200,
    );
    figure(
      8,
      'rejected requests (4xx); of those that changed state',
      `${rejected}; ${rejectedChanged}`,
      rejectedChanged === 0,
    );
    figure(8, 'fuzzing time (s)', Math.round((Date.now() - t0) / 1000));
    expect(health.statusCode).toBe(200);
    expect(unhandled).toBe(0);
  });
});
