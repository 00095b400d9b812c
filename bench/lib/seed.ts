// Bench data: users and syndicates through the real API (so the session cookie is a real one),
// then members, races, reminders and bets straight into the tables with generate_series.
import { randomBytes } from 'node:crypto';
import type pg from 'pg';

export interface Tenant {
  cookie: string;
  syndicateId: number;
}

async function post(origin: string, url: string, body: unknown, cookie?: string) {
  const res = await fetch(`${origin}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`POST ${url}: ${res.status} ${await res.text()}`);
  return res;
}

/** A new user (signed up through the API) who creates a syndicate: its cookie and id. */
export async function signUpWithSyndicate(origin: string, name: string): Promise<Tenant> {
  const email = `bench-${randomBytes(4).toString('hex')}@example.test`;
  const registered = await post(origin, '/api/auth/register', {
    name,
    email,
    password: 'bench-password-1',
  });
  // Every cookie the answer sets (the session and its signed-in hint), as a browser sends them back.
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair = ''] = c.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  };
  let cookie = keep(registered);
  if (!/(^|; )sid=/.test(cookie)) throw new Error('no session cookie');
  const created = await post(origin, '/api/syndicates', { name: `${name}'s syndicate` }, cookie);
  const { id } = (await created.json()) as { id: number };
  // The browser's next read finds the session in the syndicate, and the hint says so.
  cookie = keep(await fetch(`${origin}/api/auth/user`, { headers: { cookie } }));
  return { cookie, syndicateId: id };
}

/** Adds `count` members (m-<n>@bench.test), races (past and future) and reminders. */
export async function seedSyndicate(
  db: pg.Client,
  syndicateId: number,
  opts: { members: number; races: number; reminders: number },
) {
  await db.query(
    `insert into members (syndicate_id, name, email, initials, role)
     select $1, 'Member ' || g, 'm-' || g || '@bench.test', 'M' || (g % 10), 'member'
       from generate_series(1, $2::int) g`,
    [syndicateId, opts.members],
  );
  // Half the races are behind us, half ahead (rotation and the calendar read upcoming ones).
  await db.query(
    `insert into races (syndicate_id, name, venue, date)
     select $1, 'Race ' || g, (array['Flemington','Randwick','Ascot','Eagle Farm'])[1 + g % 4],
            now() + ((g - $2::int / 2) * interval '3 days')
       from generate_series(1, $2::int) g`,
    [syndicateId, opts.races],
  );
  await db.query(
    `insert into reminders (syndicate_id, text, date)
     select $1, 'Reminder ' || g, now() + g * interval '1 day' from generate_series(1, $2::int) g`,
    [syndicateId, opts.reminders],
  );
}

/**
 * Adds bets number `from`..`to` (inclusive) spread over the syndicate's members and races and,
 * in date order, over the last two years: 10% pending, the rest settled (a third of them wins) with results
 * computed as `settle` does (round(amount × odds) − amount; −amount).
 */
export async function seedBets(db: pg.Client, syndicateId: number, from: number, to: number) {
  await db.query(
    `with m as (select array_agg(id order by id) ids from members where syndicate_id = $1),
          r as (select array_agg(id order by id) ids from races where syndicate_id = $1),
          b as (
            select g,
                   case when g % 10 = 0 then 'pending' when g % 3 = 0 then 'win' else 'loss' end::bet_status as status,
                   500 + (g % 50) * 100 as amount_cents,
                   150 + (g * 7) % 900 as odds_hundredths,
                   -- In date order, as bets arrive: the batch spreads over the last two years.
                   now() - ($3::int - g) * (interval '730 days' / ($3::int - $2::int + 1)) as date
              from generate_series($2::int, $3::int) g)
     insert into bets (syndicate_id, member_id, race_id, horse_name, bet_type, odds_hundredths, amount_cents,
                       odds_type, status, result_cents, date, jockey, settled_at)
     select $1, m.ids[1 + b.g % cardinality(m.ids)],
            case when b.g % 3 = 0 then r.ids[1 + b.g % cardinality(r.ids)] end,
            'Horse ' || (b.g % 997), 'win', b.odds_hundredths, b.amount_cents, 'fixed', b.status,
            case b.status
              when 'win' then round(b.amount_cents * b.odds_hundredths / 100.0)::bigint - b.amount_cents
              when 'loss' then -b.amount_cents end,
            b.date, 'J. Rider', case when b.status <> 'pending' then b.date + interval '2 hours' end
       from b, m, r`,
    [syndicateId, from, to],
  );
}

/** After bulk loads, as autovacuum would soon do: fresh statistics and visibility map. */
export async function vacuumAnalyze(db: pg.Client) {
  await db.query('vacuum analyze');
}
