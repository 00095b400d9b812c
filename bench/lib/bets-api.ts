// Bench for issue 17's bets API: many syndicates, each member with a session of their own, and a
// mix that replays the dashboard's calls with bets created and settled in between (10 % writes),
// as a syndicate's members use the app at the same time. Rows are made with SQL, as the bench's
// other rows are (hundreds of accounts through the API would measure password hashing).
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import autocannon, { type Request } from 'autocannon';
import type pg from 'pg';
import { BROWSER_HEADERS, type LoadResult } from './load';
import { seedBets, seedSyndicate } from './seed';

export interface MixMember {
  cookie: string;
  memberId: number;
  syndicateId: number;
}

/**
 * `syndicates` new syndicates, each with `membersEach` members who each have a user and a
 * signed-in session, races, reminders and `bets` bets. Returns the members, syndicate by syndicate.
 */
export async function seedSyndicatesWithSessions(
  db: pg.Client,
  opts: { syndicates: number; membersEach: number; bets: number },
): Promise<MixMember[]> {
  const out: MixMember[] = [];
  for (let s = 0; s < opts.syndicates; s++) {
    const tag = randomBytes(4).toString('hex');
    const { rows } = await db.query<{ id: number }>(
      `insert into syndicates (name, invite_code) values ($1, $2) returning id`,
      [`Mix syndicate ${s + 1}`, `MIX${tag.toUpperCase()}`],
    );
    const syndicateId = rows[0]!.id;
    const tokens = Array.from({ length: opts.membersEach }, () => randomBytes(32).toString('base64url'));
    const hashes = tokens.map((t) => createHash('sha256').update(t).digest('hex'));
    const made = await db.query<{ member_id: number; h: string }>(
      `with s as (select h, n from unnest($2::text[]) with ordinality as s(h, n)),
            u as (insert into users (name, email)
                  select 'Mix ' || $3 || ' ' || n, 'mix17-' || $3 || '-' || n || '@bench.test' from s
                  returning id, name, email),
            m as (insert into members (syndicate_id, user_id, name, email, initials, role)
                  select $1, u.id, u.name, u.email, 'MX', case when u.email like '%-1@bench.test' then 'admin' else 'member' end::member_role
                    from u returning id, user_id, email),
            x as (insert into sessions (id_hash, user_id, active_syndicate_id, created_at, last_seen_at)
                  select s.h, u.id, $1, now(), now()
                    from s join u on u.email = 'mix17-' || $3 || '-' || s.n || '@bench.test'
                  returning id_hash, user_id)
       select m.id as member_id, x.id_hash as h from x join m on m.user_id = x.user_id`,
      [syndicateId, hashes, tag],
    );
    const byHash = new Map(made.rows.map((r) => [r.h, r.member_id]));
    tokens.forEach((t, i) => {
      out.push({ cookie: `sid=${t}`, memberId: byHash.get(hashes[i]!)!, syndicateId });
    });
    await seedSyndicate(db, syndicateId, { members: 0, races: 30, reminders: 5 });
    await seedBets(db, syndicateId, 1, opts.bets);
  }
  return out;
}

/** Reads a dashboard client makes again after it created a bet, and after it settled one. */
const RECENT_BETS = '/api/bets?limit=5&status=win,loss,placed,void';
const AFTER_CREATE = [RECENT_BETS, '/api/stats/syndicate'];
const AFTER_SETTLE = [RECENT_BETS, '/api/stats/syndicate', '/api/stats/top-performers?limit=5'];
/** Requests in one cycle of the mix besides the dashboard's calls (the two writes included). */
export const BETS_MIX_EXTRA = 2 + AFTER_CREATE.length + AFTER_SETTLE.length;

/**
 * One cycle per member session: the dashboard's calls, then a new bet under the member's own
 * name, the reads the client refetches, the bet settled, the reads again: 2 writes in the
 * dashboard's 15 calls + 7 (about 9 %). Each cycle takes the next member (round robin over all of them), so the
 * connections are signed in as different members of different syndicates at any moment.
 */
export async function betsMix(opts: {
  url: string;
  dashboard: string[];
  members: MixMember[];
  connections: number;
  /** seconds */
  duration: number;
  /** false: the writes alone, without the reads a client makes after them (bench/mix-only.ts). */
  readsAfterWrites?: boolean;
}): Promise<LoadResult & { writes: number; writeFailures: number }> {
  type Ctx = { member?: MixMember; betId?: number };
  let next = 0;
  let writes = 0;
  let writeFailures = 0;
  const memberOf = (ctx: Ctx) => {
    ctx.member ??= opts.members[next++ % opts.members.length];
    return ctx.member!;
  };
  const get = (p: string) => ({
    method: 'GET' as const,
    path: p,
    setupRequest: (req: Request, ctx: Ctx) => ({
      ...req,
      path: p,
      headers: { ...BROWSER_HEADERS, cookie: memberOf(ctx).cookie },
    }),
  });
  // Writes ask for no compression: their answer is read (the new bet's id).
  const writeHeaders = (ctx: Ctx) => ({
    accept: 'application/json',
    'content-type': 'application/json',
    origin: opts.url,
    cookie: memberOf(ctx).cookie,
  });
  const create = {
    method: 'POST' as const,
    path: '/api/bets',
    setupRequest: (req: Request, ctx: Ctx) => {
      writes++;
      const m = memberOf(ctx);
      return {
        ...req,
        // A fresh Idempotency-Key per bet, as the Add Bet dialog sends (its retry path).
        headers: { ...writeHeaders(ctx), 'idempotency-key': randomUUID() },
        body: JSON.stringify({
          memberId: m.memberId,
          raceId: null,
          horseName: `Mix horse ${writes % 500}`,
          betType: 'win',
          odds: 3.5,
          amount: 10,
          oddsType: 'fixed',
          status: 'pending',
        }),
      };
    },
    onResponse: (status: number, body: string, ctx: Ctx) => {
      if (status !== 201) {
        writeFailures++;
        return;
      }
      ctx.betId = (JSON.parse(body) as { bets: { id: number }[] }).bets[0]?.id;
    },
  };
  const settle = {
    method: 'PUT' as const,
    path: '/api/bets/0/status',
    setupRequest: (req: Request, ctx: Ctx) => {
      writes++;
      return {
        ...req,
        path: `/api/bets/${ctx.betId ?? 0}/status`,
        headers: writeHeaders(ctx),
        body: JSON.stringify({ status: writes % 3 === 0 ? 'win' : 'loss' }),
      };
    },
    onResponse: (status: number) => {
      if (status !== 200) writeFailures++;
    },
  };
  const after = (reads: string[]) => (opts.readsAfterWrites === false ? [] : reads.map(get));
  const cycle = [...opts.dashboard.map(get), create, ...after(AFTER_CREATE), settle, ...after(AFTER_SETTLE)];
  const result = await autocannon({
    url: opts.url,
    connections: opts.connections,
    duration: opts.duration,
    requests: cycle,
  });
  const total = result.requests.total;
  return {
    rps: total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    total,
    writes,
    writeFailures,
  };
}
