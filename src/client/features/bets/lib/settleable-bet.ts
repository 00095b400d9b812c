// A bet as the shared settlement rules read it: the API's major units (dollars, decimal odds)
// turned into cents and hundredths through shared/money.ts, the only place that converts them.
import type { Bet } from '@shared/bet';
import { toCents, toHundredths } from '@shared/money';
import type { PlannableBet } from '@shared/race-result';

export function toSettleableBet(
  bet: Pick<
    Bet,
    | 'id'
    | 'horseName'
    | 'horseNumber'
    | 'betType'
    | 'oddsType'
    | 'amount'
    | 'odds'
    | 'placeTerms'
    | 'placeOdds'
  >,
): PlannableBet {
  return {
    id: bet.id,
    horseName: bet.horseName,
    horseNumber: bet.horseNumber,
    betType: bet.betType,
    oddsType: bet.oddsType,
    amount: toCents(bet.amount),
    odds: toHundredths(bet.odds),
    placeTerms: bet.placeTerms,
    placeOdds: bet.placeOdds === null ? null : toHundredths(bet.placeOdds),
  };
}
