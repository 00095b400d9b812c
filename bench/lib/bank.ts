// Bench data for the bank (docs/bank.md): a ledger of `entries` rows straight into bank_entries.
// The ledger's own triggers check every row and keep bank_member_totals, as the app's writes do.
// Half the rows are allocations: settled bets shared equally among the members (largest
// remainder, join order, as the migration shares them); the rest contributions (70%), payouts
// (15%), adjustments (10%) and reversals of contributions (5%), spread over the last two years.
import type pg from 'pg';

export interface BankSeed {
  members: number;
  entries: number;
  allocations: number;
}

export async function seedBank(db: pg.Client, syndicateId: number, entries: number): Promise<BankSeed> {
  const {
    rows: [{ n: members } = { n: 0 }],
  } = await db.query<{ n: number }>(
    'select count(*)::int as n from members where syndicate_id = $1 and archived_at is null',
    [syndicateId],
  );
  if (members === 0) throw new Error('seedBank: the syndicate has no members');
  // Allocations: as many settled bets as fill half the ledger, one line per member each.
  const allocated = await db.query(
    `with m as (select id, row_number() over (order by created_at, id) as rn, count(*) over () as n
                  from members where syndicate_id = $1 and archived_at is null),
          b as (select id, result_cents as r, coalesce(settled_at, date) as at, horse_name
                  from bets where syndicate_id = $1 and status <> 'pending' and result_cents <> 0
                 order by id limit $2::int),
          x as (select b.*, m.id as member_id,
                       sign(b.r)::bigint * (abs(b.r) / m.n + case when m.rn <= abs(b.r) % m.n then 1 else 0 end) as amount
                  from b, m)
     insert into bank_entries (syndicate_id, member_id, type, amount_cents, date, note, bet_id, created_at)
     select $1, member_id, 'allocation', amount, at::date, horse_name || ' (win)', id, at
       from x where amount <> 0 order by x.at, x.id, x.member_id`,
    [syndicateId, Math.floor(entries / 2 / members)],
  );
  const allocations = allocated.rowCount ?? 0;
  const rest = Math.max(0, entries - allocations);
  const reversals = Math.floor(rest / 20);
  const others = rest - reversals;
  await db.query(
    `with m as (select array_agg(id order by created_at, id) as ids from members
                 where syndicate_id = $1 and archived_at is null),
          g as (select g, case when g % 20 < 14 then 'contribution' when g % 20 < 16 then 'adjustment'
                               else 'payout' end::bank_entry_type as type,
                       now() - ($2::int - g) * (interval '730 days' / $2::int) as at
                  from generate_series(1, $2::int) g)
     insert into bank_entries (syndicate_id, member_id, type, amount_cents, date, note, created_at)
     select $1, m.ids[1 + g.g % cardinality(m.ids)], g.type,
            case g.type
              when 'contribution' then 2000 + (g.g * 37 % 81) * 100
              when 'adjustment' then case when g.g % 2 = 0 then -(100 + g.g % 400) else 100 + g.g % 400 end
              else -(500 + g.g * 11 % 1500) end,
            g.at::date, case g.type when 'adjustment' then 'Fees' when 'payout' then 'Winnings paid' end, g.at
       from g, m
      order by g.g`,
    [syndicateId, others],
  );
  // Reversals of every so many contributions (a bounced transfer), each exactly undoing one.
  await db.query(
    `with c as (select id, member_id, amount_cents, date, created_at,
                       row_number() over (order by id) as rn
                  from bank_entries where syndicate_id = $1 and type = 'contribution')
     insert into bank_entries (syndicate_id, member_id, type, amount_cents, date, note, reverses_id, created_at)
     select $1, member_id, 'reversal', -amount_cents, date, 'Transfer bounced', id, created_at + interval '1 day'
       from c where rn % 10 = 0 order by id limit $2::int`,
    [syndicateId, reversals],
  );
  const {
    rows: [{ n } = { n: 0 }],
  } = await db.query<{ n: number }>('select count(*)::int as n from bank_entries where syndicate_id = $1', [
    syndicateId,
  ]);
  return { members, entries: n, allocations };
}
