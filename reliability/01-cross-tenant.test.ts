// Item 1. An admin and a plain member of syndicate B call every tenant-scoped route with syndicate
// A's ids (in the path, or in the body where a route takes ids there): every answer must be 404,
// exactly as for a missing id, and A's rows must be unchanged. B's lists must hold none of A's
// rows. A route the matrix does not classify fails the test, so coverage cannot drift.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../src/server/test/harness';
import { figure } from './support/figures';
import { changedTables, digest, type Ids, syndicateWithMember, tenantRoutes } from './support/world';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Attempt = { method: string; url: string; body?: object | string; headers?: Record<string, string> };

/** An id no syndicate has: the "missing id" every answer is compared with. */
const MISSING = 2_147_483_000;

/** A's ids by kind: ids of different tables may be equal, so each is swapped only where its kind goes. */
type IdsByKind = Record<'members' | 'subscriptions' | 'races' | 'bets' | 'reminders' | 'entries', number[]>;
/** Which kind a body field names. */
const FIELD_KIND: Record<string, keyof IdsByKind> = {
  memberId: 'members',
  memberIds: 'members',
  raceId: 'races',
  subscriptionId: 'subscriptions',
};

/**
 * The same request with every one of A's ids (path segments, by the segment before them, and id
 * fields) replaced by a missing one.
 */
function control(a: Attempt, ids: IdsByKind): Attempt {
  const swap = (kind: keyof IdsByKind | undefined, v: unknown) =>
    kind && typeof v === 'number' && ids[kind].includes(v) ? MISSING : v;
  const segs = a.url.split('/');
  const url = segs
    .map((seg, i) => {
      const kind = segs[i - 1] as keyof IdsByKind;
      return /^\d+$/.test(seg) && kind in ids && ids[kind].includes(Number(seg)) ? String(MISSING) : seg;
    })
    .join('/');
  const body =
    typeof a.body === 'string'
      ? a.body
      : a.body
        ? Object.fromEntries(
            Object.entries(a.body).map(([k, v]) => [
              k,
              Array.isArray(v) ? v.map((x) => swap(FIELD_KIND[k], x)) : swap(FIELD_KIND[k], v),
            ]),
          )
        : undefined;
  return { method: a.method, url, body, ...(a.headers ? { headers: a.headers } : {}) };
}

/** A's bank entries the path attempts aim at besides `Ids.entry`: one allocation line of its settled bet. */
interface BankIds {
  allocation: number;
}

/** Per id route: the call aimed at A's row. */
function pathAttempts(a: Ids, b: Ids, bank: BankIds): Record<string, Attempt[]> {
  const bet = { horseName: 'Edited', betType: 'win', odds: 2, amount: 5, oddsType: 'fixed' };
  const plan = { name: 'Hijacked', price: 1, duration: 1 };
  const race = { name: 'Hijacked', venue: 'X', date: '2031-02-01T00:00:00.000Z' };
  const m = (method: string, url: string, body?: object, headers?: Record<string, string>): Attempt => ({
    method,
    url,
    body,
    ...(headers ? { headers } : {}),
  });
  return {
    'GET /api/members/:id': [m('GET', `/api/members/${a.member}`), m('GET', `/api/members/${a.adminMember}`)],
    'PUT /api/members/:id': [
      m('PUT', `/api/members/${a.member}`, { name: 'Hijacked', email: 'h@example.test', role: 'admin' }),
      m('PUT', `/api/members/${a.adminMember}`, { name: 'Hijacked' }),
    ],
    'DELETE /api/members/:id': [
      m('DELETE', `/api/members/${a.member}`),
      m('DELETE', `/api/members/${a.adminMember}`),
    ],
    'GET /api/members/:id/subscriptions': [m('GET', `/api/members/${a.member}/subscriptions`)],
    'POST /api/members/:id/restore': [m('POST', `/api/members/${a.member}/restore`)],
    'POST /api/members/:id/claim-link': [m('POST', `/api/members/${a.member}/claim-link`)],
    'POST /api/members/:id/subscriptions': [
      m('POST', `/api/members/${a.member}/subscriptions`, {
        subscriptionId: b.plan,
        startDate: '2031-01-01',
      }),
      m('POST', `/api/members/${a.member}/subscriptions`, {
        subscriptionId: a.plan,
        startDate: '2031-01-01',
      }),
    ],
    'PUT /api/subscriptions/:id': [m('PUT', `/api/subscriptions/${a.plan}`, plan)],
    'DELETE /api/subscriptions/:id': [m('DELETE', `/api/subscriptions/${a.plan}`)],
    'GET /api/races/:id': [m('GET', `/api/races/${a.race}`)],
    'PUT /api/races/:id': [m('PUT', `/api/races/${a.race}`, race)],
    'DELETE /api/races/:id': [m('DELETE', `/api/races/${a.race}`)],
    'POST /api/races/:id/result': [
      m('POST', `/api/races/${a.race}/result`, { finishers: [{ position: 1, horseName: 'Cross' }] }),
    ],
    'GET /api/bets/:id': [m('GET', `/api/bets/${a.bet}`), m('GET', `/api/bets/${a.groupBets[1]}`)],
    'PUT /api/bets/:id': [
      m('PUT', `/api/bets/${a.bet}`, bet),
      m('PUT', `/api/bets/${a.groupBets[0]}`, { ...bet, memberId: b.member }),
    ],
    'PUT /api/bets/:id/status': [
      m('PUT', `/api/bets/${a.bet}`.concat('/status'), { status: 'win' }),
      m('PUT', `/api/bets/${a.groupBets[1]}/status`, { status: 'loss', result: 1000 }),
    ],
    'DELETE /api/bets/:id': [m('DELETE', `/api/bets/${a.bet}`), m('DELETE', `/api/bets/${a.groupBets[0]}`)],
    'PUT /api/reminders/:id/complete': [m('PUT', `/api/reminders/${a.reminder}/complete`)],
    'DELETE /api/reminders/:id': [m('DELETE', `/api/reminders/${a.reminder}`)],
    'GET /api/bank/members/:memberId/statement': [
      m('GET', `/api/bank/members/${a.member}/statement`),
      m('GET', `/api/bank/members/${a.adminMember}/statement`),
      m('GET', `/api/bank/members/${a.member}/statement?format=csv`),
    ],
    'POST /api/bank/entries/:id/reverse': [
      m('POST', `/api/bank/entries/${a.entry}/reverse`, { reason: 'Hijacked' }),
      // With an Idempotency-Key: refused before the bank, so no answer is stored for it either.
      m(
        'POST',
        `/api/bank/entries/${a.entry}/reverse`,
        { reason: 'Hijacked' },
        { 'idempotency-key': 'cross-tenant-reverse' },
      ),
      m('POST', `/api/bank/entries/${bank.allocation}/reverse`, { reason: 'Hijacked' }),
    ],
  };
}

/** Routes without an id in the path that take ids in the body: B's path, A's ids in the body. */
function bodyAttempts(a: Ids, b: Ids): Record<string, Attempt[]> {
  const bet = {
    horseName: 'Cross',
    status: 'pending',
    date: '2031-01-01T02:00:00.000Z',
    betType: 'win',
    odds: 2,
    amount: 5,
    oddsType: 'fixed',
  };
  return {
    'POST /api/bets': [
      { method: 'POST', url: '/api/bets', body: { ...bet, memberId: a.member, raceId: b.race } },
      { method: 'POST', url: '/api/bets', body: { ...bet, memberId: b.member, raceId: a.race } },
      {
        method: 'POST',
        url: '/api/bets',
        body: { ...bet, memberId: a.member, raceId: a.race, bets: [{ betType: 'win', odds: 2, amount: 5 }] },
      },
    ],
    'POST /api/reminders': [
      { method: 'POST', url: '/api/reminders', body: { text: 'x', date: '2031-01-01', memberId: a.member } },
    ],
    'PUT /api/next-bet': [{ method: 'PUT', url: '/api/next-bet', body: { memberId: a.member } }],
    // The bank's writes by member id; a distribution naming A's member beside B's own pays no one,
    // and a dry run (whose preview names the members) shows nothing.
    'POST /api/bank/contributions': [
      { method: 'POST', url: '/api/bank/contributions', body: { memberId: a.member, amount: 5 } },
      { method: 'POST', url: '/api/bank/contributions', body: { memberId: a.adminMember, amount: 5 } },
    ],
    'POST /api/bank/payouts': [
      { method: 'POST', url: '/api/bank/payouts', body: { memberId: a.member, amount: 5 } },
    ],
    'POST /api/bank/adjustments': [
      { method: 'POST', url: '/api/bank/adjustments', body: { memberId: a.member, amount: -5, note: 'x' } },
    ],
    'POST /api/bank/distributions': [
      { method: 'POST', url: '/api/bank/distributions', body: { memberIds: [a.member], amount: 5 } },
      { method: 'POST', url: '/api/bank/distributions', body: { memberIds: [b.member, a.member] } },
      {
        method: 'POST',
        url: '/api/bank/distributions',
        body: { memberIds: [a.member, a.adminMember], dryRun: true },
      },
    ],
    // The path names B's member; the body names A's plan.
    'POST /api/members/:id/subscriptions': [
      {
        method: 'POST',
        url: `/api/members/${b.member}/subscriptions`,
        body: { subscriptionId: a.plan, startDate: '2031-01-01' },
      },
    ],
  };
}

/** Lists and reads without ids: B's answers must hold none of A's rows. */
const LISTS = [
  'GET /api/members',
  'GET /api/members/me',
  'GET /api/members/former',
  'GET /api/subscriptions',
  'GET /api/races',
  'GET /api/bets',
  'GET /api/reminders',
  'GET /api/rotation',
  'GET /api/next-bet',
  'GET /api/stats/syndicate',
  'GET /api/stats/top-performers',
  'GET /api/settings',
  'GET /api/racing/status',
  'GET /api/bank',
  'GET /api/bank/entries',
  'GET /api/insights/summary',
  'GET /api/insights/breakdown',
  'GET /api/insights/timeline',
  'GET /api/insights/share',
  'GET /api/calendar/feed',
  'GET /api/export/bets.csv',
  'GET /api/export/members.csv',
  'GET /api/export/rankings.csv',
  'GET /api/activity',
];
/** Lists only admins read (a member gets 403): B's admin must see none of A's rows in them. */
const ADMIN_LISTS = ['GET /api/audit'];
const LIST_QUERY: Record<string, string> = {
  'GET /api/insights/breakdown': '?by=member',
  'GET /api/insights/timeline': '?interval=day',
  'GET /api/rotation': '?count=20',
  'GET /api/stats/top-performers': '?limit=100',
  'GET /api/bank/entries': '?limit=200',
  'GET /api/activity': '?limit=100',
  'GET /api/audit': '?limit=100',
};

/**
 * Writes that name no id at all: they can only reach the caller's own syndicate. They are called
 * by B's admin and member (valid bodies), and A must be unchanged afterwards.
 */
function ownScopeWrites(): Record<string, Attempt[]> {
  return {
    'POST /api/members': [
      {
        method: 'POST',
        url: '/api/members',
        body: { name: 'B New', email: 'b-new@example.test', role: 'member' },
      },
    ],
    'POST /api/subscriptions': [
      { method: 'POST', url: '/api/subscriptions', body: { name: 'B Plan 2', price: 5, duration: 2 } },
    ],
    'POST /api/races': [
      {
        method: 'POST',
        url: '/api/races',
        body: { name: 'B Race', venue: 'B', date: '2031-03-01T00:00:00.000Z' },
      },
    ],
    'PUT /api/settings': [
      {
        method: 'PUT',
        url: '/api/settings',
        body: {
          syndicateName: 'B Renamed',
          defaultBetAmount: 20,
          currency: 'gbp',
          rotationStrategy: 'random',
        },
      },
    ],
    'POST /api/settings/api-key': [
      { method: 'POST', url: '/api/settings/api-key', body: { apiKey: 'b-key-0123456789' } },
    ],
    'POST /api/racing/import': [{ method: 'POST', url: '/api/racing/import', body: { date: '2031-01-01' } }],
    'POST /api/racing/results': [
      { method: 'POST', url: '/api/racing/results', body: { date: '2031-01-01' } },
    ],
    'POST /api/syndicates/invite-code': [{ method: 'POST', url: '/api/syndicates/invite-code' }],
    // B's own calendar feed: made, then revoked.
    'POST /api/calendar/feed': [{ method: 'POST', url: '/api/calendar/feed' }],
    'DELETE /api/calendar/feed': [{ method: 'DELETE', url: '/api/calendar/feed' }],
    // The bank's writes without a member id: split among (or paid to) B's own members.
    'POST /api/bank/adjustments': [
      { method: 'POST', url: '/api/bank/adjustments', body: { amount: 3, note: 'B fee refund' } },
    ],
    'POST /api/bank/distributions': [
      { method: 'POST', url: '/api/bank/distributions', body: { dryRun: true } },
      { method: 'POST', url: '/api/bank/distributions', body: {} },
    ],
    // A CSV naming A's member and race beside B's own: refused whole (all or nothing), A untouched.
    'POST /api/import/bets': [
      {
        method: 'POST',
        url: '/api/import/bets?dryRun=false',
        body: 'date,member,horse,race,venue,odds,stake,status\r\n2031-01-01,Bravo Admin,B Horse,,,2,5,win\r\n2031-01-01,Alpha Admin,A Horse,Alpha Race,Alpha Park,2,5,win\r\n',
        headers: { 'content-type': 'text/csv' },
      },
    ],
    // Last: the member of B leaves B (the admin is B's last admin and is refused with 409).
    'POST /api/members/me/leave': [{ method: 'POST', url: '/api/members/me/leave' }],
  };
}

describe('cross-tenant matrix', () => {
  it("B's admin and member get 404 for every one of A's ids, A is unchanged, B's lists hold none of A", async () => {
    const A = await syndicateWithMember(t.app, 'Alpha');
    const B = await syndicateWithMember(t.app, 'Bravo');
    // A settled bet in A, so A shows up in its own stats and rankings, and its bank holds
    // allocation lines (and the weights they were shared by) beside the contribution.
    expect((await A.admin.put(`/api/bets/${A.ids.bet}/status`, { status: 'win' })).statusCode).toBe(200);
    const aEntries = (await A.admin.get('/api/bank/entries?limit=200')).json<{
      entries: { id: number; type: string }[];
    }>().entries;
    const allocation = aEntries.find((e) => e.type === 'allocation')?.id;
    expect(allocation, "A's settled bet has allocation lines").toBeTypeOf('number');
    const bank: BankIds = { allocation: allocation ?? 0 };
    const snapshotOfA = async () =>
      (await A.admin.get('/api/bets')).body +
      (await A.admin.get('/api/members')).body +
      (await A.admin.get('/api/bank')).body +
      (await A.admin.get('/api/bank/entries?limit=200')).body;
    const before = await digest(t.database.db);
    const snapshotA = await snapshotOfA();

    const paths = pathAttempts(A.ids, B.ids, bank);
    const bodies = bodyAttempts(A.ids, B.ids);
    const own = ownScopeWrites();
    const routes = tenantRoutes(t.app);
    const unclassified = routes
      .map((r) => r.key)
      .filter(
        (k) =>
          !(k in paths) && !(k in bodies) && !LISTS.includes(k) && !ADMIN_LISTS.includes(k) && !(k in own),
      );
    expect(unclassified, 'every tenant route needs a place in the matrix').toEqual([]);

    const failures: string[] = [];
    const unlikeMissing: string[] = [];
    let idAttempts = 0;
    let pathIdAttempts = 0;
    const aIds: IdsByKind = {
      members: [A.ids.member, A.ids.adminMember],
      subscriptions: [A.ids.plan],
      races: [A.ids.race],
      bets: [A.ids.bet, ...A.ids.groupBets],
      reminders: [A.ids.reminder],
      entries: aEntries.map((e) => e.id),
    };
    for (const [who, caller] of [
      ['admin', B.admin],
      ['member', B.member],
    ] as const) {
      for (const [kind, table] of [
        ['path', paths],
        ['body', bodies],
      ] as const) {
        for (const attempts of Object.values(table)) {
          for (const a of attempts) {
            const res = await caller.request(a.method as 'GET', a.url, a.body, a.headers);
            const c = control(a, aIds);
            const missing = await caller.request(c.method as 'GET', c.url, c.body, c.headers);
            idAttempts++;
            if (kind === 'path') pathIdAttempts++;
            // An id in the path: 404. An id in a body: refused exactly as a missing id is.
            const ok = kind === 'path' ? res.statusCode === 404 : res.statusCode >= 400;
            if (!ok) failures.push(`${who} ${a.method} ${a.url} → ${res.statusCode} ${res.body}`);
            if (res.statusCode !== missing.statusCode || res.body !== missing.body)
              unlikeMissing.push(
                `${who} ${a.method} ${a.url}: ${res.statusCode} ${res.body} vs missing ${missing.statusCode} ${missing.body}`,
              );
          }
        }
      }
    }
    const afterIds = await digest(t.database.db);
    const changedByIds = changedTables(before, afterIds);

    // B's lists: none of A's names, horses, plans, races or reminders.
    let listCalls = 0;
    let leaks = 0;
    const aMarkers = /Alpha/;
    for (const [, caller] of [
      ['admin', B.admin],
      ['member', B.member],
    ] as const) {
      for (const key of LISTS) {
        const url = key.split(' ')[1] + (LIST_QUERY[key] ?? '');
        const res = await caller.get(url);
        listCalls++;
        if (res.statusCode !== 200) failures.push(`list ${url} → ${res.statusCode}`);
        if (aMarkers.test(res.body)) {
          leaks++;
          failures.push(`list ${url} shows A's data`);
        }
      }
    }
    // The audit log: B's admin sees none of A's events, B's member is refused it.
    for (const key of ADMIN_LISTS) {
      const url = key.split(' ')[1] + (LIST_QUERY[key] ?? '');
      const res = await B.admin.get(url);
      listCalls++;
      if (res.statusCode !== 200) failures.push(`list ${url} → ${res.statusCode}`);
      if (aMarkers.test(res.body)) {
        leaks++;
        failures.push(`list ${url} shows A's data`);
      }
      const refused = await B.member.get(url);
      if (refused.statusCode !== 403) failures.push(`member list ${url} → ${refused.statusCode}`);
    }
    // B's audit log filtered by A's member: 404, as for a member B never had; by A's bet: nothing.
    {
      const res = await B.admin.get(`/api/audit?actorMemberId=${A.ids.adminMember}`);
      const missing = await B.admin.get(`/api/audit?actorMemberId=${MISSING}`);
      const byBet = await B.admin.get(`/api/audit?entityType=bet&entityId=${A.ids.bet}`);
      listCalls += 3;
      if (res.statusCode !== 404 || res.body !== missing.body) {
        leaks++;
        failures.push(`audit log by A's member → ${res.statusCode} ${res.body}`);
      }
      if (byBet.statusCode !== 200 || byBet.json<{ events: unknown[] }>().events.length !== 0) {
        leaks++;
        failures.push(`audit log by A's bet → ${byBet.statusCode} ${byBet.body}`);
      }
    }
    // B's ledger filtered by A's member: 404, as for a member B never had (and as the bets' filter).
    for (const caller of [B.admin, B.member]) {
      const res = await caller.get(`/api/bank/entries?memberId=${A.ids.member}&limit=200`);
      listCalls++;
      if (res.statusCode !== 404) {
        leaks++;
        failures.push(`list /api/bank/entries?memberId=A → ${res.statusCode} ${res.body}`);
      }
    }
    // B's insights filtered by A's member: 404, as for a member B never had.
    for (const caller of [B.admin, B.member]) {
      const res = await caller.get(`/api/insights/summary?memberId=${A.ids.member}`);
      listCalls++;
      if (res.statusCode !== 404) {
        leaks++;
        failures.push(`insights summary of A's member → ${res.statusCode} ${res.body}`);
      }
    }
    // B's bets filtered by A's member or race: 404 (paged or not); a search for A's names finds none.
    for (const caller of [B.admin, B.member]) {
      for (const url of [`/api/bets?memberId=${A.ids.member}`, `/api/bets?raceId=${A.ids.race}&limit=50`]) {
        const res = await caller.get(url);
        listCalls++;
        if (res.statusCode !== 404) {
          leaks++;
          failures.push(`${url} (A's id) → ${res.statusCode} ${res.body}`);
        }
      }
      for (const q of ['Alpha', 'alpha horse', 'alpha cup', 'alpha park']) {
        const res = await caller.get(`/api/bets?limit=200&q=${encodeURIComponent(q)}`);
        listCalls++;
        if (res.statusCode !== 200 || res.json<unknown[]>().length !== 0) {
          leaks++;
          failures.push(`/api/bets?q=${q} → ${res.statusCode} ${res.body}`);
        }
      }
    }
    expect((await B.admin.get('/api/stats/syndicate')).json()).toMatchObject({
      totalWins: 0,
      currentBalance: 0,
    });

    // Writes without ids reach only B.
    let ownWrites = 0;
    const ownBank: string[] = [];
    for (const caller of [B.admin, B.member]) {
      for (const attempts of Object.values(own)) {
        for (const a of attempts) {
          const res = await caller.request(a.method as 'POST', a.url, a.body, a.headers);
          if (a.url.startsWith('/api/bank/'))
            ownBank.push(`${caller === B.admin ? 'admin' : 'member'} ${res.statusCode}`);
          ownWrites++;
        }
      }
    }
    // They did reach B: its admin's bank writes went through (a member's are refused by role).
    expect(ownBank).toEqual([
      'admin 201',
      'admin 200',
      'admin 201',
      'member 403',
      'member 403',
      'member 403',
    ]);
    const snapshotAAfter = await snapshotOfA();

    figure(1, 'tenant-scoped routes × methods covered', `${routes.length} of ${routes.length}`);
    figure(1, "attempts with A's ids (B admin + B member)", idAttempts);
    const succeeded = failures.filter((f) => / → 2\d\d/.test(f)).length;
    figure(1, 'attempts that succeeded (2xx)', succeeded, succeeded === 0);
    figure(
      1,
      'id-in-path attempts answered other than 404',
      `${failures.filter((f) => !f.startsWith('list')).length} of ${pathIdAttempts}`,
      failures.length === 0,
    );
    figure(
      1,
      "answers that differ from a missing id's (status or body)",
      unlikeMissing.length,
      unlikeMissing.length === 0,
    );
    figure(1, "tables changed by the attempts (A's data)", changedByIds.length, changedByIds.length === 0);
    figure(1, "B's list/read calls; A's rows shown", `${listCalls} calls; ${leaks} rows`, leaks === 0);
    figure(
      1,
      "id-less writes by B; A's data changed",
      `${ownWrites} writes; ${snapshotA === snapshotAAfter ? 0 : 1}`,
      snapshotA === snapshotAAfter,
    );
    expect(failures).toEqual([]);
    expect(unlikeMissing).toEqual([]);
    expect(changedByIds).toEqual([]);
    expect(snapshotAAfter).toBe(snapshotA);
  });
});
