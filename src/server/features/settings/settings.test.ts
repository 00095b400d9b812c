import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIME_ZONE_MESSAGE } from '../../../shared/dates';
import type { RacingStatus, Settings } from '../../../shared/settings';
import { syndicates } from '../../db/schema';
import { Client, createTestApp, signUp, signUpWithSyndicate, type TestApp } from '../../test/harness';
import { joinAsMember } from '../stats/test-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type ErrorBody = { message: string; errors?: { path: string; message: string }[] };

const valid = {
  syndicateName: 'The Punting Club',
  defaultBetAmount: 50,
  currency: 'aud',
  rotationStrategy: 'random',
  timezone: 'Australia/Melbourne',
};

const rowOf = async (id: number) => {
  const [row] = await t.database.db.select().from(syndicates).where(eq(syndicates.id, id));
  return row;
};

describe('settings', () => {
  it('reads the defaults, saves (200) and reads back', async () => {
    const { client, syndicate } = await signUpWithSyndicate(t.app);
    expect((await client.get('/api/settings')).json()).toEqual({
      syndicateName: syndicate.name,
      defaultBetAmount: 100,
      currency: 'usd',
      rotationStrategy: 'sequential',
      timezone: 'UTC',
      shareBasis: 'equal',
    });
    const res = await client.put('/api/settings', { ...valid, syndicateName: '  The Punting Club ' });
    expect(res.statusCode).toBe(200);
    // Without shareBasis the stored basis is kept.
    expect(res.json()).toEqual({ ...valid, shareBasis: 'equal' });
    expect((await client.get('/api/settings')).json()).toEqual({ ...valid, shareBasis: 'equal' });
    const capital = await client.put('/api/settings', { ...valid, shareBasis: 'capital' });
    expect(capital.json()).toEqual({ ...valid, shareBasis: 'capital' });
    const kept = await client.put('/api/settings', valid);
    expect(kept.json<Settings>().shareBasis).toBe('capital');
    const bad = await client.put('/api/settings', { ...valid, shareBasis: 'vibes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ErrorBody>().message).toBe('Share basis must be equal or capital');
    expect((await rowOf(syndicate.id))?.defaultBetAmountCents).toBe(5000);
    // The name is the syndicate's name everywhere.
    const [listed] = (await client.get('/api/syndicates')).json<{ name: string }[]>();
    expect(listed?.name).toBe('The Punting Club');
  });

  it('keeps the time zone when none is sent and stores zone names canonically', async () => {
    const { client } = await signUpWithSyndicate(t.app);
    await client.put('/api/settings', valid);
    const { timezone: _omit, ...withoutZone } = valid;
    const kept = await client.put('/api/settings', {
      ...withoutZone,
      currency: 'nzd',
      defaultBetAmount: 500,
    });
    expect(kept.json<Settings>()).toMatchObject({
      timezone: 'Australia/Melbourne',
      currency: 'nzd',
      defaultBetAmount: 500,
    });
    const lower = await client.put('/api/settings', { ...valid, timezone: 'europe/london' });
    expect(lower.json<Settings>().timezone).toBe('Europe/London');
  });

  it.each([
    ['europe/london', 'Europe/London'],
    [' Australia/Sydney ', 'Australia/Sydney'],
    ['US/Eastern', 'America/New_York'],
    ['UTC', 'UTC'],
    ['Etc/UTC', 'UTC'],
  ])('stores the time zone %j in its canonical spelling %j', async (zone, canonical) => {
    const { client, syndicate } = await signUpWithSyndicate(t.app);
    const res = await client.put('/api/settings', { ...valid, timezone: zone });
    expect(res.statusCode).toBe(200);
    expect(res.json<Settings>().timezone).toBe(canonical);
    expect((await rowOf(syndicate.id))?.timezone).toBe(canonical);
  });

  it.each([
    ['europe/london', 'Europe/London'],
    ['US/Eastern', 'America/New_York'],
    ['UTC', 'UTC'],
  ])('a new syndicate’s time zone %j is stored as %j', async (zone, canonical) => {
    const c = await signUp(t.app);
    const res = await c.post('/api/syndicates', { name: 'Zone Club', timezone: zone });
    expect(res.statusCode).toBe(201);
    expect((await c.get('/api/settings')).json<Settings>().timezone).toBe(canonical);
  });

  it('a new syndicate with an invalid time zone answers 400 and is not created', async () => {
    const c = await signUp(t.app);
    for (const zone of ['Mars/Olympus', '+05:00', 'Europe/London/Extra']) {
      const res = await c.post('/api/syndicates', { name: 'Zone Club', timezone: zone });
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().message).toBe(TIME_ZONE_MESSAGE);
    }
    expect((await c.get('/api/syndicates')).json()).toEqual([]);
  });

  it.each([
    'Mars/Olympus_Mons',
    '+05:00',
    '-03:00',
    'Europe/London\u0000',
    '',
    'x'.repeat(65),
    'Europe/../etc',
  ])('refuses the time zone %j with 400 and changes nothing', async (zone) => {
    const { client, syndicate } = await signUpWithSyndicate(t.app);
    const before = await rowOf(syndicate.id);
    const res = await client.put('/api/settings', { ...valid, timezone: zone });
    expect(res.statusCode).toBe(400);
    expect(await rowOf(syndicate.id)).toEqual(before);
  });

  it.each(['Club\u202Eevil', 'Club\u200BName', 'Club\u0007', 'Club\nName', 'Cl\uFEFFub', 'Club\u2066x'])(
    'refuses the syndicate name %j (control, zero-width or bidi characters) and changes nothing',
    async (name) => {
      const { client, syndicate } = await signUpWithSyndicate(t.app);
      const before = await rowOf(syndicate.id);
      const res = await client.put('/api/settings', { ...valid, syndicateName: name });
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().message).toBe('Syndicate name contains characters that are not allowed');
      expect(await rowOf(syndicate.id)).toEqual(before);
    },
  );

  it('answers each validation message with 400 and changes nothing', async () => {
    const { client } = await signUpWithSyndicate(t.app);
    const before = (await client.get('/api/settings')).json();
    const cases: [Record<string, unknown>, string][] = [
      [{ syndicateName: 'A' }, 'Syndicate name must be at least 2 characters'],
      [{ syndicateName: '   a  ' }, 'Syndicate name must be at least 2 characters'],
      [{ syndicateName: undefined }, 'Syndicate name must be at least 2 characters'],
      [{ syndicateName: 'x'.repeat(101) }, 'Syndicate name must be at most 100 characters'],
      [{ defaultBetAmount: 5 }, 'Default bet amount must be at least 10'],
      [{ defaultBetAmount: -10 }, 'Default bet amount must be at least 10'],
      [{ defaultBetAmount: 510 }, 'Default bet amount must be at most 500'],
      [{ defaultBetAmount: 20.005 }, 'Use at most 2 decimals'],
      [{ defaultBetAmount: '100' }, 'Default bet amount must be a number'],
      [{ defaultBetAmount: undefined }, 'Default bet amount is required'],
      [{ currency: 'btc' }, 'Currency must be one of usd, eur, gbp, aud, nzd'],
      [{ currency: 'USD' }, 'Currency must be one of usd, eur, gbp, aud, nzd'],
      [{ rotationStrategy: 'alphabetical' }, 'Rotation strategy must be sequential, random or manual'],
      [{ timezone: 'Mars/Olympus_Mons' }, TIME_ZONE_MESSAGE],
      [{ timezone: 42 }, TIME_ZONE_MESSAGE],
    ];
    for (const [change, message] of cases) {
      const res = await client.put('/api/settings', { ...valid, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json<ErrorBody>().message, JSON.stringify(change)).toBe(message);
    }
    expect((await client.get('/api/settings')).json()).toEqual(before);
  });

  it('lets only admins save settings or the API key (403 for a member, nothing changes)', async () => {
    const admin = await signUpWithSyndicate(t.app);
    const mo = await joinAsMember(t.app, admin.syndicate.inviteCode);
    const before = await rowOf(admin.syndicate.id);
    const put = await mo.client.put('/api/settings', valid);
    expect(put.statusCode).toBe(403);
    expect(put.json<ErrorBody>().message).toBe('Only an admin of the syndicate can do this');
    // Refused before validation: a member learns nothing from a bad body either.
    expect((await mo.client.put('/api/settings', {})).statusCode).toBe(403);
    expect((await mo.client.post('/api/settings/api-key', { apiKey: 'member-key-123456' })).statusCode).toBe(
      403,
    );
    expect(await rowOf(admin.syndicate.id)).toEqual(before);
    // Members still read them.
    expect((await mo.client.get('/api/settings')).statusCode).toBe(200);
    expect((await mo.client.get('/api/racing/status')).statusCode).toBe(200);
  });

  it('needs a session and a syndicate', async () => {
    expect((await new Client(t.app).get('/api/settings')).statusCode).toBe(401);
    expect((await new Client(t.app).put('/api/settings', valid)).statusCode).toBe(401);
  });
});

describe('racing API key', () => {
  const apiKey = 'rk_live_9f8e7d6c5b4a3210';

  it('starts unconfigured', async () => {
    const { client } = await signUpWithSyndicate(t.app);
    expect((await client.get('/api/racing/status')).json()).toEqual({
      configured: false,
      message: 'No racing data API key configured',
    });
  });

  it('saves encrypted and only ever shows the last four characters', async () => {
    const { client, syndicate } = await signUpWithSyndicate(t.app);
    const saved = await client.post('/api/settings/api-key', { apiKey: `  ${apiKey} ` });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ configured: true, last4: '3210' });

    const status = await client.get('/api/racing/status');
    expect(status.json<RacingStatus>()).toEqual({
      configured: true,
      // The test app's provider address is a closed loopback port (see the harness).
      message: 'The Racing API could not be reached; the key will be checked again within a minute',
      last4: '3210',
    });
    for (const url of ['/api/racing/status', '/api/settings', '/api/syndicates', '/api/members/me']) {
      expect((await client.get(url)).body).not.toContain(apiKey.slice(0, 10));
    }
    const row = await rowOf(syndicate.id);
    expect(row?.racingApiKeyEnc).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(apiKey);
    expect(JSON.stringify(row)).not.toContain(Buffer.from(apiKey).toString('base64'));

    const replaced = await client.post('/api/settings/api-key', { apiKey: 'another-key-abcd' });
    expect(replaced.json()).toEqual({ configured: true, last4: 'abcd' });
    expect((await client.get('/api/racing/status')).json<RacingStatus>().last4).toBe('abcd');
  });

  it('validates the key and changes nothing on bad input', async () => {
    const { client, syndicate } = await signUpWithSyndicate(t.app);
    await client.post('/api/settings/api-key', { apiKey });
    const before = await rowOf(syndicate.id);
    const cases: [unknown, string][] = [
      [{ apiKey: 'short' }, 'API key must be at least 10 characters long'],
      [{ apiKey: '   123456789   ' }, 'API key must be at least 10 characters long'],
      [{}, 'API key must be at least 10 characters long'],
      [{ apiKey: 1234567890123 }, 'API key must be at least 10 characters long'],
      [{ apiKey: 'k'.repeat(201) }, 'API key must be at most 200 characters long'],
    ];
    for (const [body, message] of cases) {
      const res = await client.post('/api/settings/api-key', body);
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().message).toBe(message);
    }
    expect(await rowOf(syndicate.id)).toEqual(before);
  });

  it("keeps each syndicate's key to itself: a copied ciphertext does not open elsewhere", async () => {
    const a = await signUpWithSyndicate(t.app);
    const b = await signUpWithSyndicate(t.app);
    await a.client.post('/api/settings/api-key', { apiKey });
    expect((await b.client.get('/api/racing/status')).json<RacingStatus>().configured).toBe(false);
    const sealed = (await rowOf(a.syndicate.id))?.racingApiKeyEnc ?? null;
    await t.database.db
      .update(syndicates)
      .set({ racingApiKeyEnc: sealed })
      .where(eq(syndicates.id, b.syndicate.id));
    expect((await b.client.get('/api/racing/status')).json()).toEqual({
      configured: false,
      message: 'The stored racing data API key cannot be read; please save it again',
    });
  });
});
