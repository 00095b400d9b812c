// A bet as one joined row (bets, its member, its race) and as the API shows it: the reads of single
// bets and the statements that add and settle bets return this row, so a write answers with what
// it wrote without reading it again.
import type { Bet } from '../../../shared/bet';
import { fromCents, fromHundredths } from '../../../shared/money';

export interface BetRow {
  id: number;
  member_id: number;
  race_id: number | null;
  bet_group_id: string | null;
  horse_name: string;
  bet_type: Bet['betType'];
  odds_hundredths: number;
  amount_cents: number;
  odds_type: Bet['oddsType'];
  status: Bet['status'];
  result_cents: number | null;
  /** A Date from node-postgres; text from drizzle's execute (the statement that adds bets). */
  date: Date | string;
  horse_number: number | null;
  jockey: string | null;
  trainer: string | null;
  weight: string | null;
  barrier: number | null;
  silk_color: string | null;
  place_places: number | null;
  place_divisor: number | null;
  place_odds_hundredths: number | null;
  position: number | null;
  dead_heat: number | null;
  dividend_hundredths: number | null;
  place_dividend_hundredths: number | null;
  rule4: number | null;
  member_name: string;
  member_initials: string;
  race_name: string | null;
  race_venue: string | null;
  race_date: Date | string | null;
}

/** A bet's columns, its member's and its race's (b, m, r). The list is JSON text PostgreSQL writes: list-json.ts. */
export const BET_COLUMNS = `b.id, b.member_id, b.race_id, b.bet_group_id, b.horse_name, b.bet_type, b.odds_hundredths,
  b.amount_cents, b.odds_type, b.status, b.result_cents, b.date, b.horse_number, b.jockey, b.trainer,
  b.weight, b.barrier, b.silk_color, b.place_places, b.place_divisor, b.place_odds_hundredths, b.position,
  b.dead_heat, b.dividend_hundredths, b.place_dividend_hundredths, b.rule4, m.name as member_name, m.initials as member_initials,
  r.name as race_name, r.venue as race_venue, r.date as race_date`;
/** The bets selected by `bets` (aliased b), joined, in `order`. */
export const joined = (bets: string, order: string) => `
  select ${BET_COLUMNS}
    from (${bets}) b
    join members m on m.id = b.member_id
    left join races r on r.id = b.race_id
   order by ${order}`;

export function toBet(r: BetRow): Bet {
  return {
    id: r.id,
    memberId: r.member_id,
    raceId: r.race_id,
    betGroupId: r.bet_group_id,
    horseName: r.horse_name,
    betType: r.bet_type,
    odds: fromHundredths(r.odds_hundredths),
    amount: fromCents(r.amount_cents),
    oddsType: r.odds_type,
    status: r.status,
    result: r.result_cents === null ? null : fromCents(r.result_cents),
    date: new Date(r.date).toISOString(),
    horseNumber: r.horse_number,
    jockey: r.jockey,
    trainer: r.trainer,
    weight: r.weight,
    barrier: r.barrier,
    silkColor: r.silk_color,
    race:
      r.race_id !== null && r.race_name !== null && r.race_venue !== null && r.race_date !== null
        ? { id: r.race_id, name: r.race_name, venue: r.race_venue, date: new Date(r.race_date).toISOString() }
        : null,
    member: { id: r.member_id, name: r.member_name, initials: r.member_initials },
    placeTerms:
      r.place_places !== null && r.place_divisor !== null
        ? { places: r.place_places, divisor: r.place_divisor }
        : null,
    placeOdds: r.place_odds_hundredths === null ? null : fromHundredths(r.place_odds_hundredths),
    position: r.position,
    deadHeat: r.dead_heat,
    dividend: r.dividend_hundredths === null ? null : fromHundredths(r.dividend_hundredths),
    placeDividend: r.place_dividend_hundredths === null ? null : fromHundredths(r.place_dividend_hundredths),
    rule4: r.rule4,
  };
}
