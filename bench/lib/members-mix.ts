// The realistic mix: many members, each signed in with a session of their own, each loading the
// dashboard once (its dozen calls in turn on one connection, as one browser tab's socket would),
// with a write (a new reminder) after every WRITE_EVERY reads. No session asks for the same URL
// twice, as in the app (TanStack Query keeps answers until a mutation invalidates them): the load
// the app meets in use, unlike a benchmark's repeated request. (It is the mix that showed the old
// per-session read cache gave nothing: docs/performance.md, "No read cache".)
import { createHash, randomBytes } from 'node:crypto';
import autocannon, { type Request } from 'autocannon';
import type pg from 'pg';
import { BROWSER_HEADERS, type LoadResult } from './load';

/** Reads between two writes: every second dashboard load is followed by a new reminder. */
export const WRITE_EVERY = 24;

/**
 * Adds `count` members to the syndicate, each with a user of their own and a signed-in session
 * (made with SQL, as the bench's other rows are: registering hundreds of accounts through the API
 * would measure password hashing and meet the registration throttle). Returns their cookies.
 */
export async function seedMemberSessions(
  db: pg.Client,
  syndicateId: number,
  count: number,
): Promise<string[]> {
  const tokens = Array.from({ length: count }, () => randomBytes(32).toString('base64url'));
  const hashes = tokens.map((t) => createHash('sha256').update(t).digest('hex'));
  const tag = randomBytes(4).toString('hex');
  await db.query(
    `with s as (select h, n from unnest($2::text[]) with ordinality as s(h, n)),
          u as (insert into users (name, email)
                select 'Mix Member ' || n, 'mix-' || $3 || '-' || n || '@bench.test' from s
                returning id, name, email),
          m as (insert into members (syndicate_id, user_id, name, email, initials, role)
                select $1, u.id, u.name, u.email, 'MM', 'member' from u returning user_id)
     insert into sessions (id_hash, user_id, active_syndicate_id, created_at, last_seen_at)
     select s.h, u.id, $1, now(), now()
       from s join u on u.email = 'mix-' || $3 || '-' || s.n || '@bench.test'`,
    [syndicateId, hashes, tag],
  );
  return tokens.map((t) => `sid=${t}`);
}

/** What a connection remembers during one pass: the session of the load it is making. */
type Context = { cookie?: string };

/**
 * Runs the mix until every session has loaded the dashboard once. Each connection takes the next
 * unused session for each load.
 */
export async function membersMix(opts: {
  url: string;
  dashboard: string[];
  cookies: string[];
  connections: number;
}): Promise<LoadResult & { reads: number; writes: number }> {
  let next = 0;
  let writes = 0;
  const take = (ctx: Context) => {
    ctx.cookie = opts.cookies[next++ % opts.cookies.length];
    return ctx.cookie;
  };
  const get = (p: string, first: boolean) => ({
    method: 'GET',
    path: p,
    setupRequest: (req: Request, ctx: Context) => {
      const cookie = first ? take(ctx) : (ctx.cookie ?? take(ctx));
      return { ...req, path: p, headers: { ...BROWSER_HEADERS, cookie: cookie ?? '' } };
    },
  });
  const write = {
    method: 'POST',
    path: '/api/reminders',
    setupRequest: (req: Request, ctx: Context) => {
      writes++;
      return {
        ...req,
        headers: {
          ...BROWSER_HEADERS,
          'content-type': 'application/json',
          origin: opts.url,
          cookie: ctx.cookie ?? '',
        },
        body: JSON.stringify({ text: `Mix reminder ${writes}`, date: '2031-01-01' }),
      };
    },
  };
  // One cycle: two members load the dashboard, the second then adds a reminder.
  const loads = WRITE_EVERY / opts.dashboard.length;
  const cycle = Array.from({ length: loads }, () => opts.dashboard.map((p, i) => get(p, i === 0))).flat();
  cycle.push(write);
  const cycles = Math.floor(opts.cookies.length / loads);
  const result = await autocannon({
    url: opts.url,
    connections: opts.connections,
    amount: cycles * cycle.length,
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
    reads: total - writes,
    writes,
  };
}
