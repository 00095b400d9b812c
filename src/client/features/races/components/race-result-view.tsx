import { type StoredRaceResult, sameHorse } from '@shared/race-result';
import type { ReactNode } from 'react';
import { useSyndicateFormat } from '@/lib/format';
import { dividendText, finishLines, horseLabel } from '../lib/result-text';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid content-start gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium">{children}</dd>
    </div>
  );
}

/**
 * A race's result as it was entered or imported: the finishing order (dead heats as '=2'), each
 * finisher's tote dividends, the non-runners, places paid, Rule 4 and when it was entered.
 */
export function RaceResultView({
  result,
  defaultPlaces,
}: {
  result: StoredRaceResult;
  /** The places the race's terms pay when the result does not say. */
  defaultPlaces: number;
}) {
  const f = useSyndicateFormat();
  const lines = finishLines(result);
  return (
    <div className="grid gap-3" data-testid="race-result">
      <ol className="grid gap-1.5" aria-label="Finishing order">
        {lines.map((line) => {
          const dividend = result.dividends.find((d) =>
            sameHorse({ horseName: line.horseName ?? '', horseNumber: line.horseNumber }, d),
          );
          return (
            <li
              key={`${line.position}-${line.horse}`}
              className="flex items-start gap-3 rounded-md bg-muted/50 px-2 py-1.5"
              data-testid="finisher"
            >
              <span
                className="inline-flex h-6 min-w-9 shrink-0 items-center justify-center rounded-full bg-secondary px-1.5 text-xs font-bold text-secondary-foreground tabular-nums"
                aria-hidden="true"
              >
                {line.label}
              </span>
              <span className="sr-only">{line.spoken}: </span>
              <span className="min-w-0 flex-1">
                <span className="font-medium break-words">{line.horse}</span>
                {dividend && (dividend.win !== null || dividend.place !== null) ? (
                  <span className="block text-xs text-muted-foreground">
                    Tote
                    {dividend.win !== null ? ` · win ${dividendText(dividend.win)}` : ''}
                    {dividend.place !== null ? ` · place ${dividendText(dividend.place)}` : ''}
                  </span>
                ) : null}
              </span>
            </li>
          );
        })}
      </ol>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Fact label="Non-runners">
          {result.nonRunners.length > 0 ? result.nonRunners.map(horseLabel).join(', ') : 'None'}
        </Fact>
        <Fact label="Places paid">{result.placesPaid ?? `${defaultPlaces} (race terms)`}</Fact>
        <Fact label="Rule 4">{result.rule4 === null ? 'None' : `${result.rule4}c in the dollar`}</Fact>
        <Fact label={result.source === 'provider' ? 'Imported' : 'Entered'}>
          {f.date(result.enteredAt, 'MMM d, yyyy h:mm a')}
        </Fact>
      </dl>
    </div>
  );
}
