// Keeps member_bet_stats and syndicate_day_stats (db/schema.ts) equal to aggregates over the
// settled bets: a row trigger on bets adds a settled bet's outcome when it appears (insert,
// settlement, edit) and takes it back when it goes (edit, delete), in the writer's transaction.
// Any writer is covered, the bets routes as well as SQL by hand or test fixtures.
//
// drizzle-kit does not generate triggers, so runMigrations (db/client.ts) calls
// installBetStatsTrigger after the migrations, under their advisory lock: functions and trigger
// are CREATE OR REPLACE (idempotent); the first install also rebuilds the tables from bets.
import type pg from 'pg';

const FUNCTIONS = `
create or replace function bet_stats_apply(
  p_syndicate integer, p_member integer, p_settled_on timestamptz, p_win boolean, p_result bigint, p_sign integer
) returns void language plpgsql as $$
declare
  w integer := case when p_win then p_sign else 0 end;
  d date := (p_settled_on at time zone 'UTC')::date;
begin
  if p_sign > 0 then
    insert into member_bet_stats as t (syndicate_id, member_id, wins, settled, result_cents)
      values (p_syndicate, p_member, w, 1, p_result)
      on conflict (syndicate_id, member_id) do update
        set wins = t.wins + w, settled = t.settled + 1, result_cents = t.result_cents + p_result;
    insert into syndicate_day_stats as t (syndicate_id, day, wins, settled, result_cents)
      values (p_syndicate, d, w, 1, p_result)
      on conflict (syndicate_id, day) do update
        set wins = t.wins + w, settled = t.settled + 1, result_cents = t.result_cents + p_result;
  else
    -- Plain UPDATEs: when the syndicate itself is being deleted its rows are already gone.
    update member_bet_stats
       set wins = wins + w, settled = settled - 1, result_cents = result_cents - p_result
     where syndicate_id = p_syndicate and member_id = p_member;
    update syndicate_day_stats
       set wins = wins + w, settled = settled - 1, result_cents = result_cents - p_result
     where syndicate_id = p_syndicate and day = d;
  end if;
end $$;

create or replace function bets_stats_trigger() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE'
     and old.status = new.status and old.result_cents is not distinct from new.result_cents
     and old.member_id = new.member_id and old.syndicate_id = new.syndicate_id
     and old.settled_at is not distinct from new.settled_at and old.date = new.date then
    return null;
  end if;
  if tg_op <> 'INSERT' and old.status not in ('pending', 'void') then
    perform bet_stats_apply(old.syndicate_id, old.member_id, coalesce(old.settled_at, old.date),
                            old.status = 'win', coalesce(old.result_cents, 0), -1);
  end if;
  if tg_op <> 'DELETE' and new.status not in ('pending', 'void') then
    perform bet_stats_apply(new.syndicate_id, new.member_id, coalesce(new.settled_at, new.date),
                            new.status = 'win', coalesce(new.result_cents, 0), 1);
  end if;
  return null;
end $$;
`;

const TRIGGER = `
create or replace trigger bets_stats after insert or update or delete on bets
  for each row execute function bets_stats_trigger()`;

/** Rebuild both tables from bets (first install only; bets is locked against writes meanwhile). */
const REBUILD = `
lock table bets in share row exclusive mode;
delete from member_bet_stats;
delete from syndicate_day_stats;
insert into member_bet_stats (syndicate_id, member_id, wins, settled, result_cents)
  select syndicate_id, member_id, count(*) filter (where status = 'win'), count(*), coalesce(sum(result_cents), 0)
    from bets where status not in ('pending', 'void') group by syndicate_id, member_id;
insert into syndicate_day_stats (syndicate_id, day, wins, settled, result_cents)
  select syndicate_id, (coalesce(settled_at, date) at time zone 'UTC')::date,
         count(*) filter (where status = 'win'), count(*), coalesce(sum(result_cents), 0)
    from bets where status not in ('pending', 'void') group by 1, 2;
`;

export async function installBetStatsTrigger(client: pg.ClientBase): Promise<void> {
  await client.query('begin');
  try {
    const { rows } = await client.query<{ present: boolean }>(
      `select exists (select 1 from pg_trigger where tgname = 'bets_stats' and tgrelid = 'bets'::regclass) as present`,
    );
    await client.query(FUNCTIONS);
    await client.query(TRIGGER);
    if (!rows[0]?.present) await client.query(REBUILD);
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  }
}
