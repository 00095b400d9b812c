// Each bet's JSON text, as GET /api/bets answers it, kept in bet_json (migration 0009) by triggers
// in the writer's transaction: PostgreSQL writes the text when a bet is added or changed, and again
// for a member's bets when the member is renamed and for a race's bets when the race is renamed,
// moved or re-dated. A list read then joins ready text instead of formatting 31 fields per bet on
// every read: building it cost PostgreSQL about 2 ms of the 2.6 ms of a 200-bet page (issue 17 §5).
// Each row also holds the bet's syndicate and date (migration 0012), so the unfiltered pages read
// the texts in order from bet_json's own date index instead of joining them to the bets by id.
// It is not a cache of answers: no read fills it, nothing expires, and a write that rolls back
// rolls it back. features/bets/bets-json.test.ts holds the text to what toBet + the route's
// serializer write, byte for byte, and to every change that must rewrite it.
//
// drizzle-kit does not generate triggers, so runMigrations (db/client.ts) installs these after the
// migrations, under their advisory lock (CREATE OR REPLACE: idempotent). The table's comment holds
// a hash of the text's definition below: when the definition changes (a new field), every bet's
// text is written again at the next start.
import { createHash } from 'node:crypto';
import type pg from 'pg';

const iso = (column: string, precision: 'MS' | 'US') =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.${precision}"Z"')`;
/** Cents or hundredths as the decimal fromCents/fromHundredths gives JSON (10.5, 3, -0.25). */
const decimal = (column: string) => `trim_scale(${column}::numeric / 100)`;
const orNull = (text: string) => `coalesce(${text}, 'null')`;
const str = (column: string) => `to_json(${column})::text`;

/** One bet's JSON (betSchema's fields, in its order); b the bet, m its member, r its race. */
export const BET_JSON = `concat(
  '{"id":', b.id,
  ',"memberId":', b.member_id,
  ',"raceId":', ${orNull('b.race_id::text')},
  ',"betGroupId":', ${orNull(str('b.bet_group_id::text'))},
  ',"horseName":', ${str('b.horse_name')},
  ',"betType":"', b.bet_type, '"',
  ',"odds":', ${decimal('b.odds_hundredths')},
  ',"amount":', ${decimal('b.amount_cents')},
  ',"oddsType":"', b.odds_type, '"',
  ',"status":"', b.status, '"',
  ',"result":', ${orNull(`${decimal('b.result_cents')}::text`)},
  ',"date":"', ${iso('b.date', 'MS')}, '"',
  ',"horseNumber":', ${orNull('b.horse_number::text')},
  ',"jockey":', ${orNull(str('b.jockey'))},
  ',"trainer":', ${orNull(str('b.trainer'))},
  ',"weight":', ${orNull(str('b.weight'))},
  ',"barrier":', ${orNull('b.barrier::text')},
  ',"silkColor":', ${orNull(str('b.silk_color'))},
  ',"race":', case when r.id is null then 'null' else concat(
    '{"id":', r.id, ',"name":', ${str('r.name')}, ',"venue":', ${str('r.venue')},
    ',"date":"', ${iso('r.date', 'MS')}, '"}') end,
  ',"member":{"id":', m.id, ',"name":', ${str('m.name')}, ',"initials":', ${str('m.initials')}, '}',
  ',"placeTerms":', case when b.place_places is null or b.place_divisor is null then 'null'
    else concat('{"places":', b.place_places, ',"divisor":', b.place_divisor, '}') end,
  ',"placeOdds":', ${orNull(`${decimal('b.place_odds_hundredths')}::text`)},
  ',"position":', ${orNull('b.position::text')},
  ',"deadHeat":', ${orNull('b.dead_heat::text')},
  ',"dividend":', ${orNull(`${decimal('b.dividend_hundredths')}::text`)},
  ',"placeDividend":', ${orNull(`${decimal('b.place_dividend_hundredths')}::text`)},
  ',"rule4":', ${orNull('b.rule4::text')},
  '}')`;

/** Writes (or rewrites) the text of the bets read from `from` (aliased b) that match `where`. */
const upsert = (from: string, where: string) => `
    insert into bet_json (bet_id, syndicate_id, date, json)
    select b.id, b.syndicate_id, b.date, ${BET_JSON}
      from ${from} b
      join members m on m.id = b.member_id
      left join races r on r.id = b.race_id
     where ${where}
    on conflict (bet_id) do update
      set syndicate_id = excluded.syndicate_id, date = excluded.date, json = excluded.json`;

const FUNCTIONS = `
create or replace function bets_json_written() returns trigger language plpgsql as $$
begin
  ${upsert('new_rows', 'true')};
  return null;
end $$;

create or replace function members_json_sync() returns trigger language plpgsql as $$
begin
  ${upsert('bets', 'b.syndicate_id = new.syndicate_id and b.member_id = new.id')};
  return null;
end $$;

create or replace function races_json_sync() returns trigger language plpgsql as $$
begin
  ${upsert('bets', 'b.syndicate_id = new.syndicate_id and b.race_id = new.id')};
  return null;
end $$;
`;

// Statement triggers on bets (a 10,000-row import writes its texts in one statement); a deleted
// bet's text goes with it (on delete cascade), and a deleted race sets its bets' race_id to null,
// an update of bets, which the update trigger sees.
const TRIGGERS = `
create or replace trigger bets_json_insert after insert on bets
  referencing new table as new_rows for each statement execute function bets_json_written();
create or replace trigger bets_json_update after update on bets
  referencing new table as new_rows for each statement execute function bets_json_written();
create or replace trigger members_json_sync after update of name, initials on members
  for each row when (old.name is distinct from new.name or old.initials is distinct from new.initials)
  execute function members_json_sync();
create or replace trigger races_json_sync after update of name, venue, date on races
  for each row when (old.name is distinct from new.name or old.venue is distinct from new.venue
                     or old.date is distinct from new.date)
  execute function races_json_sync();
`;

/** Every bet's text written again (bets locked against writes meanwhile). */
const REBUILD = `
lock table bets in share row exclusive mode;
delete from bet_json;
${upsert('bets', 'true')};
`;

/** Names the definition: a change to BET_JSON or the functions rewrites every bet's text. */
export const BET_JSON_VERSION = createHash('sha256').update(FUNCTIONS).digest('hex').slice(0, 16);

export async function installBetJsonTriggers(client: pg.ClientBase): Promise<void> {
  await client.query('begin');
  try {
    const { rows } = await client.query<{ version: string | null }>(
      `select obj_description('bet_json'::regclass, 'pg_class') as version`,
    );
    await client.query(FUNCTIONS);
    await client.query(TRIGGERS);
    if (rows[0]?.version !== BET_JSON_VERSION) {
      await client.query(REBUILD);
      await client.query(`comment on table bet_json is '${BET_JSON_VERSION}'`);
    }
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  }
}
