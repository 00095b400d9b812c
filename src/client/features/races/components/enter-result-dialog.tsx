import type { Bet } from '@shared/bet';
import type { RaceDetail } from '@shared/race';
import type { Runner } from '@shared/race-result';
import { PLACES_MAX, PLACES_MIN, RULE4_MAX, RULE4_MIN } from '@shared/settlement';
import { Plus, Trash2 } from 'lucide-react';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { InlineAlert } from '@/components/ui/inline-alert';
import { Label } from '@/components/ui/label';
import { SelectField } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { runnerOptions } from '@/features/bets/lib/runner-pick';
import { useEnterRaceResult } from '@/features/races/api/enter-race-result';
import { errorStatus, readApiErrorBody } from '@/lib/api';
import { cn } from '@/lib/cn';
import { useSyndicateFormat } from '@/lib/format';
import { describeTerms, raceTerms } from '../lib/race-terms';
import {
  emptyFinisher,
  emptyHorse,
  type FinisherRowValues,
  type HorseRowValues,
  nextPosition,
  pickRunner,
  type ResultFormErrors,
  type ResultFormValues,
  readResultForm,
  resultFormDefaults,
  runnerIndex,
  serverErrors,
} from '../lib/result-form';
import { previewResult } from '../lib/result-preview';
import { ResultPreviewList } from './result-preview-list';

/**
 * Enter (or correct) a race's result, admins only: the finishing order by picking runners from the
 * field or typing names and numbers (horses sharing a position dead-heated for it), tote dividends,
 * non-runners, places paid and Rule 4. A live preview lists every bet the result settles, with the
 * status and result the shared rules give (the server's own plan), before Confirm posts it.
 */
export function EnterResultDialog({
  race,
  bets,
  open,
  onOpenChange,
}: {
  race: RaceDetail;
  /** The syndicate's bets on this race. */
  bets: readonly Bet[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const f = useSyndicateFormat();
  const enter = useEnterRaceResult();
  const correcting = race.result !== null;
  const terms = raceTerms(race);
  const [values, setValues] = useState<ResultFormValues>(() => resultFormDefaults(race.result, terms.places));
  const [showDividends, setShowDividends] = useState(
    () =>
      (race.result?.dividends.length ?? 0) > 0 ||
      bets.some((b) => b.oddsType === 'tote' && b.status === 'pending'),
  );
  const [submitted, setSubmitted] = useState(false);
  const dividendsId = useId();
  const [fromServer, setFromServer] = useState<ResultFormErrors>({});

  const reading = useMemo(() => readResultForm(values), [values]);
  const preview = useMemo(
    () => (reading.kind === 'ready' ? previewResult(bets, race, reading.values) : null),
    [reading, bets, race],
  );
  const clientErrors = reading.kind === 'invalid' ? reading.errors : {};
  // The list's own message ("Enter at least the winner") waits for Confirm; row errors show at once.
  const errors: ResultFormErrors = { ...clientErrors, ...fromServer };
  if (!submitted) delete errors.finishers;
  const runners = race.runners && race.runners.length > 0 ? race.runners : null;
  const placesNow = reading.kind === 'ready' ? raceTerms(race, reading.values.placesPaid) : terms;

  const update = (change: (v: ResultFormValues) => ResultFormValues) => {
    setValues(change);
    setFromServer({});
  };
  const setFinisher = (i: number, row: FinisherRowValues) =>
    update((v) => ({ ...v, finishers: v.finishers.map((r, j) => (j === i ? row : r)) }));
  const setNonRunner = (i: number, row: HorseRowValues) =>
    update((v) => ({ ...v, nonRunners: v.nonRunners.map((r, j) => (j === i ? row : r)) }));

  const onConfirm = async () => {
    setSubmitted(true);
    if (reading.kind !== 'ready') return;
    let response: Awaited<ReturnType<typeof enter.mutateAsync>>;
    try {
      response = await enter.mutateAsync({ raceId: race.id, result: reading.request.body });
    } catch (error) {
      const body = readApiErrorBody(error);
      const message = body?.message ?? 'Failed to save the result. Please try again.';
      setFromServer(
        errorStatus(error) === 400 ? serverErrors(reading.request, body?.errors, message) : { form: message },
      );
      return;
    }
    const settled = response.settled.length;
    const left = response.unmatched.length;
    toast({
      title: correcting ? 'Result corrected' : 'Result saved',
      description: `${settled} ${settled === 1 ? 'bet' : 'bets'} settled${left > 0 ? `, ${left} left pending` : ''}.`,
    });
    onOpenChange(false);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{correcting ? 'Correct Result' : 'Enter Result'}</DialogTitle>
          <DialogDescription>
            {race.name} · {race.venue} · {f.date(race.date, 'MMM d, yyyy h:mm a')}
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          aria-label={correcting ? 'Correct Result' : 'Enter Result'}
          className="grid min-w-0 gap-5"
          onSubmit={(e) => {
            e.preventDefault();
            void onConfirm();
          }}
        >
          {correcting ? (
            <p className="rounded-md border border-[#fcd34d] bg-[#fffbeb] p-3 text-sm text-[#78350f]">
              This race has a result. Confirming a corrected one re-settles the bets it settled; a bet whose
              horse it no longer names goes back to pending.
            </p>
          ) : null}

          <fieldset className="grid min-w-0 gap-3">
            <legend className="mb-1 text-base font-semibold">Finishing order</legend>
            <p className="text-xs text-muted-foreground">
              {runners ? 'Pick each runner from the field or type' : 'Type'} the horse’s name or number. Give
              horses that dead-heated the same position (two at 1 for a dead heat for first). Blank rows are
              left out; a bet on a horse in no row stays pending.
            </p>
            <div className="flex items-center gap-2">
              <Switch
                id={dividendsId}
                checked={showDividends}
                aria-describedby={`${dividendsId}-hint`}
                onCheckedChange={(on) => {
                  setShowDividends(on);
                  // Hidden dividends are not sent: turning them off clears them.
                  if (!on)
                    update((v) => ({
                      ...v,
                      finishers: v.finishers.map((r) => ({ ...r, win: '', place: '' })),
                    }));
                }}
              />
              <Label htmlFor={dividendsId}>Tote dividends</Label>
            </div>
            <p id={`${dividendsId}-hint`} className="-mt-2 text-xs text-muted-foreground">
              {showDividends
                ? 'Declared per 1 unit; tote bets settle at them (blank: the bet’s own odds).'
                : 'Turn on to enter each finisher’s win and place dividends for tote bets.'}
            </p>
            <ol className="grid gap-3">
              {values.finishers.map((row, i) => (
                <li key={row.key}>
                  <FinisherRow
                    index={i}
                    row={row}
                    runners={runners}
                    showDividends={showDividends}
                    errors={errors}
                    onChange={(next) => setFinisher(i, next)}
                    onRemove={
                      values.finishers.length > 1
                        ? () => update((v) => ({ ...v, finishers: v.finishers.filter((_, j) => j !== i) }))
                        : undefined
                    }
                  />
                </li>
              ))}
            </ol>
            {errors.finishers ? <FieldMessage>{errors.finishers}</FieldMessage> : null}
            <div>
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={() =>
                  update((v) => ({
                    ...v,
                    finishers: [...v.finishers, emptyFinisher(nextPosition(v.finishers))],
                  }))
                }
              >
                <Plus aria-hidden="true" />
                Add finisher
              </Button>
            </div>
          </fieldset>

          <fieldset className="grid min-w-0 gap-3">
            <legend className="mb-1 text-base font-semibold">Non-runners</legend>
            {values.nonRunners.length === 0 ? (
              <p className="text-xs text-muted-foreground">
                None. Bets on a non-runner are void: the stake comes back.
              </p>
            ) : (
              <ul className="grid gap-3">
                {values.nonRunners.map((row, i) => (
                  <li key={row.key}>
                    <HorseRowFrame
                      title={`Non-runner ${i + 1}`}
                      onRemove={() =>
                        update((v) => ({ ...v, nonRunners: v.nonRunners.filter((_, j) => j !== i) }))
                      }
                      error={errors[`nonRunners.${i}`]}
                    >
                      <HorseFields row={row} runners={runners} onChange={(next) => setNonRunner(i, next)} />
                    </HorseRowFrame>
                  </li>
                ))}
              </ul>
            )}
            {errors.nonRunners ? <FieldMessage>{errors.nonRunners}</FieldMessage> : null}
            <div>
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={() => update((v) => ({ ...v, nonRunners: [...v.nonRunners, emptyHorse()] }))}
              >
                <Plus aria-hidden="true" />
                Add non-runner
              </Button>
            </div>
          </fieldset>

          <div className="grid grid-cols-1 items-start gap-x-3 gap-y-4 sm:grid-cols-2">
            <FormField
              label="Places paid (optional)"
              inputMode="numeric"
              hint={`Blank: the race’s terms (${describeTerms(terms)}). ${PLACES_MIN}–${PLACES_MAX}.`}
              value={values.placesPaid}
              onChange={(e) => update((v) => ({ ...v, placesPaid: e.target.value }))}
              error={errors.placesPaid}
            />
            <FormField
              label="Rule 4 (optional)"
              inputMode="numeric"
              hint={`Cents in the dollar (${RULE4_MIN}–${RULE4_MAX}) off the winnings of every fixed-odds bet it settles.`}
              value={values.rule4}
              onChange={(e) => update((v) => ({ ...v, rule4: e.target.value }))}
              error={errors.rule4}
            />
          </div>

          <section
            aria-label="Preview"
            aria-live="polite"
            className="grid min-w-0 gap-2 rounded-md border border-border bg-muted/40 p-3 text-sm"
            data-testid="result-preview"
          >
            <h3 className="text-base font-semibold">Preview</h3>
            {preview ? (
              <ResultPreviewList preview={preview} placeTerms={describeTerms(placesNow)} />
            ) : (
              <p className="text-muted-foreground">
                Enter the finishing order (fix any field marked above) to see what it settles.
              </p>
            )}
          </section>

          {errors.form ? <InlineAlert>{errors.form}</InlineAlert> : null}
          {/* Confirm stays in reach while the form scrolls (a long finishing order on a phone). */}
          <div className="sticky -bottom-5 z-10 -mx-5 -mb-5 flex justify-end gap-2 border-t border-border bg-card px-5 py-3 sm:-bottom-6 sm:-mx-6 sm:-mb-6 sm:px-6">
            <Button
              type="button"
              variant="outline"
              className="flex-1 sm:flex-none"
              onClick={() => onOpenChange(false)}
            >
              Cancel
            </Button>
            <Button type="submit" className="flex-[2] sm:flex-none" disabled={enter.isPending}>
              {enter.isPending ? 'Saving...' : correcting ? 'Confirm corrected result' : 'Confirm result'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function FieldMessage({ children }: { children: ReactNode }) {
  return <p className="text-sm font-medium text-destructive">{children}</p>;
}

/** One horse's row: a named group with its remove button and the row's own error (e.g. no horse). */
function HorseRowFrame({
  title,
  onRemove,
  error,
  children,
}: {
  title: string;
  onRemove: (() => void) | undefined;
  error: string | undefined;
  children: ReactNode;
}) {
  const errorId = useId();
  const remove = (className: string) =>
    onRemove ? (
      <Button
        type="button"
        size="icon"
        variant="ghost"
        className={cn('size-9 shrink-0 text-destructive hover:bg-[#fee2e2]', className)}
        aria-label={`Remove ${title.toLowerCase()}`}
        title="Remove"
        onClick={onRemove}
      >
        <Trash2 aria-hidden="true" />
      </Button>
    ) : null;
  return (
    <fieldset className="min-w-0" aria-describedby={error ? errorId : undefined}>
      <legend className="sr-only">{title}</legend>
      <div
        className={cn(
          'grid gap-2 rounded-md border p-3 sm:py-2',
          error ? 'border-destructive' : 'border-border',
        )}
      >
        {/* A phone: the row's title and its remove button above the fields. */}
        <div className="flex min-h-9 items-center justify-between gap-2 sm:hidden">
          <span aria-hidden="true" className="text-sm font-medium">
            {title}
          </span>
          {remove('-my-1')}
        </div>
        {/* Wider screens: one line, the remove button at its end, level with the inputs. */}
        <div className="flex min-w-0 items-start gap-2">
          <div className="grid min-w-0 flex-1 gap-2">{children}</div>
          {onRemove ? <div className="mt-6 hidden sm:block">{remove('')}</div> : null}
        </div>
        {error ? (
          <p id={errorId} className="text-sm font-medium text-destructive">
            {error}
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}

/** Runner (when the field is known), number and name: picking a runner fills the other two. */
function HorseFields<T extends HorseRowValues>({
  row,
  runners,
  onChange,
  before,
}: {
  row: T;
  runners: readonly Runner[] | null;
  onChange: (row: T) => void;
  /** Fields shown before the number (a finisher's position). */
  before?: ReactNode;
}) {
  const options = useMemo(() => (runners ? runnerOptions(runners) : []), [runners]);
  return (
    <>
      {runners ? (
        <SelectField
          label="Runner"
          placeholder="Pick from the field"
          options={options}
          value={runnerIndex(runners, row)}
          onValueChange={(value) => {
            const runner = runners[Number(value)];
            if (runner) onChange(pickRunner(row, runner));
          }}
        />
      ) : null}
      <div className="grid grid-cols-2 items-start gap-x-3 gap-y-3 sm:grid-cols-[6rem_6rem_minmax(0,1fr)]">
        {before}
        <FormField
          label="Number"
          inputMode="numeric"
          value={row.horseNumber}
          onChange={(e) => onChange({ ...row, horseNumber: e.target.value })}
        />
        <div className={before ? 'col-span-2 sm:col-span-1' : 'col-span-2'}>
          <FormField
            label="Horse name"
            value={row.horseName}
            onChange={(e) => onChange({ ...row, horseName: e.target.value })}
            autoComplete="off"
          />
        </div>
      </div>
    </>
  );
}

function FinisherRow({
  index,
  row,
  runners,
  showDividends,
  errors,
  onChange,
  onRemove,
}: {
  index: number;
  row: FinisherRowValues;
  runners: readonly Runner[] | null;
  showDividends: boolean;
  errors: ResultFormErrors;
  onChange: (row: FinisherRowValues) => void;
  onRemove: (() => void) | undefined;
}) {
  return (
    <HorseRowFrame title={`Finisher ${index + 1}`} onRemove={onRemove} error={errors[`finishers.${index}`]}>
      <HorseFields
        row={row}
        runners={runners}
        onChange={onChange}
        before={
          <FormField
            label="Position"
            inputMode="numeric"
            value={row.position}
            onChange={(e) => onChange({ ...row, position: e.target.value })}
            error={errors[`finishers.${index}.position`]}
          />
        }
      />
      {showDividends ? (
        <div className="grid grid-cols-2 items-start gap-x-3 gap-y-3 sm:grid-cols-[12rem_12rem]">
          <FormField
            label="Win dividend"
            inputMode="decimal"
            value={row.win}
            onChange={(e) => onChange({ ...row, win: e.target.value })}
            error={errors[`finishers.${index}.win`]}
          />
          <FormField
            label="Place dividend"
            inputMode="decimal"
            value={row.place}
            onChange={(e) => onChange({ ...row, place: e.target.value })}
            error={errors[`finishers.${index}.place`]}
          />
        </div>
      ) : null}
    </HorseRowFrame>
  );
}
