// Keeps member_bet_stats and syndicate_day_stats (db/schema.ts) equal to aggregates over the
// settled bets: a row trigger on bets adds a settled bet's outcome when it appears (insert,
// settlement, edit) and takes it back when it goes (edit, delete), in the writer's transaction.
// Any writer is covered, the bets routes as well as SQL by hand or test fixtures.
//
// syndicate_local_days is kept the same way, per local day of the bet's date in the syndicate's
// time zone (the profit timeline's days): every bet counts, stakes and results of the settled
// ones (win, placed, loss). A change of the syndicate's time zone rebuilds its rows, with bets
// locked against writes (SHARE) so that no bet is added under the old zone meanwhile; the
// settings route takes that lock before it locks the syndicate's row (lock order).
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

/** A settled status, as the timeline counts stakes and results. */
const SETTLED = `in ('win', 'placed', 'loss')`;

/** Local days from the bets (b) that match `where`, each in its syndicate's (s) time zone. */
const localDaysOf = (where: string) => `
insert into syndicate_local_days (syndicate_id, day, bets, staked_cents, profit_cents)
  select b.syndicate_id, (b.date at time zone s.timezone)::date, count(*),
         coalesce(sum(b.amount_cents) filter (where b.status ${SETTLED}), 0),
         coalesce(sum(b.result_cents) filter (where b.status ${SETTLED}), 0)
    from bets b join syndicates s on s.id = b.syndicate_id
   where ${where}
   group by 1, 2`;

const LOCAL_DAYS_FUNCTIONS = `
-- One statement: the day in the syndicate's zone is read in the upsert (none when the syndicate
-- itself is being deleted: its rows go with it).
create or replace function bet_local_day_add(
  p_syndicate integer, p_date timestamptz, p_bets integer, p_staked bigint, p_profit bigint
) returns void language plpgsql as $$
begin
  insert into syndicate_local_days as t (syndicate_id, day, bets, staked_cents, profit_cents)
    select p_syndicate, (p_date at time zone s.timezone)::date, p_bets, p_staked, p_profit
      from syndicates s where s.id = p_syndicate
    on conflict (syndicate_id, day) do update
      set bets = t.bets + excluded.bets, staked_cents = t.staked_cents + excluded.staked_cents,
          profit_cents = t.profit_cents + excluded.profit_cents;
end $$;

-- A bet's stake and result as the day counts them: settled ones only.
create or replace function bet_local_day_staked(p_status bet_status, p_amount bigint) returns bigint
  language sql immutable as $$ select case when p_status ${SETTLED} then p_amount else 0 end $$;
create or replace function bet_local_day_profit(p_status bet_status, p_result bigint) returns bigint
  language sql immutable as $$ select case when p_status ${SETTLED} then coalesce(p_result, 0) else 0 end $$;

create or replace function bets_local_days_trigger() returns trigger language plpgsql as $$
declare
  staked bigint;
  profit bigint;
begin
  if tg_op = 'UPDATE'
     and old.syndicate_id = new.syndicate_id and old.date = new.date and old.status = new.status
     and old.amount_cents = new.amount_cents and old.result_cents is not distinct from new.result_cents then
    return null;
  end if;
  -- Settled or edited on the same day (the usual change): the difference, in one upsert.
  if tg_op = 'UPDATE' and old.syndicate_id = new.syndicate_id and old.date = new.date then
    staked := bet_local_day_staked(new.status, new.amount_cents) - bet_local_day_staked(old.status, old.amount_cents);
    profit := bet_local_day_profit(new.status, new.result_cents) - bet_local_day_profit(old.status, old.result_cents);
    if staked <> 0 or profit <> 0 then
      perform bet_local_day_add(new.syndicate_id, new.date, 0, staked, profit);
    end if;
    return null;
  end if;
  if tg_op <> 'INSERT' then
    perform bet_local_day_add(old.syndicate_id, old.date, -1, -bet_local_day_staked(old.status, old.amount_cents),
                                -bet_local_day_profit(old.status, old.result_cents));
  end if;
  if tg_op <> 'DELETE' then
    perform bet_local_day_add(new.syndicate_id, new.date, 1, bet_local_day_staked(new.status, new.amount_cents),
                                bet_local_day_profit(new.status, new.result_cents));
  end if;
  return null;
end $$;

create or replace function syndicates_local_days_trigger() returns trigger language plpgsql as $$
begin
  lock table bets in share mode;
  delete from syndicate_local_days where syndicate_id = new.id;
  ${localDaysOf('b.syndicate_id = new.id')};
  return null;
end $$;

-- Replaced by bet_local_day_add (one call for a change on the same day, the zone read in the upsert).
drop function if exists bet_local_day_apply(integer, timestamptz, bet_status, bigint, bigint, integer);
`;

const LOCAL_DAYS_TRIGGERS = `
create or replace trigger bets_local_days after insert or update or delete on bets
  for each row execute function bets_local_days_trigger();
create or replace trigger syndicates_local_days after update of timezone on syndicates
  for each row when (old.timezone is distinct from new.timezone)
  execute function syndicates_local_days_trigger();`;

const LOCAL_DAYS_REBUILD = `
lock table bets in share row exclusive mode;
delete from syndicate_local_days;
${localDaysOf('true')};`;

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
    const { rows: local } = await client.query<{ present: boolean }>(
      `select exists (select 1 from pg_trigger where tgname = 'bets_local_days' and tgrelid = 'bets'::regclass) as present`,
    );
    await client.query(LOCAL_DAYS_FUNCTIONS);
    await client.query(LOCAL_DAYS_TRIGGERS);
    if (!local[0]?.present) await client.query(LOCAL_DAYS_REBUILD);
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  }
}
