// Item 2. A plain member tries every admin-only action (and every change to someone else's bet or
// reminder) with valid input: each must answer 403, and nothing may change. Every tenant-scoped
// write route must be listed either here or as member-allowed, so a new route cannot slip by.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../src/server/test/harness';
import { figure } from './support/figures';
import { changedTables, digest, type Ids, isWrite, syndicateWithMember, tenantRoutes } from './support/world';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Attempt = [
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: object | string,
  headers?: Record<string, string>,
];

/** A fresh Idempotency-Key, as the client sends with every bank write: a refusal must store none. */
const key = () => ({ 'idempotency-key': randomUUID() });

/** Admin-only actions (DESIGN "Roles"), by route, each with a valid body. */
function adminOnly(ids: Ids, self: number): Record<string, Attempt[]> {
  const bet = { horseName: 'Mine now', betType: 'win', odds: 2, amount: 5, oddsType: 'fixed' };
  return {
    'POST /api/members': [
      ['POST', '/api/members', { name: 'Sneaky', email: 'sneaky@example.test', role: 'admin' }],
    ],
    'PUT /api/members/:id': [
      ['PUT', `/api/members/${ids.adminMember}`, { name: 'Renamed admin' }],
      ['PUT', `/api/members/${ids.member}`, { name: 'Renamed member' }],
      ['PUT', `/api/members/${self}`, { name: 'Me', role: 'admin' }],
    ],
    'POST /api/members/:id/restore': [['POST', `/api/members/${ids.member}/restore`]],
    'POST /api/members/:id/claim-link': [['POST', `/api/members/${ids.member}/claim-link`]],
    'DELETE /api/members/:id': [
      ['DELETE', `/api/members/${ids.adminMember}`],
      ['DELETE', `/api/members/${ids.member}`],
    ],
    'POST /api/subscriptions': [['POST', '/api/subscriptions', { name: 'Free', price: 0, duration: 1 }]],
    'PUT /api/subscriptions/:id': [
      ['PUT', `/api/subscriptions/${ids.plan}`, { name: 'Free', price: 0, duration: 1 }],
    ],
    'DELETE /api/subscriptions/:id': [['DELETE', `/api/subscriptions/${ids.plan}`]],
    'POST /api/members/:id/subscriptions': [
      ['POST', `/api/members/${self}/subscriptions`, { subscriptionId: ids.plan, startDate: '2031-01-01' }],
      [
        'POST',
        `/api/members/${ids.member}/subscriptions`,
        { subscriptionId: ids.plan, startDate: '2031-01-01' },
      ],
    ],
    'PUT /api/races/:id': [
      ['PUT', `/api/races/${ids.race}`, { name: 'Moved', venue: 'X', date: '2031-05-01T00:00:00.000Z' }],
    ],
    'DELETE /api/races/:id': [['DELETE', `/api/races/${ids.race}`]],
    // Importing bets writes settled bets and bank lines: the admin's, dry run included.
    'POST /api/import/bets': [
      [
        'POST',
        '/api/import/bets?dryRun=false',
        'date,member,horse,odds,stake,status\r\n2031-01-01,Anyone,Z,2,5,win\r\n',
        { 'content-type': 'text/csv' },
      ],
      [
        'POST',
        '/api/import/bets?dryRun=true',
        'date,member,horse,odds,stake\r\n',
        { 'content-type': 'text/csv' },
      ],
    ],
    // A result settles every bet on the race: the admin's.
    'POST /api/races/:id/result': [
      ['POST', `/api/races/${ids.race}/result`, { finishers: [{ position: 1, horseName: 'Anything' }] }],
    ],
    'PUT /api/settings': [
      [
        'PUT',
        '/api/settings',
        { syndicateName: 'Coup', defaultBetAmount: 500, currency: 'eur', rotationStrategy: 'manual' },
      ],
    ],
    'POST /api/settings/api-key': [['POST', '/api/settings/api-key', { apiKey: 'stolen-key-0123456789' }]],
    'PUT /api/next-bet': [['PUT', '/api/next-bet', { memberId: self }]],
    'POST /api/syndicates/invite-code': [['POST', '/api/syndicates/invite-code']],
    'POST /api/racing/import': [['POST', '/api/racing/import', { date: '2031-01-01' }]],
    // Pulling results settles bets: the admin's.
    'POST /api/racing/results': [['POST', '/api/racing/results', { date: '2031-01-01' }]],
    // Someone else's bets (a single one under `member`, a two-part one under the admin).
    'PUT /api/bets/:id': [
      ['PUT', `/api/bets/${ids.bet}`, bet],
      ['PUT', `/api/bets/${ids.groupBets[0]}`, bet],
    ],
    'PUT /api/bets/:id/status': [
      ['PUT', `/api/bets/${ids.bet}/status`, { status: 'win' }],
      ['PUT', `/api/bets/${ids.groupBets[1]}/status`, { status: 'loss' }],
    ],
    'DELETE /api/bets/:id': [
      ['DELETE', `/api/bets/${ids.bet}`],
      ['DELETE', `/api/bets/${ids.groupBets[0]}`],
    ],
    // A reminder assigned to another member.
    'PUT /api/reminders/:id/complete': [['PUT', `/api/reminders/${ids.reminder}/complete`]],
    'DELETE /api/reminders/:id': [['DELETE', `/api/reminders/${ids.reminder}`]],
    // The bank: every write is the admin's (issue 14), whoever it is for; with and without a key.
    'POST /api/bank/contributions': [
      ['POST', '/api/bank/contributions', { memberId: self, amount: 100 }],
      ['POST', '/api/bank/contributions', { memberId: ids.member, amount: 20, note: 'Dues' }, key()],
    ],
    'POST /api/bank/payouts': [
      ['POST', '/api/bank/payouts', { memberId: ids.member, amount: 5 }, key()],
      ['POST', '/api/bank/payouts', { memberId: self, amount: 0.01 }],
    ],
    'POST /api/bank/adjustments': [
      ['POST', '/api/bank/adjustments', { memberId: self, amount: 25, note: 'Bonus' }, key()],
      ['POST', '/api/bank/adjustments', { amount: -3, note: 'Fees' }],
    ],
    'POST /api/bank/entries/:id/reverse': [
      ['POST', `/api/bank/entries/${ids.entry}/reverse`, { reason: 'Never paid' }, key()],
    ],
    'POST /api/bank/distributions': [
      ['POST', '/api/bank/distributions', {}, key()],
      ['POST', '/api/bank/distributions', { amount: 5, memberIds: [self, ids.member] }],
      // Even a dry run: the preview is the admin's tool.
      ['POST', '/api/bank/distributions', { dryRun: true }],
    ],
  };
}

/** Writes a member may make (DESIGN "Roles"); partly-allowed routes are also tried above. */
const MEMBER_ALLOWED = new Set([
  'POST /api/races',
  'POST /api/bets',
  'POST /api/reminders',
  'POST /api/members/me/leave',
  // Everyone's own calendar feed address.
  'POST /api/calendar/feed',
  'DELETE /api/calendar/feed',
]);

describe('role matrix', () => {
  it('a member is refused (403) every admin-only action, and nothing changes', async () => {
    const A = await syndicateWithMember(t.app, 'Roles');
    const attempts = adminOnly(A.ids, A.memberId);
    const writes = tenantRoutes(t.app).filter(isWrite);
    const unclassified = writes.map((r) => r.key).filter((k) => !(k in attempts) && !MEMBER_ALLOWED.has(k));
    expect(unclassified, 'every tenant write route must be classified').toEqual([]);

    const before = await digest(t.database.db);
    const failures: string[] = [];
    let made = 0;
    for (const list of Object.values(attempts)) {
      for (const [method, url, body, headers] of list) {
        const res = await A.member.request(method, url, body, headers);
        made++;
        if (res.statusCode !== 403) failures.push(`${method} ${url} → ${res.statusCode} ${res.body}`);
      }
    }
    const changed = changedTables(before, await digest(t.database.db));
    // The member's session still works: the refusals were about the role, not the session.
    expect((await A.member.get('/api/members/me')).statusCode).toBe(200);

    figure(
      2,
      "admin-only routes (and others' bets/reminders) covered",
      `${Object.keys(attempts).length} routes`,
    );
    figure(2, 'attempts by a member', made);
    figure(
      2,
      'attempts that succeeded',
      failures.filter((f) => / → 2\d\d/.test(f)).length,
      failures.length === 0,
    );
    figure(2, 'answers other than 403', failures.length, failures.length === 0);
    figure(2, 'tables changed', changed.length, changed.length === 0);
    expect(failures).toEqual([]);
    expect(changed).toEqual([]);
  });
});

describe('money a member can touch', () => {
  it('a member cannot place bets under others, nor change their own bet once settled', async () => {
    const A = await syndicateWithMember(t.app, 'Money');
    const bet = {
      horseName: 'Own Horse',
      status: 'pending',
      date: '2031-02-01T00:00:00.000Z',
      raceId: A.ids.race,
      betType: 'win',
      odds: 3,
      amount: 10,
      oddsType: 'fixed',
    };
    // Allowed: the member's own bet, settled by the member while pending.
    const created = await A.member.post('/api/bets', { ...bet, memberId: A.memberId });
    expect(created.statusCode).toBe(201);
    const own = created.json<{ bets: { id: number }[] }>().bets[0]?.id;
    expect(
      (await A.member.put(`/api/bets/${own}/status`, { status: 'win', result: 1_000_000 })).statusCode,
    ).toBe(200);
    const settled = (await A.admin.get('/api/bets')).json<{ id: number; result: number | null }[]>();
    expect(settled.find((b) => b.id === own)?.result).toBe(20); // settle(): 10 × 3 − 10, not the client's

    const attempts: Attempt[] = [
      ['POST', '/api/bets', { ...bet, memberId: A.ids.adminMember }],
      ['POST', '/api/bets', { ...bet, memberId: A.ids.member }],
      [
        'POST',
        '/api/bets',
        {
          ...bet,
          memberId: A.ids.adminMember,
          bets: [
            { betType: 'win', odds: 3, amount: 10 },
            { betType: 'place', odds: 1.5, amount: 10 },
          ],
        },
      ],
      ['PUT', `/api/bets/${own}`, { ...bet, odds: 50, amount: 500, status: 'win', result: 24_500 }],
      ['DELETE', `/api/bets/${own}`],
    ];
    const before = await digest(t.database.db);
    const failures: string[] = [];
    for (const [method, url, body] of attempts) {
      const res = await A.member.request(method, url, body);
      if (res.statusCode !== 403) failures.push(`${method} ${url} → ${res.statusCode} ${res.body}`);
    }
    const changed = changedTables(before, await digest(t.database.db));
    figure(
      2,
      'money attempts by a member (bets under others, editing or deleting their own settled bet): succeeded',
      `${failures.filter((f) => / → 2\d\d/.test(f)).length} of ${attempts.length}`,
      failures.length === 0 && changed.length === 0,
    );
    expect(failures).toEqual([]);
    expect(changed).toEqual([]);
  });
});

describe('the bank is open to read', () => {
  it("a member reads the books (summary, ledger, anyone's statement and CSV); the admin's same writes go through", async () => {
    const A = await syndicateWithMember(t.app, 'Books');
    const reads = [
      '/api/bank',
      '/api/bank/entries',
      `/api/bank/entries?memberId=${A.ids.member}&type=contribution&limit=200`,
      `/api/bank/members/${A.ids.member}/statement`,
      `/api/bank/members/${A.memberId}/statement`,
      `/api/bank/members/${A.ids.adminMember}/statement`,
    ];
    const failures: string[] = [];
    for (const url of reads) {
      const res = await A.member.get(url);
      if (res.statusCode !== 200) failures.push(`GET ${url} → ${res.statusCode} ${res.body}`);
    }
    // The member sees the contribution recorded for another member, and its statement as CSV.
    const entries = (await A.member.get('/api/bank/entries')).json<{ entries: { id: number }[] }>().entries;
    expect(entries.map((e) => e.id)).toContain(A.ids.entry);
    const csv = await A.member.get(`/api/bank/members/${A.ids.member}/statement?format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(String(csv.headers['content-type'])).toMatch(/^text\/csv/);
    expect(String(csv.headers['content-disposition'])).toMatch(/^attachment; filename=".+\.csv"$/);
    expect(csv.body.split(/\r?\n/)[0]).toBe('\uFEFFdate,type,description,amount,balance');
    expect(csv.body).toContain('Books contribution');

    // The refusals above were about the role: the admin's same bodies are accepted.
    const byAdmin = [
      await A.admin.post('/api/bank/contributions', { memberId: A.memberId, amount: 100 }),
      await A.admin.post('/api/bank/payouts', { memberId: A.ids.member, amount: 5 }),
      await A.admin.post('/api/bank/adjustments', { amount: -3, note: 'Fees' }),
      await A.admin.post('/api/bank/distributions', { dryRun: true }),
      await A.admin.post(`/api/bank/entries/${A.ids.entry}/reverse`, { reason: 'Never paid' }),
    ].map((r) => r.statusCode);
    figure(
      2,
      'bank reads by a member (summary, ledger, statements, CSV) answered other than 200',
      failures.length,
      failures.length === 0,
    );
    expect(failures).toEqual([]);
    expect(byAdmin).toEqual([201, 201, 201, 200, 201]);
  });
});

describe('admin-only reads', () => {
  it('a member is refused the audit log (403) whatever the filters, and reads the activity feed', async () => {
    const A = await syndicateWithMember(t.app, 'Audit');
    const adminOnlyReads = [
      '/api/audit',
      '/api/audit?limit=100',
      '/api/audit?action=bet.created',
      `/api/audit?actorMemberId=${A.memberId}`,
      `/api/audit?entityType=bet&entityId=${A.ids.bet}`,
      '/api/audit?from=2030-01-01&to=2031-12-31',
    ];
    const failures: string[] = [];
    for (const url of adminOnlyReads) {
      const res = await A.member.get(url);
      if (res.statusCode !== 403) failures.push(`GET ${url} → ${res.statusCode} ${res.body}`);
      const admin = await A.admin.get(url);
      if (admin.statusCode !== 200) failures.push(`admin GET ${url} → ${admin.statusCode}`);
    }
    // The feed is every member's, without the changes.
    const feed = await A.member.get('/api/activity?limit=100');
    if (feed.statusCode !== 200 || feed.body.includes('"changes"'))
      failures.push(`GET /api/activity → ${feed.statusCode}`);
    figure(
      2,
      'admin-only reads (the audit log) answered other than 403 to a member',
      failures.length,
      failures.length === 0,
    );
    expect(failures).toEqual([]);
  });
});
