// A loopback stand-in for The Racing API, replaying its documented shapes: GET /v1/courses/regions
// (the key check), GET /v1/racecards/free?day=today|tomorrow (RacecardsBasicPage) and GET
// /v1/results?start_date&end_date&limit&skip (ResultsStandardPage, paged). HTTP Basic auth: each
// key the test registers has a plan — 'standard' (everything), 'free' (no results: 401 there, as
// the provider answers a plan without access) or 'down' (503 everywhere); any other key gets 401.
// Tests point the app at it with RACING_API_URL.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakePlan = 'standard' | 'free' | 'down';

export interface FakeHit {
  path: string;
  query: URLSearchParams;
  /** The key (USERNAME:PASSWORD) sent. */
  key: string;
}

export interface FakeRacingApi {
  url: string;
  /** Every request received, in order. */
  hits: FakeHit[];
  /** The key's plan; unknown keys are refused. */
  keys: Map<string, FakePlan>;
  /** Race cards by `day` (today, tomorrow). */
  cards: Record<string, unknown[]>;
  /** Results (ResultStandard), filtered by their `date` on each call. */
  results: unknown[];
  close(): Promise<void>;
}

const send = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

const dateOf = (r: unknown) =>
  typeof r === 'object' && r !== null && 'date' in r && typeof r.date === 'string' ? r.date : '';

export async function startFakeRacingApi(): Promise<FakeRacingApi> {
  const fake: Omit<FakeRacingApi, 'url' | 'close'> = { hits: [], keys: new Map(), cards: {}, results: [] };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const basic = (req.headers.authorization ?? '').replace(/^Basic /, '');
    const key = Buffer.from(basic, 'base64').toString();
    fake.hits.push({ path: url.pathname, query: url.searchParams, key });
    const plan = fake.keys.get(key);
    if (plan === 'down') return send(res, 503, { detail: 'Service unavailable' });
    if (!plan) return send(res, 401, { detail: 'Invalid authentication credentials' });
    if (url.pathname === '/v1/courses/regions')
      return send(res, 200, [{ region: 'Great Britain', region_code: 'gb' }]);
    if (url.pathname === '/v1/racecards/free') {
      const racecards = fake.cards[url.searchParams.get('day') ?? 'today'] ?? [];
      return send(res, 200, { racecards, total: racecards.length, limit: 500, skip: 0, query: [] });
    }
    if (url.pathname === '/v1/results') {
      if (plan !== 'standard') return send(res, 401, { detail: 'Your plan does not include this endpoint' });
      const from = url.searchParams.get('start_date') ?? '';
      const to = url.searchParams.get('end_date') ?? '';
      const limit = Number(url.searchParams.get('limit') ?? 50);
      const skip = Number(url.searchParams.get('skip') ?? 0);
      const all = fake.results.filter((r) => dateOf(r) >= from && dateOf(r) <= to);
      const results = all.slice(skip, skip + limit);
      return send(res, 200, { results, total: all.length, limit, skip, query: [] });
    }
    send(res, 404, { detail: 'Not Found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(fake, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  });
}

/** A RacecardBasic (the free race-card endpoint's shape). */
export const fakeCard = (over: Record<string, unknown>) => ({
  race_id: 'rac_1',
  course: 'Ascot',
  date: '2031-06-12',
  off_time: '1:00',
  off_dt: '2031-06-12T13:00:00+01:00',
  race_name: 'Test Stakes',
  distance_f: '8.0',
  region: 'GB',
  pattern: '',
  race_class: 'Class 4',
  type: 'Flat',
  age_band: '3yo+',
  rating_band: '',
  prize: '£5,000',
  field_size: '8',
  going: 'Good',
  surface: 'Turf',
  runners: [],
  ...over,
});

/** A card's runner: number, name and the usual details. */
export const fakeRunner = (number: number, horse: string, over: Record<string, unknown> = {}) => ({
  horse,
  horse_id: `hrs_${number}`,
  number: String(number),
  draw: String(number),
  jockey: `Jockey ${number}`,
  trainer: `Trainer ${number}`,
  lbs: '126',
  ...over,
});

/** A ResultStandard; runners as [number, horse, position]. */
export const fakeResult = (
  raceId: string,
  date: string,
  runners: [number, string, string][],
  over: Record<string, unknown> = {},
) => ({
  race_id: raceId,
  date,
  region: 'GB',
  course: 'Ascot',
  off: '1:00',
  race_name: 'Test Stakes',
  non_runners: '',
  tote_win: '',
  tote_pl: '',
  runners: runners.map(([number, horse, position]) => ({
    horse,
    horse_id: `hrs_${number}`,
    number: String(number),
    position,
    draw: String(number),
    sp: '5/1',
    sp_dec: '6.00',
    weight: '9-0',
    weight_lbs: '126',
    jockey: `Jockey ${number}`,
    trainer: `Trainer ${number}`,
  })),
  ...over,
});
