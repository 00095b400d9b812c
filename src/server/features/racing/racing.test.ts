// The racing-data integration against a loopback server replaying The Racing API's documented
// shapes (RacecardsBasicPage of GET /v1/racecards/free, and GET /v1/courses/regions).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Race, RaceDetail } from '../../../shared/race';
import type { RacingStatus } from '../../../shared/settings';
import { type FakeRacingApi, startFakeRacingApi } from '../../test/fake-racing-api';
import { Client, createTestApp, signUp, signUpWithSyndicate, type TestApp } from '../../test/harness';
import { DATE_MESSAGE } from './routes';
import { NOT_CONFIGURED } from './service';

const GOOD_KEY = 'punter-user:s3cret-pass';
const BAD_KEY = 'punter-user:wrong-pass';
const DOWN_KEY = 'down-user:any-password';
const TODAY = '2030-05-02';
const TOMORROW = '2030-05-03';

const card = (over: Record<string, unknown>) => ({
  race_id: 'rac_10880272',
  course: 'Brighton',
  date: TODAY,
  off_time: '1:50',
  off_dt: '2030-05-02T13:50:00+01:00',
  race_name: 'At The Races App Form Study Apprentice Handicap',
  distance_f: '7.0',
  region: 'GB',
  pattern: '',
  race_class: 'Class 5',
  type: 'Flat',
  age_band: '4yo+',
  rating_band: '0-75',
  sex_restriction: '',
  prize: '£4,606',
  field_size: '9',
  going: 'Good To Firm',
  surface: 'Turf',
  runners: [
    {
      horse: 'Pistoletto (IRE)',
      horse_id: 'hrs_18092480',
      number: '1',
      draw: '8',
      jockey: 'Adam Tracey(7)',
      trainer: 'Gary Moore',
      lbs: '130',
      colour: 'b',
    },
    {
      horse: 'Sea Sprite',
      number: '2',
      draw: 'x',
      jockey: '',
      trainer: 'Jim Boyle',
      weight: '9-1',
      silk_url: 'https://www.rp-assets.com/svg/1/2/3/328321.svg',
    },
    { horse_id: 'hrs_no_name', number: '3' },
  ],
  race_status: '',
  ...over,
});
const CARDS: Record<string, unknown[]> = {
  today: [
    card({
      race_id: 'rac_2',
      off_time: '2:20',
      off_dt: null,
      race_name: 'Brighton Sprint',
      distance_f: '5.5',
    }),
    card({}),
    card({
      race_id: 'rac_3',
      course: 'Ascot',
      off_time: '3:05',
      off_dt: '2030-05-02T15:05:00+01:00',
      race_name: 'Ascot Stakes',
      type: 'Hurdle',
    }),
    { race_id: 'rac_broken', course: 'Nowhere', date: TODAY },
  ],
  tomorrow: [
    card({
      race_id: 'rac_4',
      date: TOMORROW,
      off_dt: '2030-05-03T13:50:00+01:00',
      race_name: 'Tomorrow Cup',
    }),
  ],
};

let fake: FakeRacingApi;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeRacingApi();
  fake.keys.set(GOOD_KEY, 'standard');
  fake.keys.set(DOWN_KEY, 'down');
  fake.cards = CARDS;
  t = await createTestApp({ RACING_API_URL: fake.url });
  // 10:00 in London on TODAY.
  t.clock.now = new Date('2030-05-02T09:00:00.000Z');
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
const paths = () => fake.hits.map((h) => h.path);

async function adminWithKey(apiKey = GOOD_KEY) {
  const { client, syndicate } = await signUpWithSyndicate(t.app);
  expect((await client.post('/api/settings/api-key', { apiKey })).statusCode).toBe(200);
  return { client, syndicate };
}
const status = async (c: Client) => (await c.get('/api/racing/status')).json<RacingStatus>();
const races = async (c: Client) => (await c.get('/api/races')).json<Race[]>();

describe('GET /api/racing/status', () => {
  it('reports a missing key without calling the provider', async () => {
    const { client } = await signUpWithSyndicate(t.app);
    fake.hits.length = 0;
    expect(await status(client)).toEqual({ configured: false, message: NOT_CONFIGURED });
    expect(paths()).toEqual([]);
  });

  it('reports the provider’s verdict: accepted, refused or unreachable', async () => {
    expect(await status((await adminWithKey()).client)).toEqual({
      configured: true,
      message: 'Connected to The Racing API',
      last4: 'pass',
    });
    const refused = await status((await adminWithKey(BAD_KEY)).client);
    expect(refused).toEqual({
      configured: true,
      message: 'The Racing API refused the API key; please check it and save it again',
      last4: 'pass',
    });
    expect((await status((await adminWithKey(DOWN_KEY)).client)).message).toBe(
      'The Racing API could not be reached; the key will be checked again within a minute',
    );
  });

  it('asks the provider at most once a minute per syndicate, and again at once for a new key', async () => {
    const { client } = await adminWithKey();
    fake.hits.length = 0;
    for (let i = 0; i < 3; i++) await status(client);
    expect(paths()).toEqual(['/v1/courses/regions']);
    t.clock.now = new Date(t.clock.now.getTime() + 59_000);
    await status(client);
    expect(paths()).toHaveLength(1);
    t.clock.now = new Date(t.clock.now.getTime() + 2_000);
    await status(client);
    expect(paths()).toHaveLength(2);
    await client.post('/api/settings/api-key', { apiKey: BAD_KEY });
    expect((await status(client)).message).toContain('refused');
    expect(paths()).toHaveLength(3);
    t.clock.now = new Date('2030-05-02T09:00:00.000Z');
  });

  it('never shows the key', async () => {
    const { client } = await adminWithKey();
    expect((await client.get('/api/racing/status')).body).not.toContain('s3cret');
  });
});

describe('POST /api/racing/import', () => {
  it("imports a day's race cards into the calendar, mapping the documented fields", async () => {
    const { client } = await adminWithKey();
    const res = await client.post('/api/racing/import', { date: TODAY });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ imported: 3, skipped: 1, runnersAdded: 0 });
    const list = await races(client);
    expect(list.map((r) => [r.name, r.venue, r.date, r.raceNumber])).toEqual([
      ['At The Races App Form Study Apprentice Handicap', 'Brighton', '2030-05-02T12:50:00.000Z', 1],
      ['Brighton Sprint', 'Brighton', '2030-05-02T13:20:00.000Z', 2],
      ['Ascot Stakes', 'Ascot', '2030-05-02T14:05:00.000Z', 1],
    ]);
    expect(list[0]).toMatchObject({
      description: 'Class 5 · 4yo+ · 0-75',
      distance: '7f',
      raceType: 'Flat',
      trackCondition: 'Good To Firm',
      meetingNumber: null,
      customFields: {
        region: 'GB',
        class: 'Class 5',
        prize: '£4,606',
        runners: '9',
        surface: 'Turf',
        source: 'The Racing API',
      },
    });
    expect(list[1]?.distance).toBe('5.5f');
    // The card's runners come with the race; one without a horse name is left out.
    const detail = (await client.get(`/api/races/${list[0]?.id}`)).json<RaceDetail>();
    expect(detail.runners).toEqual([
      {
        number: 1,
        horse: 'Pistoletto (IRE)',
        jockey: 'Adam Tracey(7)',
        trainer: 'Gary Moore',
        weight: '9st 4lb',
        draw: 8,
        silkColor: null,
      },
      {
        number: 2,
        horse: 'Sea Sprite',
        jockey: null,
        trainer: 'Jim Boyle',
        weight: '9st 1lb',
        draw: null,
        silkColor: 'https://www.rp-assets.com/svg/1/2/3/328321.svg',
      },
    ]);
  });

  it('adds no duplicates when the same day is imported again', async () => {
    const { client } = await adminWithKey();
    await client.post('/api/racing/import', { date: TODAY });
    const again = await client.post('/api/racing/import', { date: TODAY });
    expect(again.json()).toEqual({ imported: 0, skipped: 4, runnersAdded: 0 });
    expect(await races(client)).toHaveLength(3);
    expect((await client.post('/api/racing/import', { date: TOMORROW })).json()).toEqual({
      imported: 1,
      skipped: 0,
      runnersAdded: 0,
    });
    expect((await races(client)).map((r) => r.name)).toContain('Tomorrow Cup');
  });

  it('keeps each syndicate’s imports to itself', async () => {
    const a = await adminWithKey();
    const b = await adminWithKey();
    await a.client.post('/api/racing/import', { date: TODAY });
    expect(await races(b.client)).toEqual([]);
    expect((await b.client.post('/api/racing/import', { date: TODAY })).json()).toEqual({
      imported: 3,
      skipped: 1,
      runnersAdded: 0,
    });
    expect(await races(a.client)).toHaveLength(3);
  });

  it('validates the date and changes nothing on bad input', async () => {
    const { client } = await adminWithKey();
    for (const body of [
      {},
      { date: '' },
      { date: '2030-02-30' },
      { date: '02/05/2030' },
      { date: 20300502 },
      { date: 'x'.repeat(5000) },
    ]) {
      const res = await client.post('/api/racing/import', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ message: string }>().message).toBe(DATE_MESSAGE);
    }
    const far = await client.post('/api/racing/import', { date: '2030-06-01' });
    expect(far.statusCode).toBe(400);
    expect(far.json<{ message: string }>().message).toMatch(/today and tomorrow only/);
    expect(await races(client)).toEqual([]);
  });

  it('is for admins only', async () => {
    const { client: admin, syndicate } = await adminWithKey();
    const member = await signUp(t.app, 'Mo Member');
    await member.post('/api/syndicates/join', { inviteCode: syndicate.inviteCode });
    const res = await member.post('/api/racing/import', { date: TODAY });
    expect(res.statusCode).toBe(403);
    expect(await races(admin)).toEqual([]);
  });

  it('explains a missing key, a refused key and an unreachable provider', async () => {
    const none = await signUpWithSyndicate(t.app);
    const noKey = await none.client.post('/api/racing/import', { date: TODAY });
    expect([noKey.statusCode, noKey.json<{ message: string }>().message]).toEqual([400, NOT_CONFIGURED]);
    const refused = await (await adminWithKey(BAD_KEY)).client.post('/api/racing/import', { date: TODAY });
    expect([refused.statusCode, refused.json<{ message: string }>().message]).toEqual([
      400,
      'The Racing API refused the API key',
    ]);
    const down = await (await adminWithKey(DOWN_KEY)).client.post('/api/racing/import', { date: TODAY });
    expect(down.statusCode).toBe(502);
    expect(down.json<{ message: string }>().message).toBe(
      'The Racing API answered 503. Please try again later.',
    );
  });

  it('needs a session and a syndicate', async () => {
    expect((await new Client(t.app).post('/api/racing/import', { date: TODAY })).statusCode).toBe(401);
    expect((await (await signUp(t.app)).post('/api/racing/import', { date: TODAY })).statusCode).toBe(403);
  });
});
