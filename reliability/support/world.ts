// Fixtures the suite shares: a syndicate holding one of everything (made through the API), the
// route list split by kind, and a digest of every row in the database (what "unchanged" means).
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/server/db/client';
import { type Client, signUp, signUpWithSyndicate } from '../../src/server/test/harness';

export interface Ids {
  syndicate: number;
  inviteCode: string;
  /** The admin's own member. */
  adminMember: number;
  /** A member added by the admin (no user). */
  member: number;
  plan: number;
  race: number;
  /** A single pending bet placed under `member`. */
  bet: number;
  /** The two bets of a two-part bet. */
  groupBets: [number, number];
  reminder: number;
  /** A bank contribution (50) recorded for `member`, with the note "<tag> contribution". */
  entry: number;
}

type Res = { statusCode: number; body: string; json<T>(): T };

export async function expectStatus(res: Promise<Res>, status: number): Promise<Res> {
  const r = await res;
  if (r.statusCode !== status) throw new Error(`fixture failed: ${r.statusCode} ${r.body}`);
  return r;
}
const idOf = async (res: Promise<Res>) => (await expectStatus(res, 201)).json<{ id: number }>().id;

export const betBody = (memberId: number, raceId: number | null, tag: string) => ({
  memberId,
  raceId,
  horseName: `${tag} Horse`,
  status: 'pending',
  date: '2031-01-01T02:00:00.000Z',
  betType: 'win',
  odds: 2.5,
  amount: 10,
  oddsType: 'fixed',
});

/** One of everything in the admin's syndicate, made through the API. */
export async function populate(admin: Client, tag: string): Promise<Ids> {
  const syndicate = (await admin.get('/api/syndicates')).json<{ id: number; inviteCode: string }[]>()[0];
  if (!syndicate) throw new Error('admin has no syndicate');
  const me = (await admin.get('/api/members/me')).json<{ id: number }>();
  const member = await idOf(
    admin.post('/api/members', {
      name: `${tag} Member`,
      email: `${tag.toLowerCase()}-${Math.random().toString(36).slice(2)}@example.test`,
      role: 'member',
    }),
  );
  const plan = await idOf(admin.post('/api/subscriptions', { name: `${tag} Plan`, price: 10, duration: 1 }));
  const race = await idOf(
    admin.post('/api/races', { name: `${tag} Cup`, venue: `${tag} Park`, date: '2031-01-01T03:00:00.000Z' }),
  );
  const bet = (await expectStatus(admin.post('/api/bets', betBody(member, race, tag)), 201)).json<{
    bets: { id: number }[];
  }>().bets[0]?.id;
  const group = (
    await expectStatus(
      admin.post('/api/bets', {
        ...betBody(me.id, race, `${tag} Pair`),
        bets: [
          { betType: 'win', odds: 3, amount: 10 },
          { betType: 'place', odds: 1.5, amount: 20 },
        ],
      }),
      201,
    )
  ).json<{ bets: { id: number }[] }>().bets;
  const reminder = await idOf(
    admin.post('/api/reminders', {
      text: `${tag} reminder`,
      date: '2031-01-01',
      memberId: member,
      completed: false,
    }),
  );
  await expectStatus(
    admin.post(`/api/members/${member}/subscriptions`, { subscriptionId: plan, startDate: '2030-12-01' }),
    201,
  );
  const entry = await idOf(
    admin.post('/api/bank/contributions', {
      memberId: member,
      amount: 50,
      note: `${tag} contribution`,
    }),
  );
  if (bet === undefined || group.length !== 2) throw new Error('bet fixtures missing');
  return {
    syndicate: syndicate.id,
    inviteCode: syndicate.inviteCode,
    adminMember: me.id,
    member,
    plan,
    race,
    bet,
    groupBets: [group[0]?.id ?? 0, group[1]?.id ?? 0],
    reminder,
    entry,
  };
}

/** An admin with a populated syndicate, and a plain member (a user who joined by invite code). */
export async function syndicateWithMember(app: FastifyInstance, tag: string) {
  const { client: admin } = await signUpWithSyndicate(app, `${tag} Admin`);
  const ids = await populate(admin, tag);
  const member = await signUp(app, `${tag} Joiner`);
  await expectStatus(member.post('/api/syndicates/join', { inviteCode: ids.inviteCode }), 200);
  const memberId = (await member.get('/api/members/me')).json<{ id: number }>().id;
  return { admin, member, memberId, ids };
}

/**
 * Every row of every table, as one md5 per table. Volatile bookkeeping is left out and said so:
 * sessions.last_seen_at (touched by reads, at most once a minute) and join_failures (a failed
 * join is counted by design: that is the brute-force limit). The bank counts whole: its ledger,
 * the running totals its trigger keeps, the weights settled bets were shared by, and the stored
 * Idempotency-Key answers (a refused request must not leave one behind).
 */
export async function digest(db: Db, opts: { joinFailures?: boolean } = {}): Promise<Record<string, string>> {
  const tables = [
    'users',
    'syndicates',
    'members',
    'subscription_plans',
    'member_subscriptions',
    'races',
    'bets',
    'reminders',
    'oidc_logins',
    'bank_entries',
    'bank_member_totals',
    'bet_allocation_weights',
    'idempotency_keys',
    'calendar_feeds',
    // A refused write must leave no event either (the event is in the write's transaction).
    'audit_events',
  ];
  const parts = tables.map(
    (t) =>
      `select '${t}' as t, md5(coalesce(string_agg(x::text, ',' order by x::text), '')) as h from ${t} x`,
  );
  parts.push(
    `select 'sessions', md5(coalesce(string_agg(concat_ws(':', id_hash, user_id, active_syndicate_id, created_at), ',' order by id_hash), '')) from sessions`,
  );
  if (opts.joinFailures !== false) {
    parts.push(
      `select 'join_failures', md5(coalesce(string_agg(x::text, ',' order by x::text), '')) from join_failures x`,
    );
  }
  const { rows } = await db.execute<{ t: string; h: string }>(sql.raw(parts.join(' union all ')));
  return Object.fromEntries(rows.map((r) => [r.t, r.h]));
}

/** The tables whose digests differ. */
export function changedTables(a: Record<string, string>, b: Record<string, string>): string[] {
  return Object.keys({ ...a, ...b }).filter((k) => a[k] !== b[k]);
}

/** Routes that answer without a session (DESIGN: auth and health). */
export const PUBLIC_ROUTES = new Set([
  'GET /api/health',
  'POST /api/auth/register',
  'POST /api/auth/login',
  'GET /api/login',
  'GET /api/callback',
  'GET /api/logout',
  'POST /api/logout',
  // The calendar feed: no session, the secret token is the key (calendar-feed.test.ts).
  'GET /api/calendar/:token.ics',
]);
/** Routes that need a session but not a syndicate. */
export const SESSION_ONLY_ROUTES = new Set([
  'GET /api/auth/user',
  'GET /api/syndicates',
  'POST /api/syndicates',
  'POST /api/syndicates/join',
  'PUT /api/syndicates/active',
  'POST /api/members/claim',
  'GET /api/me/preferences',
  'PUT /api/me/preferences',
  // Change Password: the user's own account (src/server/auth/auth.test.ts).
  'PUT /api/auth/password',
]);

export interface Route {
  method: string;
  url: string;
  key: string;
}

export function apiRoutes(app: FastifyInstance): Route[] {
  return app.routeList
    .filter((r) => (r.url.startsWith('/api/') && !r.url.startsWith('/api/docs')) || r.url === '/ws')
    .map((r) => ({ ...r, key: `${r.method} ${r.url}` }));
}

export const isWrite = (r: Route) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method);
/** Tenant-scoped: everything but the public and session-only routes (and the socket). */
export const tenantRoutes = (app: FastifyInstance) =>
  apiRoutes(app).filter(
    (r) => r.url !== '/ws' && !PUBLIC_ROUTES.has(r.key) && !SESSION_ONLY_ROUTES.has(r.key),
  );
