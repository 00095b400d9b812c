// Writing a settlement: the one path by which a bet's status and result change, whether from the
// mark buttons, the Settle dialog, a race result or the racing provider's results. The rules are
// shared/settlement.ts; here the bet's stored terms and its race's default terms are read, the row
// is written and the bank's allocation lines follow in the same transaction (bank/ledger.ts).
import { sql } from 'drizzle-orm';
import type { BetType } from '../../../shared/bet-status';
import { fromCents, toHundredths } from '../../../shared/money';
import type { Runner } from '../../../shared/race-result';
import {
  type PlaceTerms,
  raceDefaultTerms,
  type SettleableBet,
  type SettledStatus,
  type RaceTermsSource as SharedRaceTermsSource,
  settleBet,
  statusForPosition,
} from '../../../shared/settlement';
import type { Tx } from '../../db/client';
import { badRequest } from '../../lib/http-error';
import { betSettled } from '../audit/bet-events';
import { eventInsert, RESULTS_IMPORT } from '../audit/record';
import { lockBank, syncBetAllocation } from '../bank/ledger';
import { type BetRow, joined } from './bet-row';

export type { Tx };

/** A bet row as settlement reads it (locked FOR UPDATE by the caller). */
export interface StoredBet {
  id: number;
  memberId: number;
  raceId: number | null;
  horseName: string;
  horseNumber: number | null;
  betType: 'win' | 'place' | 'each-way';
  oddsType: 'fixed' | 'tote';
  status: 'pending' | SettledStatus;
  amountCents: number;
  oddsHundredths: number;
  resultCents: number | null;
  placePlaces: number | null;
  placeDivisor: number | null;
  placeOddsHundredths: number | null;
  position: number | null;
  deadHeat: number | null;
  dividendHundredths: number | null;
  placeDividendHundredths: number | null;
  rule4: number | null;
  /** The advanced fields (an edit's audit event compares them). */
  jockey: string | null;
  trainer: string | null;
  weight: string | null;
  barrier: number | null;
  silkColor: string | null;
}

const STORED_COLUMNS = sql`id, member_id as "memberId", race_id as "raceId", horse_name as "horseName",
  horse_number as "horseNumber", bet_type::text as "betType", odds_type::text as "oddsType",
  jockey, trainer, weight, barrier, silk_color as "silkColor",
  status::text as status, amount_cents::float8 as "amountCents", odds_hundredths as "oddsHundredths",
  result_cents::float8 as "resultCents", place_places as "placePlaces", place_divisor as "placeDivisor",
  place_odds_hundredths as "placeOddsHundredths", position, dead_heat as "deadHeat",
  dividend_hundredths as "dividendHundredths", place_dividend_hundredths as "placeDividendHundredths", rule4`;

/** Locks and reads one of the syndicate's bets; undefined when it is not theirs. */
export async function lockStoredBet(
  tx: Tx,
  syndicateId: number,
  betId: number,
): Promise<StoredBet | undefined> {
  const { rows } = await tx.execute<StoredBet & Record<string, unknown>>(sql`
    select ${STORED_COLUMNS} from bets where syndicate_id = ${syndicateId} and id = ${betId} for update`);
  return rows[0];
}

/** Locks and reads the bets on a race, oldest first. */
export async function lockRaceBets(tx: Tx, syndicateId: number, raceId: number): Promise<StoredBet[]> {
  const { rows } = await tx.execute<StoredBet & Record<string, unknown>>(sql`
    select ${STORED_COLUMNS} from bets where syndicate_id = ${syndicateId} and race_id = ${raceId}
     order by id for update`);
  return rows;
}

/** What a race says of place terms (the shared rule reads it): the runners and whether it is a handicap. */
export interface RaceTermsSource extends SharedRaceTermsSource {
  runners: Runner[] | null;
}

export { raceDefaultTerms };

/**
 * The race's terms source; null without a race or when it is not the syndicate's. `forShare`: the
 * race is locked against deletion until the transaction ends (a bet being added on it).
 */
export async function raceTermsSource(
  tx: Tx,
  syndicateId: number,
  raceId: number | null,
  forShare = false,
): Promise<RaceTermsSource | null> {
  if (raceId === null) return null;
  const { rows } = await tx.execute<RaceTermsSource & Record<string, unknown>>(sql`
    select runners, custom_fields as "customFields", race_type as "raceType", name
      from races where syndicate_id = ${syndicateId} and id = ${raceId}${forShare ? sql` for share` : sql``}`);
  return rows[0] ?? null;
}

/** How the horse ran, in hundredths (dividends) — what PUT status and race results supply. */
export interface SettlementFields {
  status: SettledStatus | 'pending';
  position: number | null;
  deadHeat: number | null;
  dividendHundredths: number | null;
  placeDividendHundredths: number | null;
  rule4: number | null;
}

/** The JSON body's fields (odds in major units) as SettlementFields. */
export function fieldsFromBody(body: {
  status: SettledStatus | 'pending';
  position: number | null;
  deadHeat: number | null;
  dividend: number | null;
  placeDividend: number | null;
  rule4: number | null;
}): SettlementFields {
  return {
    status: body.status,
    position: body.position,
    deadHeat: body.deadHeat,
    dividendHundredths: body.dividend === null ? null : toHundredths(body.dividend),
    placeDividendHundredths: body.placeDividend === null ? null : toHundredths(body.placeDividend),
    rule4: body.rule4,
  };
}

/**
 * The settlement fields to recompute a settled bet with after an edit: those it was settled with,
 * its status following from them under the edited type and terms (an admin correcting the terms or
 * the type of a settled bet moves its status, as a bookmaker's correction would): a stored position
 * gives the status; without one, "placed" on what is now a place bet is a win, on a win bet a loss.
 */
export function editedFields(
  stored: StoredBet,
  edited: Parameters<typeof settleable>[0],
  fallbackTerms: PlaceTerms,
): SettlementFields {
  const fields: SettlementFields = {
    status: stored.status,
    position: stored.position,
    deadHeat: stored.deadHeat,
    dividendHundredths: stored.dividendHundredths,
    placeDividendHundredths: stored.placeDividendHundredths,
    rule4: stored.rule4,
  };
  if (fields.status === 'pending' || fields.status === 'void') return fields;
  if (fields.position !== null) {
    const status = statusForPosition(settleable(edited), fields.position, fields.deadHeat, fallbackTerms);
    return { ...fields, status };
  }
  if (fields.status === 'placed' && edited.betType !== 'each-way')
    return { ...fields, status: edited.betType === 'place' ? 'win' : 'loss' };
  // Without a position some changes of type leave the outcome unknown: a lost win bet may have
  // placed, a won place bet may only have placed. Guessing moved money both ways (found by
  // probing: each-way placed → place → each-way came back a full winner), so the admin sets the
  // bet back to pending and settles it again as its new type.
  if (
    edited.betType !== stored.betType &&
    unknownAfterTypeChange(stored.betType, edited.betType, fields.status)
  )
    throw badRequest(TYPE_CHANGE_NEEDS_POSITION);
  return fields;
}

export const TYPE_CHANGE_NEEDS_POSITION =
  "Set this bet back to pending before changing its type: without its finishing position, its result as the new type isn't known";

/** Whether a settled bet's status, without a position, says nothing certain under its new type. */
function unknownAfterTypeChange(from: BetType, to: BetType, status: SettledStatus): boolean {
  // Won as a win bet: won as anything. Lost as a place bet: lost as anything.
  if (from === 'win') return status === 'loss' && to !== 'win';
  if (from === 'place') return status === 'win' && to !== 'place';
  // Each-way: won, placed or lost each give the win and place halves' outcomes.
  return false;
}

export interface ComputedSettlement {
  status: SettledStatus | 'pending';
  resultCents: number | null;
  fields: SettlementFields;
}

/** The stored bet's columns the settlement rules read. */
type SettleableColumns = Pick<
  StoredBet,
  | 'betType'
  | 'oddsType'
  | 'amountCents'
  | 'oddsHundredths'
  | 'placePlaces'
  | 'placeDivisor'
  | 'placeOddsHundredths'
>;

/** A stored bet (cents, hundredths, its own place terms) as the settlement rules read it. */
export const settleable = (bet: SettleableColumns): SettleableBet => ({
  betType: bet.betType,
  oddsType: bet.oddsType,
  amount: bet.amountCents,
  odds: bet.oddsHundredths,
  placeTerms:
    bet.placePlaces !== null && bet.placeDivisor !== null
      ? { places: bet.placePlaces, divisor: bet.placeDivisor }
      : null,
  placeOdds: bet.placeOddsHundredths,
});

/**
 * The status and result the rules give the bet; a 400 with the rule's message when the input
 * contradicts itself (a position that makes the bet something other than the status sent).
 * `bet` may carry edited amount, odds and terms (an edit recomputes with them).
 */
export function computeSettlement(
  bet: SettleableColumns,
  fields: SettlementFields,
  fallbackTerms: PlaceTerms,
): ComputedSettlement {
  if (fields.status === 'pending') {
    return {
      status: 'pending',
      resultCents: null,
      fields: {
        status: 'pending',
        position: null,
        deadHeat: null,
        dividendHundredths: null,
        placeDividendHundredths: null,
        rule4: null,
      },
    };
  }
  const out = settleBet(
    settleable(bet),
    {
      status: fields.status,
      position: fields.position,
      deadHeat: fields.deadHeat,
      dividend: fields.dividendHundredths,
      placeDividend: fields.placeDividendHundredths,
      rule4: fields.rule4,
    },
    fallbackTerms,
  );
  if (!out.ok) throw badRequest(out.message);
  return { status: out.settlement.status, resultCents: out.settlement.result, fields };
}

/**
 * Writes a computed settlement to the (locked) bet and brings its bank allocation in line, in the
 * caller's transaction, and records its bet.settled (or bet.unsettled) event there too: the mark
 * buttons, the Settle dialog, race results and the provider's results (actor null) alike. Nothing
 * is written when the bet already stands so (re-posting a result is harmless): then null, else the
 * bet as written (joined, bet-row.ts), so the caller need not read it again. settled_at is the
 * moment it was (re)settled; pending clears every settlement field.
 */
export async function writeSettlement(
  tx: Tx,
  syndicateId: number,
  bet: StoredBet,
  computed: ComputedSettlement,
  actorMemberId: number | null,
  now: Date,
): Promise<BetRow | null> {
  const f = computed.fields;
  const same =
    bet.status === computed.status &&
    bet.resultCents === computed.resultCents &&
    bet.position === f.position &&
    bet.deadHeat === f.deadHeat &&
    bet.dividendHundredths === f.dividendHundredths &&
    bet.placeDividendHundredths === f.placeDividendHundredths &&
    bet.rule4 === f.rule4;
  if (same) return null;
  const pending = computed.status === 'pending';
  const event = {
    ...betSettled(bet, bet, { ...f, status: computed.status, resultCents: computed.resultCents }),
    systemName: RESULTS_IMPORT,
  };
  // The bet first, in a statement of its own: its triggers take the per-day and stats rows
  // before the bank's lock, in the order an edit or a deletion of a settled bet takes them
  // (their triggers fire at the end of their statement, and only then do they lock the bank).
  // In one statement with the lock the triggers would fire after it, and a settlement and an edit
  // of a bet on the same day could each wait for the other (the test "settling while a settled
  // bet is edited").
  const {
    rows: [written],
  } = await tx.execute<BetRow & Record<string, unknown>>(sql`
    with written as (
      update bets set status = ${computed.status}::bet_status, result_cents = ${computed.resultCents},
             settled_at = ${pending ? null : now.toISOString()}::timestamptz,
             position = ${f.position}, dead_heat = ${f.deadHeat}, dividend_hundredths = ${f.dividendHundredths},
             place_dividend_hundredths = ${f.placeDividendHundredths}, rule4 = ${f.rule4}
       where syndicate_id = ${syndicateId} and id = ${bet.id}
      returning *
    ) ${sql.raw(joined('select * from written', 'b.id'))}`);
  // Then the bank's lock, with the event written in the same statement (lockBank fails the
  // write when the syndicate is gone, the only case in which the event's INSERT … SELECT would
  // write nothing).
  const lock = await lockBank(
    tx,
    syndicateId,
    sql`audited as (${eventInsert(syndicateId, { memberId: actorMemberId, now }, event)})`,
    { genericPlansAfter: true },
  );
  // The bet as just written (its row is locked): the allocation need not read it again.
  await syncBetAllocation(
    tx,
    syndicateId,
    bet.id,
    actorMemberId,
    now,
    {
      member_id: bet.memberId,
      status: computed.status,
      result_cents: computed.resultCents,
      horse_name: bet.horseName,
      bet_type: bet.betType,
    },
    lock,
  );
  return written ?? null;
}

/** The settled bet as race results report it (major units). */
export const settledSummary = (betId: number, computed: ComputedSettlement) => ({
  betId,
  status: computed.status,
  result: computed.resultCents === null ? null : fromCents(computed.resultCents),
});

/** Dividends in major units to hundredths (race result bodies carry decimal odds). */
export const dividendHundredths = (odds: number | null): number | null =>
  odds === null ? null : toHundredths(odds);
