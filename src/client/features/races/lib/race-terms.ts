// A race's default each-way terms: the server's rule itself (shared/settlement.ts raceDefaultTerms),
// so what a preview shows is what the server settles.
import { type PlaceTerms, type RaceTermsSource, raceDefaultTerms, runnersCount } from '@shared/settlement';

export type { RaceTermsSource };

/** The race's default place terms; `placesPaid` (a result's) replaces the places. Null race → unknown field. */
export const raceTerms = raceDefaultTerms;

/** Whether the race knows its field size (then the server stores the default terms on a new bet). */
export const knowsFieldSize = (race: RaceTermsSource | null | undefined): boolean =>
  race ? runnersCount(race) !== null : false;

/** '3 places at 1/5', '2 places at 1/4', 'win only' (1 place at 1/1). */
export function describeTerms(terms: PlaceTerms): string {
  if (terms.places === 1 && terms.divisor === 1) return 'win only';
  const places = terms.places === 1 ? '1 place' : `${terms.places} places`;
  return `${places} at 1/${terms.divisor}`;
}
