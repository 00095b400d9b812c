import { RACE_TEXT_MAX } from '@shared/race';
import { Plus, X } from 'lucide-react';
import { type UseFormReturn, useFieldArray } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import type { RaceFormValues } from '../add-race-form';

/** The Add Race form's optional extras: meeting/race numbers, distance, type, track, custom fields. */
export function RaceAdvancedFields({ form }: { form: UseFormReturn<RaceFormValues> }) {
  const { errors } = form.formState;
  const custom = useFieldArray({ control: form.control, name: 'customFields' });
  return (
    <fieldset className="grid gap-4 rounded-md border border-border p-3 sm:p-4">
      <legend className="px-1 text-sm font-medium">Advanced options</legend>
      <div className="grid grid-cols-2 gap-4">
        <FormField
          label="Meeting number"
          inputMode="numeric"
          error={errors.meetingNumber?.message}
          {...form.register('meetingNumber')}
        />
        <FormField
          label="Race number"
          inputMode="numeric"
          error={errors.raceNumber?.message}
          {...form.register('raceNumber')}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField
          label="Distance"
          placeholder="e.g. 1200m"
          maxLength={RACE_TEXT_MAX}
          error={errors.distance?.message}
          {...form.register('distance')}
        />
        <FormField
          label="Race type"
          placeholder="e.g. Maiden"
          maxLength={RACE_TEXT_MAX}
          error={errors.raceType?.message}
          {...form.register('raceType')}
        />
        <FormField
          label="Track condition"
          placeholder="e.g. Good 4"
          maxLength={RACE_TEXT_MAX}
          error={errors.trackCondition?.message}
          {...form.register('trackCondition')}
        />
      </div>
      <div className="grid gap-3">
        <p className="text-sm font-medium">Custom fields</p>
        {custom.fields.map((row, index) => (
          <div key={row.id} className="grid grid-cols-[1fr_1fr_auto] items-start gap-2">
            <FormField
              label={`Field ${index + 1} name`}
              error={errors.customFields?.[index]?.key?.message}
              {...form.register(`customFields.${index}.key`)}
            />
            <FormField
              label={`Field ${index + 1} value`}
              error={errors.customFields?.[index]?.value?.message}
              {...form.register(`customFields.${index}.value`)}
            />
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="mt-6"
              aria-label={`Remove field ${index + 1}`}
              onClick={() => custom.remove(index)}
            >
              <X aria-hidden="true" />
            </Button>
          </div>
        ))}
        {errors.customFields?.root?.message || errors.customFields?.message ? (
          <p className="text-sm font-medium text-destructive">
            {errors.customFields?.root?.message ?? errors.customFields?.message}
          </p>
        ) : null}
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() => custom.append({ key: '', value: '' }, { shouldFocus: true })}
        >
          <Plus aria-hidden="true" />
          Add custom field
        </Button>
      </div>
    </fieldset>
  );
}
