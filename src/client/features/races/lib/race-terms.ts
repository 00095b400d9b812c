// A race's default each-way terms, as the server applies them (bets/settlement-service.ts
// raceDefaultTerms): UK terms from the field size and whether the race is a handicap, with the
// result's places paid replacing the places. The rules themselves are shared/settlement.ts's.
import { defaultPlaceTerms, isHandicap, type PlaceTerms, runnersCount } from '@shared/settlement';

export interface RaceTermsSource {
  name: string;
  raceType: string | null;
  customFields: Record<string, string> | null;
  runners?: readonly unknown[] | null;
}

/** The race's default place terms; `placesPaid` (a result's) replaces the places. Null race → unknown field. */
export function raceTerms(race: RaceTermsSource | null | undefined, placesPaid?: number | null): PlaceTerms {
  const terms = race
    ? defaultPlaceTerms(runnersCount(race), isHandicap(race.raceType, race.name))
    : defaultPlaceTerms(null);
  return placesPaid ? { ...terms, places: placesPaid } : terms;
}

/** Whether the race knows its field size (then the server stores the default terms on a new bet). */
export const knowsFieldSize = (race: RaceTermsSource | null | undefined): boolean =>
  race ? runnersCount(race) !== null : false;

/** '3 places at 1/5', '2 places at 1/4', 'win only' (1 place at 1/1). */
export function describeTerms(terms: PlaceTerms): string {
  if (terms.places === 1 && terms.divisor === 1) return 'win only';
  const places = terms.places === 1 ? '1 place' : `${terms.places} places`;
  return `${places} at 1/${terms.divisor}`;
}
