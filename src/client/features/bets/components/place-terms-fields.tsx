import type { BetType } from '@shared/bet';
import { type PlaceTerms, runnersCount } from '@shared/settlement';
import { useEffect, useMemo, useRef } from 'react';
import type { UseFormRegisterReturn, UseFormReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { describeTerms, raceTerms } from '@/features/races/lib/race-terms';
import { useSyndicateFormat } from '@/lib/format';
import {
  eachWayPlaceOdds,
  eachWaySplit,
  needsTerms,
  type PlaceTermsValues,
  termsText,
} from '../lib/place-terms-form';
import { formatOdds } from './bet-cells';

type TermsKey = 'placePlaces' | 'placeDivisor' | 'placeOdds';

/** '= $5.00 win + $5.00 place' under an each-way bet's amount; undefined otherwise. */
export function useEachWayHint(betType: BetType, amount: string): string | undefined {
  const f = useSyndicateFormat();
  if (betType !== 'each-way') return undefined;
  const split = eachWaySplit(amount);
  if (!split) return 'Half on the win, half on the place.';
  return `= ${f.money(split.win)} win + ${f.money(split.place)} place`;
}

/**
 * Keeps the form's terms on the race's default while the user has not changed them: the race is
 * picked (and its runners load) after the form opens, so the default can arrive late.
 */
export function useFollowRaceDefault(
  defaultTerms: PlaceTerms,
  edited: boolean,
  apply: (terms: PlaceTerms) => void,
) {
  const applyRef = useRef(apply);
  applyRef.current = apply;
  const { places, divisor } = defaultTerms;
  useEffect(() => {
    if (!edited) applyRef.current({ places, divisor });
  }, [places, divisor, edited]);
}

/** The fields of a bet form that the terms read and write (Add Bet's and Edit Bet's both have them). */
type TermsForm = PlaceTermsValues & { odds: string };

/**
 * Wires a bet form to PlaceTermsFields: the race's default terms, followed until the user edits
 * them, "Use race default", and the fields' registrations and errors. Every prop but `types`.
 */
export function usePlaceTermsFieldProps<T extends TermsForm>(
  typedForm: UseFormReturn<T>,
  race: Parameters<typeof raceTerms>[0],
) {
  // The forms differ in their other fields; only these are touched.
  const form = typedForm as unknown as UseFormReturn<TermsForm>;
  const { register, setValue, watch, formState } = form;
  const { errors } = formState;
  const raceDefault = useMemo(() => raceTerms(race), [race]);
  const [odds, placePlaces, placeDivisor, placeOdds, placeTermsEdited] = watch([
    'odds',
    'placePlaces',
    'placeDivisor',
    'placeOdds',
    'placeTermsEdited',
  ]);
  const applyDefault = (terms: PlaceTerms) => {
    const text = termsText(terms);
    setValue('placePlaces', text.placePlaces);
    setValue('placeDivisor', text.placeDivisor);
  };
  useFollowRaceDefault(raceDefault, placeTermsEdited, applyDefault);
  const edited = { onChange: () => setValue('placeTermsEdited', true) };
  return {
    values: { placePlaces, placeDivisor, placeOdds, placeTermsEdited },
    odds,
    field: (key: TermsKey) => register(key, key === 'placeOdds' ? {} : edited),
    errors: {
      placePlaces: errors.placePlaces?.message,
      placeDivisor: errors.placeDivisor?.message,
      placeOdds: errors.placeOdds?.message,
    },
    raceDefault,
    runners: race ? runnersCount(race) : null,
    onUseDefault: () => {
      setValue('placeTermsEdited', false);
      applyDefault(raceDefault);
      form.clearErrors(['placePlaces', 'placeDivisor']);
    },
  };
}

/**
 * Each-way and place terms: places and divisor (the race's default until edited), an each-way
 * bet's optional fixed place price, and what the place part is paid at. Shown only while a part
 * of the bet is paid on a place.
 */
export function PlaceTermsFields({
  types,
  values,
  odds,
  field,
  errors,
  raceDefault,
  runners,
  onUseDefault,
}: {
  types: readonly BetType[];
  values: PlaceTermsValues;
  /** The (first) bet's win odds as typed. */
  odds: string;
  field: (key: TermsKey) => UseFormRegisterReturn;
  errors: Partial<Record<TermsKey, string | undefined>>;
  raceDefault: PlaceTerms;
  /** The race's field size, when known. */
  runners: number | null;
  onUseDefault: () => void;
}) {
  if (!needsTerms(types)) return null;
  const eachWay = types.includes('each-way');
  const placeOdds = eachWay ? eachWayPlaceOdds(odds, values) : null;
  const places = Number(values.placePlaces);
  const source = runners === null ? 'field size unknown' : `${runners} runner${runners === 1 ? '' : 's'}`;
  return (
    <fieldset className="grid gap-3 rounded-md border border-border p-3">
      <legend className="px-1 text-sm font-medium">{eachWay ? 'Each-way terms' : 'Place terms'}</legend>
      <div className="grid grid-cols-2 items-start gap-x-3 gap-y-4">
        <FormField label="Places" inputMode="numeric" error={errors.placePlaces} {...field('placePlaces')} />
        {eachWay ? (
          <FormField
            label="Divisor"
            inputMode="numeric"
            hint="Place odds = 1 + (odds − 1) ÷ divisor"
            error={errors.placeDivisor}
            {...field('placeDivisor')}
          />
        ) : null}
        {eachWay ? (
          <div className="col-span-2">
            <FormField
              label="Fixed place odds (optional)"
              inputMode="decimal"
              placeholder="Instead of the fraction"
              error={errors.placeOdds}
              {...field('placeOdds')}
            />
          </div>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
        <p>
          Race default: {describeTerms(raceDefault)} ({source})
        </p>
        {values.placeTermsEdited ? (
          <Button type="button" variant="link" size="sm" className="h-auto px-0" onClick={onUseDefault}>
            Use race default
          </Button>
        ) : null}
      </div>
      {eachWay && placeOdds !== null && Number.isInteger(places) && places > 0 ? (
        <p className="text-sm" data-testid="place-part-odds">
          Place half paid at {formatOdds(placeOdds)} if the horse finishes in the first{' '}
          {places === 1 ? 'place' : `${places} places`}.
        </p>
      ) : null}
    </fieldset>
  );
}
