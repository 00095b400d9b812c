import type { Race } from '@shared/race';
import { useMemo } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { SelectField } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { useRaces } from '@/features/races/api/get-races';
import { useSyndicateFormat } from '@/lib/format';
import type { AddBetFormValues } from '../lib/add-bet-form';

/**
 * The race of a new bet: a custom race (venue, race number, optional name, date; on by default) or
 * an existing one. Turning the switch on clears the picked race; off clears the custom fields.
 */
export function RaceChoiceFields({ form }: { form: UseFormReturn<AddBetFormValues> }) {
  const { register, control, watch, setValue, clearErrors, formState } = form;
  const { errors } = formState;
  const custom = watch('customRace');

  const onToggle = (on: boolean) => {
    setValue('customRace', on);
    if (on) {
      setValue('raceId', '');
    } else {
      for (const key of ['venue', 'raceNumber', 'raceName', 'raceDate'] as const) setValue(key, '');
    }
    clearErrors(['raceId', 'venue', 'raceNumber']);
  };

  return (
    <div className="grid gap-4">
      <div className="flex items-center justify-between gap-3 rounded-md border border-border px-3 py-2">
        <Label htmlFor="add-bet-custom-race">Custom race</Label>
        <Switch id="add-bet-custom-race" checked={custom} onCheckedChange={onToggle} />
      </div>
      {custom ? (
        <div className="grid grid-cols-2 items-start gap-x-3 gap-y-4">
          <FormField
            label="Venue"
            placeholder="e.g. Flemington"
            aria-required="true"
            error={errors.venue?.message}
            // One rule covers the pair (lib/add-bet-form.ts): a change to either re-checks the other.
            {...register('venue', { deps: ['raceNumber'] })}
          />
          <FormField
            label="Race Number"
            inputMode="numeric"
            placeholder="e.g. 5"
            aria-required="true"
            error={errors.raceNumber?.message}
            {...register('raceNumber', { deps: ['venue'] })}
          />
          <div className="col-span-2 sm:col-span-1">
            <FormField
              label="Race Name (optional)"
              placeholder="e.g. Melbourne Cup"
              {...register('raceName')}
            />
          </div>
          <div className="col-span-2 sm:col-span-1">
            <FormField label="Race Date" type="date" {...register('raceDate')} />
          </div>
        </div>
      ) : (
        <Controller
          control={control}
          name="raceId"
          render={({ field }) => (
            <ExistingRaceSelect value={field.value} onChange={field.onChange} invalid={!!errors.raceId} />
          )}
        />
      )}
    </div>
  );
}

function ExistingRaceSelect({
  value,
  onChange,
  invalid,
}: {
  value: string;
  onChange: (value: string) => void;
  invalid: boolean;
}) {
  const { data: races, isPending } = useRaces();
  const f = useSyndicateFormat();
  const options = useMemo(() => {
    const list: Race[] = races ?? [];
    const today = f.todayKey();
    // Upcoming races first (soonest first), then past ones (latest first).
    const upcoming = list
      .filter((r) => f.dayKey(r.date) >= today)
      .sort((a, b) => a.date.localeCompare(b.date));
    const past = list.filter((r) => f.dayKey(r.date) < today).sort((a, b) => b.date.localeCompare(a.date));
    return [...upcoming, ...past].map((r) => ({
      value: String(r.id),
      label: `${r.name} · ${r.venue} · ${f.date(r.date, 'MMM d, yyyy')}`,
    }));
  }, [races, f]);
  return (
    <SelectField
      label="Race"
      placeholder={isPending ? 'Loading races...' : options.length ? 'Select a race' : 'No races yet'}
      options={options}
      value={value}
      onValueChange={onChange}
      // Its message is a toast (spec §5); the border still marks the field.
      triggerClassName={invalid ? 'border-destructive' : undefined}
    />
  );
}
