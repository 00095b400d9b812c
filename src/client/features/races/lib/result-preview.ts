// What a race result will do to the syndicate's bets on the race, before it is posted: the same
// plan the server settles with (shared/race-result.ts planRaceResult → shared/settlement.ts), so
// the preview is the outcome. The server settles every pending bet on the race and re-settles the
// bets its previous result settled, which GET /api/races/:id lists as `resultBetIds`.
import type { Bet, BetStatus } from '@shared/bet';
import { fromCents, toCents } from '@shared/money';
import type { RaceDetail } from '@shared/race';
import {
  type PlannedSettlement,
  planRaceResult,
  type RaceResultValues,
  resultTerms,
} from '@shared/race-result';
import { toSettleableBet } from '@/features/bets/lib/settleable-bet';

type ResultRules = Pick<RaceResultValues, 'finishers' | 'nonRunners' | 'dividends' | 'rule4' | 'placesPaid'>;

export type PreviewKind =
  /** The bet settles (or re-settles) as `status` with `result`. */
  | 'settle'
  /** The bet's horse is not in the result nor the field: it stays pending. */
  | 'unmatched'
  /** The previous result settled it and this one no longer names its horse: back to pending. */
  | 'back-to-pending';

export interface PreviewRow {
  bet: Bet;
  kind: PreviewKind;
  /** The status after posting. */
  status: BetStatus;
  /** Profit (+) or loss (−) in major units after posting; null when pending. */
  result: number | null;
  /** Stake back plus winnings in major units (settled bets only). */
  returned: number | null;
  /** The bet was settled by the race's previous result (a correction re-settles it). */
  resettle: boolean;
  /** Status and result stay exactly as they are. */
  unchanged: boolean;
}

export interface ResultPreview {
  rows: PreviewRow[];
  /** Bets that settle or re-settle (status other than pending after posting). */
  settled: number;
  /** Pending bets left pending (their horse is found nowhere). */
  unmatched: number;
  /** Settled bets on the race the result does not touch (settled by hand). */
  untouched: number;
  /** Σ results of the bets the result settles, in major units. */
  net: number;
}

const raceBets = (bets: readonly Bet[], raceId: number) => bets.filter((b) => b.raceId === raceId);

function plan(bets: readonly Bet[], race: RaceDetail, result: ResultRules): PlannedSettlement[] {
  return planRaceResult(bets.map(toSettleableBet), result, race.runners, resultTerms(race, result));
}

/**
 * The settled bets on the race that its stored result settled: the server lists them
 * (`resultBetIds`). A bet an admin re-settled by hand afterwards is among them too: a corrected
 * result re-settles it, as the server does.
 */
export function previousResultBetIds(bets: readonly Bet[], race: RaceDetail): Set<number> {
  if (!race.result) return new Set();
  const listed = new Set(race.resultBetIds);
  return new Set(
    raceBets(bets, race.id)
      .filter((b) => b.status !== 'pending' && listed.has(b.id))
      .map((b) => b.id),
  );
}

/**
 * Every bet the result will settle, re-settle, leave pending or send back to pending, in the
 * order the bets are listed (newest first, as GET /api/bets answers).
 */
export function previewResult(bets: readonly Bet[], race: RaceDetail, result: ResultRules): ResultPreview {
  const onRace = raceBets(bets, race.id);
  const previous = previousResultBetIds(onRace, race);
  const candidates = onRace.filter((b) => b.status === 'pending' || previous.has(b.id));
  const byId = new Map(candidates.map((b) => [b.id, b]));
  const rows: PreviewRow[] = [];
  let netCents = 0;
  for (const item of plan(candidates, race, result)) {
    const bet = byId.get(item.betId);
    if (!bet) continue;
    const resettle = previous.has(bet.id);
    // The server leaves a bet it cannot settle by the rules as it does an unmatched one.
    if (item.kind === 'settle' && item.outcome.ok) {
      const s = item.outcome.settlement;
      netCents += s.result;
      rows.push({
        bet,
        kind: 'settle',
        status: s.status,
        result: fromCents(s.result),
        returned: fromCents(s.returned),
        resettle,
        unchanged: bet.status === s.status && bet.result !== null && toCents(bet.result) === s.result,
      });
    } else {
      rows.push({
        bet,
        kind: resettle ? 'back-to-pending' : 'unmatched',
        status: 'pending',
        result: null,
        returned: null,
        resettle,
        unchanged: bet.status === 'pending',
      });
    }
  }
  return {
    rows,
    settled: rows.filter((r) => r.kind === 'settle').length,
    unmatched: rows.filter((r) => r.kind === 'unmatched').length,
    untouched: onRace.length - candidates.length,
    net: fromCents(netCents),
  };
}
