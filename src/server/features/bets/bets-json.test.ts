// The bets list's JSON, written by PostgreSQL (list-json.ts), is byte for byte what the objects
// path wrote: rows mapped by toBet and serialised by the route's schema (lib/serializer.ts), over
// bets with every field null and every field set, each-way terms, dead heats, dividends, Rule 4,
// odd amounts, microsecond dates and names with unicode, quotes, backslashes and control characters.
import fastJson from 'fast-json-stringify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { betSchema } from '../../../shared/bet';
import { installBetJsonTriggers } from '../../db/bet-json';
import { responseJsonSchema } from '../../lib/serializer';
import { createTestApp, type TestApp } from '../../test/harness';
import { listBetsJson, streamBetsJson } from './list-json';
import { listBets } from './service';
import { crew, placeBet, singleBet, twoPartBet } from './test-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const schema = responseJsonSchema(z.array(betSchema));
if (!schema) throw new Error('the bets schema has no JSON Schema');
/** What the route's serializer wrote for the objects (fast-json-stringify of its schema). */
const serialise = fastJson(schema);

const NAMES = [
  'Zoë’s “Pride”',
  'Back\\slash "quoted"',
  'Tab\there\nnewline\u0001ctl\u001f\u007f',
  '日本の馬 🐎 emoji',
  'Ünïcödé Çafé',
  '\u2028line\u2029sep',
];

describe('GET /api/bets JSON text', () => {
  it('is byte for byte what toBet and the serializer write, paged and unpaged', async () => {
    const c = await crew(t);
    const db = t.database.db;
    // Through the API: a plain bet, a two-part bet (each-way terms from the form), a settled one.
    await placeBet(c.admin, singleBet(c, { horseName: 'Plain', raceId: null }));
    await placeBet(
      c.admin,
      twoPartBet(c, { horseName: 'Two Parts', jockey: 'J. Bowman', trainer: 'C. Waller', weight: '57kg' }),
    );
    const settled = await placeBet(
      c.admin,
      singleBet(c, { horseName: 'Settled', odds: 2.35, amount: 10.05 }),
    );
    expect((await c.admin.put(`/api/bets/${settled.id}/status`, { status: 'win' })).statusCode).toBe(200);
    // Members and a race with awkward names (by SQL: the API refuses control characters).
    await t.database.pool.query('update members set name = $2, initials = $3 where id = $1', [
      c.memberMemberId,
      'Mïa "M" \\ Mémber\t🐎',
      'MÏ',
    ]);
    const race = await t.database.pool.query<{ id: number }>(
      `insert into races (syndicate_id, name, venue, date) values ($1, $2, $3, '1999-12-31T23:59:59.999999Z') returning id`,
      [c.syndicateId, 'Cöx Plate "G1" \\ \u0002', 'Moonee Valley 🏇'],
    );
    const raceId = race.rows[0]!.id;
    // By SQL: every nullable field set or null, in many combinations.
    const amounts = [1, 5, 10, 100, 101, 1999, 123456789, 99999999999];
    for (let i = 0; i < 48; i++) {
      const every = i % 2 === 0;
      await t.database.pool.query(
        `insert into bets (syndicate_id, member_id, race_id, bet_group_id, horse_name, bet_type, odds_hundredths,
                           amount_cents, odds_type, status, result_cents, date, horse_number, jockey, trainer, weight,
                           barrier, silk_color, place_places, place_divisor, place_odds_hundredths, position, dead_heat,
                           dividend_hundredths, place_dividend_hundredths, rule4)
         values ($1, $2, $3, $4, $5, $6::bet_type, $7, $8, $9::odds_type, $10::bet_status, $11, $12::timestamptz, $13,
                 $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26)`,
        [
          c.syndicateId,
          i % 3 ? c.adminMemberId : c.memberMemberId,
          i % 4 === 0 ? null : i % 4 === 1 ? raceId : c.raceId,
          every ? '0b5f0c5e-6a57-4d2a-9c1e-2f7c3a9d8e1f' : null,
          NAMES[i % NAMES.length],
          (['win', 'place', 'each-way'] as const)[i % 3],
          101 + i * 37,
          amounts[i % amounts.length],
          i % 5 ? 'fixed' : 'tote',
          (['pending', 'win', 'loss', 'placed', 'void'] as const)[i % 5],
          i % 5 === 0 ? null : i % 5 === 4 ? 0 : (i % 2 ? -1 : 1) * (i * 1234 + 5),
          // Microseconds, milliseconds, whole seconds; before 2000 and after 2038.
          [
            '2030-01-01T10:00:00.123456Z',
            '2030-01-01T10:00:00.123999Z',
            '2030-01-01T10:00:00.000001Z',
            '1998-07-04T00:00:00Z',
            '2040-02-29T23:59:59.999999Z',
            '2030-06-15T12:30:00.5Z',
          ][i % 6],
          every ? i : null,
          every ? `Jöckey ${NAMES[(i + 1) % NAMES.length]}` : null,
          every ? 'T. "Trainer"' : null,
          every ? '56.5kg' : null,
          every ? (i % 20) + 1 : null,
          every ? 'Red \\ Blue' : null,
          i % 3 ? (i % 8) + 1 : null,
          i % 3 ? (i % 6) + 1 : null,
          i % 3 === 2 ? 150 + i : null,
          i % 5 === 3 ? (i % 4) + 1 : null,
          i % 7 === 3 ? (i % 3) + 2 : null,
          i % 5 === 3 ? 205 + i : null,
          i % 5 === 3 ? 110 + i : null,
          i % 6 === 3 ? 5 + (i % 86) : null,
        ],
      );
    }
    const objects = await listBets(db, c.syndicateId, 1000);
    expect(objects.length).toBe(52);
    // Every kind of value is there: nulls and values of each nullable field.
    for (const key of [
      'result',
      'race',
      'placeTerms',
      'placeOdds',
      'deadHeat',
      'dividend',
      'rule4',
      'jockey',
    ] as const) {
      expect(objects.some((b) => b[key] === null)).toBe(true);
      expect(objects.some((b) => b[key] !== null)).toBe(true);
    }
    const expected = serialise(objects);
    // The serializer and JSON.stringify agree on these, too.
    expect(expected).toBe(JSON.stringify(objects));

    const page = await listBetsJson(db, c.syndicateId, { limit: 200 });
    expect(page.json).toBe(expected);
    expect(page.next).toBeNull();
    expect(await streamBetsJson(db, c.syndicateId, {})).toBe(expected);
    // Pages of 5 are the same text, cut at the same places.
    let text = '';
    let cursor: string | undefined;
    do {
      const p = await listBetsJson(db, c.syndicateId, { limit: 5, cursor });
      text += text && p.json.length > 2 ? `,${p.json.slice(1, -1)}` : p.json.slice(1, -1);
      cursor = p.next ?? undefined;
    } while (cursor);
    expect(`[${text}]`).toBe(expected);
    // What the route sends, uncompressed, is that text.
    const res = await c.admin.get('/api/bets', { 'accept-encoding': 'identity' });
    expect(res.body).toBe(expected);
    const paged = await c.admin.get('/api/bets?limit=200', { 'accept-encoding': 'identity' });
    expect(paged.body).toBe(expected);
  });

  it('is the same across a streamed list of several chunks', async () => {
    const c = await crew(t);
    await t.database.pool.query(
      `insert into bets (syndicate_id, member_id, race_id, horse_name, odds_hundredths, amount_cents, status, result_cents, date)
       select $1, $2, case when g % 2 = 0 then $3::int end, 'Hörse ' || g, 100 + g, g, 'loss', -g,
              timestamptz '2030-01-01' + g * interval '1.000001 second'
         from generate_series(1, 2500) g`,
      [c.syndicateId, c.adminMemberId, c.raceId],
    );
    const objects = await listBets(t.database.db, c.syndicateId, 3000);
    expect(objects).toHaveLength(2500);
    const stream = await streamBetsJson(t.database.db, c.syndicateId, {});
    expect(typeof stream).not.toBe('string');
    let text = '';
    for await (const chunk of stream as AsyncGenerator<string>) text += chunk;
    expect(text).toBe(serialise(objects));
  });

  it('follows every change that rewrites a bet: settle, edit, renames, a race moved or deleted, a delete', async () => {
    const c = await crew(t);
    const db = t.database.db;
    const pool = t.database.pool;
    const same = async (step: string) => {
      const expected = serialise(await listBets(db, c.syndicateId, 1000));
      expect((await listBetsJson(db, c.syndicateId, { limit: 200 })).json, step).toBe(expected);
      // No bet of the syndicate is without its text, or with another syndicate or date beside it
      // (the unfiltered pages read bet_json alone, by those two).
      const { rows } = await pool.query(
        `select count(*)::int as n from bets b left join bet_json j on j.bet_id = b.id
          where b.syndicate_id = $1
            and (j.bet_id is null or j.syndicate_id <> b.syndicate_id or j.date <> b.date)`,
        [c.syndicateId],
      );
      expect(rows[0].n, step).toBe(0);
    };
    const onRace = await placeBet(c.admin, singleBet(c, { horseName: 'On The Race' }));
    const other = await placeBet(
      c.member,
      singleBet(c, { memberId: c.memberMemberId, horseName: 'Member Horse', raceId: null }),
    );
    await same('placed');
    expect((await c.admin.put(`/api/bets/${onRace.id}/status`, { status: 'win' })).statusCode).toBe(200);
    await same('settled');
    const edited = await c.member.put(
      `/api/bets/${other.id}`,
      singleBet(c, { memberId: c.memberMemberId, horseName: 'Renamed Horse', raceId: null }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    await same('bet edited');
    await pool.query(`update bets set date = date - interval '1 day 1 microsecond' where id = $1`, [
      other.id,
    ]);
    await same('bet re-dated by SQL');
    await pool.query('update members set name = $2, initials = $3 where id = $1', [
      c.adminMemberId,
      'Ada Renamed',
      'AR',
    ]);
    await same('member renamed');
    await pool.query(`update races set name = 'New Name', venue = 'New Venue' where id = $1`, [c.raceId]);
    await same('race renamed');
    await pool.query(`update races set date = '2031-03-04T05:06:07.089Z' where id = $1`, [c.raceId]);
    await same('race re-dated');
    expect((await c.admin.delete(`/api/races/${c.raceId}`)).statusCode).toBe(204);
    await same('race deleted');
    expect((await c.admin.delete(`/api/bets/${other.id}`)).statusCode).toBe(204);
    await same('bet deleted');
    const { rows } = await pool.query('select count(*)::int as n from bet_json where bet_id = $1', [
      other.id,
    ]);
    expect(rows[0].n).toBe(0);
  });

  it('is written again at start when its definition changed (or the table is new)', async () => {
    const c = await crew(t);
    await placeBet(c.admin, singleBet(c, { horseName: 'Kept Through A Rebuild' }));
    const expected = serialise(await listBets(t.database.db, c.syndicateId, 1000));
    const client = await t.database.pool.connect();
    try {
      await client.query(
        `delete from bet_json where bet_id in (select id from bets where syndicate_id = $1)`,
        [c.syndicateId],
      );
      // Unchanged definition: nothing is rebuilt.
      await installBetJsonTriggers(client);
      expect((await listBetsJson(t.database.db, c.syndicateId, { limit: 200 })).json).toBe('[]');
      // An older definition: every bet's text is written again.
      await client.query(`comment on table bet_json is 'older'`);
      await installBetJsonTriggers(client);
    } finally {
      client.release();
    }
    expect((await listBetsJson(t.database.db, c.syndicateId, { limit: 200 })).json).toBe(expected);
  });
});
