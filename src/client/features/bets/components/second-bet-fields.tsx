import { Plus, X } from 'lucide-react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select';
import type { AddBetFormValues } from '../lib/add-bet-form';
import { BET_TYPE_OPTIONS } from '../lib/bet-form';
import { useEachWayHint } from './place-terms-fields';

/**
 * The optional second bet: absent at first; 'Add Second Bet' sets its type to place; Remove resets it
 * to none and clears its odds and amount (spec §4). Empty odds or amount fall back to the first bet's.
 */
export function SecondBetFields({ form }: { form: UseFormReturn<AddBetFormValues> }) {
  const { register, control, watch, setValue, clearErrors, formState } = form;
  const { errors } = formState;
  const type = watch('secondBetType');
  const [firstOdds, firstAmount, secondAmount] = watch(['odds', 'amount', 'secondAmount']);
  // An empty second amount is the first bet's (spec §5), so its halves are the first amount's.
  const split = useEachWayHint(type === 'none' ? 'win' : type, secondAmount.trim() || firstAmount);

  if (type === 'none') {
    return (
      <Button
        type="button"
        variant="outline"
        className="justify-self-start"
        onClick={() => setValue('secondBetType', 'place')}
      >
        <Plus aria-hidden="true" />
        Add Second Bet
      </Button>
    );
  }

  const remove = () => {
    setValue('secondBetType', 'none');
    setValue('secondOdds', '');
    setValue('secondAmount', '');
    clearErrors(['secondBetType', 'secondOdds', 'secondAmount']);
  };

  return (
    <fieldset className="grid gap-4 rounded-md border border-border p-3">
      <legend className="sr-only">Second Bet</legend>
      <div className="flex items-center justify-between gap-2">
        <p aria-hidden="true" className="text-sm font-semibold">
          Second Bet
        </p>
        <Button type="button" variant="ghost" size="sm" onClick={remove}>
          <X aria-hidden="true" />
          Remove
        </Button>
      </div>
      <Controller
        control={control}
        name="secondBetType"
        render={({ field }) => (
          <SelectField
            label="Second Bet Type"
            options={BET_TYPE_OPTIONS}
            value={field.value}
            onValueChange={field.onChange}
            error={errors.secondBetType?.message}
          />
        )}
      />
      <div className="grid grid-cols-2 items-start gap-x-3 gap-y-4">
        <FormField
          label="Second Bet Odds"
          inputMode="decimal"
          placeholder={firstOdds || 'e.g. 1.80'}
          error={errors.secondOdds?.message}
          {...register('secondOdds')}
        />
        <FormField
          label="Second Bet Amount"
          inputMode="decimal"
          placeholder={firstAmount || 'e.g. 20'}
          hint={split}
          error={errors.secondAmount?.message}
          {...register('secondAmount')}
        />
      </div>
      <p className="text-xs text-muted-foreground">Leave odds or amount empty to use the first bet’s.</p>
    </fieldset>
  );
}
