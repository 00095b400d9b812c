// GET /api/bets at scale (issue 17 §4): keyset pages with a Link header, the filters and the text
// search in SQL, bad parameters, tenancy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BETS_PAGE_MAX, type Bet, LIST_BETS_MESSAGES } from '../../../shared/bet';
import { BET_STATUSES } from '../../../shared/bet-status';
import { DATE_RANGE_MESSAGE } from '../../../shared/dates';
import { type Client, createTestApp, type TestApp } from '../../test/harness';
import { decodeCursor, STREAM_CHUNK } from './list-json';
import { type Crew, crew, type ErrorBody, placeBet, singleBet } from './test-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** The Link header's next address, or null. */
function nextOf(headers: Record<string, unknown>): string | null {
  const link = headers.link;
  if (link === undefined) return null;
  const m = /^<([^>]+)>; rel="next"$/.exec(String(link));
  if (!m?.[1]) throw new Error(`not a next link: ${String(link)}`);
  return m[1];
}

/** Follows Link rel="next" from `url` to the end: every page's bets, and the pages' sizes. */
async function allPages(client: Client, url: string) {
  const ids: number[] = [];
  const sizes: number[] = [];
  const urls: string[] = [];
  let next: string | null = url;
  while (next !== null) {
    urls.push(next);
    const res = await client.get(next);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<Bet[]>();
    ids.push(...page.map((b) => b.id));
    sizes.push(page.length);
    next = nextOf(res.headers);
    if (urls.length > 1000) throw new Error('no end');
  }
  return { ids, sizes, urls };
}

/** The syndicate's bet ids as SQL orders them (date desc, id desc), optionally filtered. */
async function idsInOrder(syndicateId: number, where = 'true', values: unknown[] = []): Promise<number[]> {
  const { rows } = await t.database.pool.query<{ id: number }>(
    `select b.id from bets b left join races r on r.id = b.race_id
      where b.syndicate_id = $1 and (${where}) order by b.date desc, b.id desc`,
    [syndicateId, ...values],
  );
  return rows.map((r) => r.id);
}

/** Inserts bets by SQL with exact dates (microseconds kept), all the admin's unless said. */
async function insertBets(
  c: Crew,
  rows: {
    date: string;
    horse?: string;
    jockey?: string | null;
    status?: string;
    member?: number;
    race?: number | null;
    odds?: number;
    amount?: number;
  }[],
) {
  await t.database.pool.query(
    `insert into bets (syndicate_id, member_id, race_id, horse_name, odds_hundredths, amount_cents, status,
                       result_cents, date, jockey)
     select $1, r.member, r.race, r.horse, coalesce(r.odds, 300), coalesce(r.amount, 500), r.status::bet_status,
            case r.status when 'win' then 1000 when 'loss' then -500 end, r.date::timestamptz, r.jockey
       from json_to_recordset($2::json)
         as r(date text, horse text, jockey text, status text, member int, race int, odds int, amount int)`,
    [
      c.syndicateId,
      JSON.stringify(
        rows.map((r, i) => ({
          date: r.date,
          horse: r.horse ?? `Horse ${i}`,
          jockey: r.jockey ?? null,
          status: r.status ?? 'pending',
          member: r.member ?? c.adminMemberId,
          race: r.race === undefined ? null : r.race,
          odds: r.odds ?? null,
          amount: r.amount ?? null,
        })),
      ),
    ],
  );
}

describe('GET /api/bets?limit=: keyset pages', () => {
  it('pages of 7 give every bet exactly once, in order, with equal and microsecond dates; no Link on the last page', async () => {
    const c = await crew(t);
    const rows = [
      // Five bets at one instant: only the id orders them.
      ...Array.from({ length: 5 }, () => ({ date: '2030-01-01T10:00:00.123456Z' })),
      // Within one millisecond, apart by a microsecond: a JS Date cannot tell them apart.
      { date: '2030-01-01T10:00:00.123457Z' },
      { date: '2030-01-01T10:00:00.123455Z' },
      { date: '2030-01-01T10:00:00.123999Z' },
      { date: '2030-01-01T10:00:00.123001Z' },
      { date: '2030-01-01T10:00:00.124Z' },
      ...Array.from({ length: 24 }, (_, i) => ({
        date: `2029-12-${String(1 + (i % 28)).padStart(2, '0')}T0${i % 10}:00:00.${String(i * 41).padStart(6, '0')}Z`,
      })),
    ];
    await insertBets(c, rows);
    const expected = await idsInOrder(c.syndicateId);
    expect(expected).toHaveLength(rows.length);

    const { ids, sizes, urls } = await allPages(c.member, '/api/bets?limit=7');
    expect(ids).toEqual(expected);
    expect(new Set(ids).size).toBe(ids.length);
    // 34 bets: four full pages and a last one of 6, which has no Link.
    expect(sizes).toEqual([7, 7, 7, 7, 6]);
    // Each next address keeps the request's parameters and adds the cursor.
    for (const url of urls.slice(1)) expect(url).toMatch(/^\/api\/bets\?limit=7&cursor=[A-Za-z0-9_-]+$/);

    // A list that ends on a full page: the page before the end has a Link, the end has none.
    const d = await crew(t);
    await insertBets(
      d,
      Array.from({ length: 14 }, () => ({ date: '2030-05-05T05:05:05.555555Z' })),
    );
    const exact = await allPages(d.admin, '/api/bets?limit=7');
    expect(exact.sizes).toEqual([7, 7]);
    expect(exact.ids).toEqual(await idsInOrder(d.syndicateId));
  });

  it('without limit answers every bet as one array, streamed past one chunk, in the same order', async () => {
    const c = await crew(t);
    const n = STREAM_CHUNK * 2 + 3;
    await insertBets(
      c,
      Array.from({ length: n }, (_, i) => ({
        date: new Date(Date.UTC(2030, 0, 1) + Math.floor(i / 3) * 1000).toISOString(),
      })),
    );
    const res = await c.admin.get('/api/bets');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers.link).toBeUndefined();
    expect(res.json<Bet[]>().map((b) => b.id)).toEqual(await idsInOrder(c.syndicateId));
    // The same bets as the pages of 200 give.
    expect((await allPages(c.admin, `/api/bets?limit=${BETS_PAGE_MAX}`)).ids).toEqual(
      res.json<Bet[]>().map((b) => b.id),
    );
  });

  it('refuses a limit outside 1–200 or not a whole number, and a cursor not from a Link, with 400', async () => {
    const c = await crew(t);
    for (const query of ['limit=0', 'limit=201', 'limit=abc', 'limit=1.5', 'limit=-1']) {
      const res = await c.admin.get(`/api/bets?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json<ErrorBody>().message).toBe('Limit must be between 1 and 200');
    }
    const b64 = (s: string) => Buffer.from(s).toString('base64url');
    for (const cursor of [
      'not a cursor',
      'abc',
      b64('2030-13-01T00:00:00.000000Z_5'),
      b64('2030-01-01T00:00:00.000000Z_0'),
      b64('2030-01-01T00:00:00Z_5'),
      b64('2030-01-01T00:00:00.000000Z_99999999999'),
      // JS reads year 0000 back as itself; PostgreSQL refuses it (a 500 before).
      b64('0000-01-01T00:00:00.000000Z_1'),
      'x'.repeat(101),
    ]) {
      const res = await c.admin.get(`/api/bets?limit=5&cursor=${encodeURIComponent(cursor)}`);
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json<ErrorBody>().message).toBe(LIST_BETS_MESSAGES.cursor);
    }
    // A bet written on 2100-12-31 in its zone may be stored in 2101 UTC: its cursor still pages.
    const late = await c.admin.get(`/api/bets?limit=5&cursor=${b64('2101-01-01T04:00:00.000000Z_1')}`);
    expect(late.statusCode, late.body).toBe(200);
  });

  it("tenancy: never another syndicate's bets; A's cursor used in B pages B's bets only", async () => {
    const a = await crew(t);
    const b = await crew(t);
    await insertBets(
      a,
      Array.from({ length: 10 }, (_, i) => ({ date: `2030-02-${String(10 + i)}T00:00:00Z` })),
    );
    await insertBets(
      b,
      Array.from({ length: 10 }, (_, i) => ({ date: `2030-02-${String(10 + i)}T12:00:00Z` })),
    );
    const aIds = await idsInOrder(a.syndicateId);
    const bIds = await idsInOrder(b.syndicateId);
    expect((await allPages(a.member, '/api/bets?limit=3')).ids).toEqual(aIds);
    expect((await allPages(b.member, '/api/bets?limit=3')).ids).toEqual(bIds);

    const first = await a.admin.get('/api/bets?limit=4');
    const aNext = nextOf(first.headers);
    expect(aNext).not.toBeNull();
    const fromA = await b.admin.get(aNext!);
    expect(fromA.statusCode).toBe(200);
    const seen = fromA.json<Bet[]>().map((x) => x.id);
    expect(seen.length).toBeGreaterThan(0);
    for (const id of seen) expect(bIds).toContain(id);
    // It is a position in the list: B's bets older than A's fourth bet, newest first.
    const [date] = decodeCursor(new URL(aNext!, 'http://x').searchParams.get('cursor')!);
    expect(seen).toEqual((await idsInOrder(b.syndicateId, 'b.date < $2::timestamptz', [date])).slice(0, 4));
  });
});

describe('GET /api/bets: filters and search', () => {
  async function setUp() {
    const c = await crew(t);
    const other = await crew(t);
    const flem = await c.admin.post('/api/races', {
      name: 'Melbourne Cup',
      venue: 'Flemington',
      date: '2030-11-04T04:00:00.000Z',
    });
    const cup = flem.json<{ id: number }>().id;
    // The syndicate's time zone: a bet at 2030-03-01T20:00Z is on 2 March in Sydney.
    await t.database.pool.query(`update syndicates set timezone = 'Australia/Sydney' where id = $1`, [
      c.syndicateId,
    ]);
    await insertBets(c, [
      {
        date: '2030-03-01T20:00:00Z',
        horse: 'Zoë’s Pride',
        jockey: 'Kerrin McEvoy',
        status: 'win',
        race: cup,
      },
      { date: '2030-03-01T12:00:00Z', horse: 'ZOE STAR', jockey: null, status: 'loss' },
      { date: '2030-02-28T12:00:00Z', horse: 'Winx', jockey: 'Hugh Bowman', member: c.memberMemberId },
      { date: '2030-02-27T12:00:00Z', horse: '100% Gold', jockey: 'Jamie Kah', race: c.raceId },
      { date: '2030-02-26T12:00:00Z', horse: 'Under_Score', jockey: 'Damian Lane', status: 'loss' },
      { date: '2030-01-15T12:00:00Z', horse: 'Café Society', jockey: 'Rachel King', status: 'void' },
    ]);
    await insertBets(other, [
      { date: '2030-03-01T12:00:00Z', horse: 'Zoe Elsewhere', jockey: 'Kerrin McEvoy' },
    ]);
    const all = await c.admin.get('/api/bets');
    const byHorse = new Map(all.json<Bet[]>().map((b) => [b.horseName, b.id]));
    const ids = (...horses: string[]) => horses.map((h) => byHorse.get(h));
    return { c, other, cup, ids };
  }

  const horsesOf = async (client: Client, url: string) => {
    const res = await client.get(url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Bet[]>().map((b) => b.horseName);
  };

  it('filters by status, memberId, raceId, and from/to as days in the syndicate’s time zone', async () => {
    const { c, cup } = await setUp();
    expect(await horsesOf(c.member, '/api/bets?limit=50&status=loss')).toEqual(['ZOE STAR', 'Under_Score']);
    expect(await horsesOf(c.member, `/api/bets?status=void`)).toEqual(['Café Society']);
    expect(await horsesOf(c.member, `/api/bets?limit=50&memberId=${c.memberMemberId}`)).toEqual(['Winx']);
    expect(await horsesOf(c.member, `/api/bets?limit=50&raceId=${cup}`)).toEqual(['Zoë’s Pride']);
    expect(await horsesOf(c.member, `/api/bets?raceId=${c.raceId}`)).toEqual(['100% Gold']);
    // 20:00Z on 1 March is 2 March in Sydney (UTC+11): not in a range ending on 1 March.
    expect(await horsesOf(c.member, '/api/bets?limit=50&from=2030-03-02&to=2030-03-02')).toEqual([
      'Zoë’s Pride',
    ]);
    expect(await horsesOf(c.member, '/api/bets?limit=50&from=2030-02-27&to=2030-03-01')).toEqual([
      'ZOE STAR',
      'Winx',
      '100% Gold',
    ]);
    expect(await horsesOf(c.member, '/api/bets?limit=50&to=2030-01-31')).toEqual(['Café Society']);
    // Filters combine.
    expect(await horsesOf(c.member, '/api/bets?limit=50&status=loss&from=2030-03-01')).toEqual(['ZOE STAR']);
  });

  it('q matches horse, jockey, race and venue, ignoring case and accents; wildcards are literal', async () => {
    const { c } = await setUp();
    expect(await horsesOf(c.member, '/api/bets?limit=50&q=zoe')).toEqual(['Zoë’s Pride', 'ZOE STAR']);
    expect(await horsesOf(c.member, '/api/bets?limit=50&q=Zo%C3%AB')).toEqual(['Zoë’s Pride', 'ZOE STAR']);
    expect(await horsesOf(c.member, '/api/bets?q=CAFE')).toEqual(['Café Society']);
    expect(await horsesOf(c.member, '/api/bets?limit=50&q=mcevoy')).toEqual(['Zoë’s Pride']);
    expect(await horsesOf(c.member, '/api/bets?limit=50&q=bowman')).toEqual(['Winx']);
    expect(await horsesOf(c.member, '/api/bets?limit=50&q=flemington')).toEqual(['Zoë’s Pride']);
    expect(await horsesOf(c.member, '/api/bets?limit=50&q=melbourne%20cup')).toEqual(['Zoë’s Pride']);
    expect(await horsesOf(c.member, '/api/bets?limit=50&q=golden%20%20%20slipper')).toEqual(['100% Gold']);
    expect(await horsesOf(c.member, '/api/bets?limit=50&q=rosehill')).toEqual(['100% Gold']);
    expect(await horsesOf(c.member, '/api/bets?limit=50&q=100%25')).toEqual(['100% Gold']);
    expect(await horsesOf(c.member, '/api/bets?limit=50&q=e_s')).toEqual([]);
    expect(await horsesOf(c.member, '/api/bets?limit=50&q=under_')).toEqual(['Under_Score']);
    // Words of two fields do not run together into a match.
    expect(await horsesOf(c.member, '/api/bets?limit=50&q=winx%20hugh')).toEqual([]);
    expect(await horsesOf(c.member, '/api/bets?limit=50&q=nobody')).toEqual([]);
    // An empty search is no search; q with another filter.
    expect(await horsesOf(c.member, '/api/bets?limit=50&q=%20%20')).toHaveLength(6);
    expect(await horsesOf(c.member, '/api/bets?limit=50&q=zoe&status=win')).toEqual(['Zoë’s Pride']);
    // Several statuses, comma-separated (the dashboard's settled bets).
    expect(await horsesOf(c.member, '/api/bets?limit=50&q=zoe&status=loss,win,void')).toEqual([
      'Zoë’s Pride',
      'ZOE STAR',
    ]);
    expect(await horsesOf(c.member, '/api/bets?limit=50&q=zoe&status=pending,win')).toEqual(['Zoë’s Pride']);
  });

  it('a renamed race and a deleted race keep the search true', async () => {
    const { c, cup } = await setUp();
    await t.database.pool.query(
      `update races set name = 'Caulfield Cup', venue = 'Caulfield' where id = $1`,
      [cup],
    );
    expect(await horsesOf(c.member, '/api/bets?limit=50&q=flemington')).toEqual([]);
    expect(await horsesOf(c.member, '/api/bets?limit=50&q=caulfield')).toEqual(['Zoë’s Pride']);
    expect((await c.admin.delete(`/api/races/${cup}`)).statusCode).toBe(204);
    expect(await horsesOf(c.member, '/api/bets?limit=50&q=caulfield')).toEqual([]);
    expect(await horsesOf(c.member, '/api/bets?limit=50&q=zoe')).toEqual(['Zoë’s Pride', 'ZOE STAR']);
  });

  it('pages through a filtered list with the filters kept in the Link', async () => {
    const { c } = await setUp();
    const first = await c.member.get('/api/bets?limit=1&q=zoe&status=win&from=2030-01-01&to=2030-12-31');
    expect(first.json<Bet[]>().map((b) => b.horseName)).toEqual(['Zoë’s Pride']);
    expect(nextOf(first.headers)).toBeNull();
    const pages = await allPages(c.member, '/api/bets?q=o&limit=2&to=2030-03-01');
    expect(pages.urls.slice(1).every((u) => /[?&]q=o&limit=2&to=2030-03-01&cursor=/.test(u))).toBe(true);
    expect(pages.ids).toEqual(
      await idsInOrder(
        c.syndicateId,
        `b.search like '%o%' and b.date < timestamptz '2030-03-01 13:00:00+00'`,
      ),
    );
  });

  it('another syndicate’s member or race answers 404, as a missing one does', async () => {
    const { c, other } = await setUp();
    for (const [query, message] of [
      [`memberId=${other.adminMemberId}`, 'Member not found'],
      [`raceId=${other.raceId}`, 'Race not found'],
      ['memberId=2147483647', 'Member not found'],
    ] as const) {
      for (const limit of ['', '&limit=10']) {
        const res = await c.admin.get(`/api/bets?${query}${limit}`);
        expect(res.statusCode, query).toBe(404);
        expect(res.json<ErrorBody>().message).toBe(message);
      }
    }
    // Another syndicate's bets never match a search.
    expect(await horsesOf(c.admin, '/api/bets?limit=50&q=elsewhere')).toEqual([]);
  });

  it('refuses bad filters with 400 and a clear message', async () => {
    const { c } = await setUp();
    const cases: [string, string][] = [
      ['status=won', LIST_BETS_MESSAGES.status],
      ['status=win,', LIST_BETS_MESSAGES.status],
      ['status=win,lost', LIST_BETS_MESSAGES.status],
      ['memberId=abc', LIST_BETS_MESSAGES.memberId],
      ['memberId=0', LIST_BETS_MESSAGES.memberId],
      ['raceId=-2', LIST_BETS_MESSAGES.raceId],
      ['raceId=99999999999', LIST_BETS_MESSAGES.raceId],
      ['from=2030-02-30', 'from must be a day (YYYY-MM-DD)'],
      ['to=yesterday', 'to must be a day (YYYY-MM-DD)'],
      ['from=0000-01-01', DATE_RANGE_MESSAGE],
      ['to=1899-12-31', DATE_RANGE_MESSAGE],
      ['from=2101-01-01', DATE_RANGE_MESSAGE],
      ['from=2030-03-02&to=2030-03-01', 'from must be on or before to'],
      [`q=${'a'.repeat(101)}`, LIST_BETS_MESSAGES.q],
      ['sort=price', LIST_BETS_MESSAGES.sort],
      ['sort=--date', LIST_BETS_MESSAGES.sort],
      ['sort=', LIST_BETS_MESSAGES.sort],
      ['sort=Date', LIST_BETS_MESSAGES.sort],
    ];
    for (const [query, message] of cases) {
      const res = await c.admin.get(`/api/bets?limit=5&${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json<ErrorBody>().message, query).toBe(message);
    }
  });
});

describe('GET /api/bets?sort=: every column, both ways, by keyset pages', () => {
  /** Lower case without accents, as search_normalise writes it; compared code unit by code unit. */
  const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

  it('pages of 3 give every bet once, in the column’s order with the id breaking ties, filters kept', async () => {
    const c = await crew(t);
    const other = await crew(t);
    const ascot = (
      await c.admin.post('/api/races', {
        name: 'Ébor Handicap',
        venue: 'York',
        date: '2030-08-20T14:00:00.000Z',
      })
    ).json<{ id: number }>().id;
    const rows = [
      { horse: 'winx', amount: 500, odds: 300, status: 'win', race: c.raceId },
      { horse: 'Álvarez', amount: 1500, odds: 250, status: 'loss', member: c.memberMemberId },
      { horse: 'Black Caviar', amount: 500, odds: 1200, status: 'pending', race: ascot },
      { horse: 'alpha', amount: 99, odds: 300, status: 'void' },
      { horse: 'Zeta', amount: 1500, odds: 101, status: 'placed', race: ascot, member: c.memberMemberId },
      { horse: 'Winx', amount: 20000, odds: 300, status: 'win' },
      { horse: 'Makybe Diva', amount: 500, odds: 450, status: 'pending', race: c.raceId },
      { horse: 'Álvarez', amount: 700, odds: 250, status: 'loss', member: c.memberMemberId },
    ];
    await insertBets(
      c,
      rows.map((r, i) => ({ ...r, date: `2030-04-0${1 + (i % 4)}T10:00:00.00000${i}Z` })),
    );
    await insertBets(other, [{ date: '2030-04-01T10:00:00Z', horse: 'Elsewhere' }]);
    const all = (await c.admin.get('/api/bets')).json<Bet[]>();
    expect(all).toHaveLength(rows.length);

    const keys: Record<string, (b: Bet) => string | number> = {
      date: (b) => Date.parse(b.date),
      member: (b) => fold(b.member.name),
      horse: (b) => fold(b.horseName),
      race: (b) => fold(b.race?.name ?? ''),
      odds: (b) => b.odds,
      amount: (b) => b.amount,
      status: (b) => BET_STATUSES.indexOf(b.status),
    };
    for (const [column, key] of Object.entries(keys)) {
      for (const desc of [false, true]) {
        const sign = desc ? -1 : 1;
        const compare = (a: Bet, b: Bet) => {
          const ka = key(a);
          const kb = key(b);
          const byKey =
            typeof ka === 'number' && typeof kb === 'number' ? ka - kb : byText(String(ka), String(kb));
          return sign * (byKey || a.id - b.id);
        };
        const expected = [...all].sort(compare).map((b) => b.id);
        const sort = `${desc ? '-' : ''}${column}`;
        const pages = await allPages(c.member, `/api/bets?limit=3&sort=${sort}`);
        expect(pages.ids, sort).toEqual(expected);
        expect(pages.sizes, sort).toEqual([3, 3, 2]);
        for (const url of pages.urls.slice(1)) expect(url, sort).toContain(`sort=${sort}`);
        // Without a limit, the same order in one array.
        const whole = (await c.member.get(`/api/bets?sort=${sort}`)).json<Bet[]>();
        expect(
          whole.map((b) => b.id),
          sort,
        ).toEqual(expected);
      }
    }
    // A sort with filters: the member's losses by amount, largest first.
    const filtered = await allPages(
      c.member,
      `/api/bets?limit=1&sort=-amount&memberId=${c.memberMemberId}&status=loss`,
    );
    const amounts = filtered.ids.map((id) => all.find((b) => b.id === id)?.amount);
    expect(amounts).toEqual([15, 7]);
    // sort=-date is the default order.
    expect((await allPages(c.member, '/api/bets?limit=3&sort=-date')).ids).toEqual(
      (await allPages(c.member, '/api/bets?limit=3')).ids,
    );
  });

  it('refuses a cursor from another sort’s Link with 400, never a 500', async () => {
    const c = await crew(t);
    await insertBets(
      c,
      Array.from({ length: 4 }, (_, i) => ({ date: `2030-04-0${1 + i}T10:00:00Z`, horse: `Horse ${i}` })),
    );
    const cursorOf = async (url: string) =>
      new URL(nextOf((await c.admin.get(url)).headers)!, 'http://x').searchParams.get('cursor')!;
    const byDate = await cursorOf('/api/bets?limit=2');
    const byHorse = await cursorOf('/api/bets?limit=2&sort=horse');
    const byAmount = await cursorOf('/api/bets?limit=2&sort=-amount');
    const b64 = (s: string) => Buffer.from(s).toString('base64url');
    for (const [sort, cursor] of [
      ['amount', byDate],
      ['odds', byHorse],
      ['-date', byHorse],
      ['status', b64('WIN_5')],
      ['amount', b64('0_5')],
      ['odds', b64('1e3_5')],
    ] as const) {
      const res = await c.admin.get(`/api/bets?limit=2&sort=${sort}&cursor=${cursor}`);
      expect(res.statusCode, `${sort} ${cursor}`).toBe(400);
      expect(res.json<ErrorBody>().message).toBe(LIST_BETS_MESSAGES.cursor);
    }
    // A name is any text: another sort's key there is a position, not an error.
    for (const [sort, cursor] of [
      ['horse', byAmount],
      ['-race', byDate],
      ['member', byHorse],
    ] as const) {
      expect((await c.admin.get(`/api/bets?limit=2&sort=${sort}&cursor=${cursor}`)).statusCode, sort).toBe(
        200,
      );
    }
  });
});

describe('GET /api/bets: a bet placed through the API is searchable at once', () => {
  it('finds a new bet by its jockey and its race', async () => {
    const c = await crew(t);
    await placeBet(c.admin, singleBet(c, { horseName: 'Ångström', jockey: 'Æsir Jóckey' }));
    const res = await c.member.get('/api/bets?limit=10&q=angstrom');
    expect(res.json<Bet[]>().map((b) => b.horseName)).toEqual(['Ångström']);
    expect((await c.member.get('/api/bets?limit=10&q=slipper')).json<Bet[]>()).toHaveLength(1);
  });
});

describe('GET /api/bets in the API document', () => {
  it('documents the Link header of a page', () => {
    const doc = t.app.swagger() as unknown as {
      paths: Record<
        string,
        Record<string, { responses: Record<string, { headers?: Record<string, unknown> }> }>
      >;
    };
    const ok = doc.paths['/api/bets']?.get?.responses['200'];
    expect(ok?.headers?.Link).toMatchObject({
      schema: { type: 'string' },
      description: expect.stringContaining('rel="next"'),
    });
    // The filters are documented as query parameters.
    const get = doc.paths['/api/bets']?.get as unknown as { parameters?: { name: string }[] } | undefined;
    expect((get?.parameters ?? []).map((p) => p.name).sort()).toEqual(
      ['cursor', 'from', 'limit', 'memberId', 'q', 'raceId', 'sort', 'status', 'to'].sort(),
    );
  });
});
