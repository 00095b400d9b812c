import { zodResolver } from '@hookform/resolvers/zod';
import { RACE_DESCRIPTION_MAX, RACE_NAME_MAX, VENUE_MAX } from '@shared/race';
import { ChevronDown, ChevronUp } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { SelectField } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useCreateRace } from '@/features/races/api/create-race';
import { useSyndicateFormat } from '@/lib/format';
import {
  emptyRaceForm,
  type RaceFormValues,
  raceFormSchema,
  TIME_SLOTS,
  toCreateRaceInput,
} from '../add-race-form';
import { RaceAdvancedFields } from './race-advanced-fields';

const TIME_OPTIONS = TIME_SLOTS.map((slot) => ({ value: slot, label: slot }));

/** The Add Race dialog (spec §5 "Race add"). Resets on close and on success. */
export function AddRaceDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const f = useSyndicateFormat();
  const createRace = useCreateRace();
  const [showAdvanced, setShowAdvanced] = useState(false);
  const form = useForm<RaceFormValues>({
    resolver: zodResolver(raceFormSchema),
    defaultValues: emptyRaceForm(f.todayKey()),
  });
  const { errors } = form.formState;
  const descriptionId = useId();

  // Spec §4: dialogs reset their forms on close (and the date defaults to today in the syndicate's zone).
  useEffect(() => {
    if (!open) {
      form.reset(emptyRaceForm(f.todayKey()));
      setShowAdvanced(false);
    }
  }, [open, form, f]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await createRace.mutateAsync(toCreateRaceInput(values, f.zonedIso));
    } catch {
      toast({ title: 'Error', description: 'Failed to add race. Please try again.', variant: 'destructive' });
      return;
    }
    toast({ title: 'Race added', description: `${values.name.trim()} is on the calendar.` });
    onOpenChange(false);
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add Race</DialogTitle>
          <DialogDescription>Put a race on the syndicate's calendar.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Add race">
          <FormField
            label="Race name"
            placeholder="e.g. Melbourne Cup"
            maxLength={RACE_NAME_MAX}
            error={errors.name?.message}
            {...form.register('name')}
          />
          <FormField
            label="Venue"
            placeholder="e.g. Flemington"
            maxLength={VENUE_MAX}
            error={errors.venue?.message}
            {...form.register('venue')}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Date" type="date" error={errors.date?.message} {...form.register('date')} />
            <Controller
              control={form.control}
              name="time"
              render={({ field }) => (
                <SelectField
                  label="Time"
                  options={TIME_OPTIONS}
                  placeholder="Choose a time"
                  value={field.value}
                  onValueChange={field.onChange}
                  error={errors.time?.message}
                />
              )}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={descriptionId}>Description (optional)</Label>
            <Textarea
              id={descriptionId}
              rows={3}
              maxLength={RACE_DESCRIPTION_MAX}
              aria-invalid={errors.description ? true : undefined}
              {...form.register('description')}
            />
            {errors.description ? (
              <p className="text-sm font-medium text-destructive">{errors.description.message}</p>
            ) : null}
          </div>
          <Button
            type="button"
            variant="ghost"
            className="justify-self-start"
            aria-expanded={showAdvanced}
            onClick={() => setShowAdvanced((s) => !s)}
          >
            {showAdvanced ? <ChevronUp aria-hidden="true" /> : <ChevronDown aria-hidden="true" />}
            {showAdvanced ? 'Hide advanced options' : 'Show advanced options'}
          </Button>
          {showAdvanced ? <RaceAdvancedFields form={form} /> : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={createRace.isPending}>
              {createRace.isPending ? 'Adding...' : 'Add Race'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
