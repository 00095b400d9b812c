import { useId, useMemo } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select';
import { useMembers } from '@/features/members/api/get-members';
import type { AddBetFormValues } from '../lib/add-bet-form';
import { BET_TYPE_OPTIONS, ODDS_TYPE_OPTIONS } from '../lib/bet-form';
import { AdvancedFields, AdvancedToggle } from './advanced-fields';
import { useEachWayHint } from './place-terms-fields';

type Form = { form: UseFormReturn<AddBetFormValues> };

/** The caller's own member, when the select is locked to it (a member adds bets only as themselves). */
export interface LockedMember {
  id: number;
  name: string;
}

/**
 * The member the bet is placed under: an admin picks any active member; for a member the select
 * shows their own member, disabled, with a hint saying why (the server refuses anyone else).
 */
export function MemberField({ form, lockedTo }: Form & { lockedTo?: LockedMember | null | undefined }) {
  const { data: members, isPending, fetchStatus } = useMembers();
  // Offline with no members kept on this device, the read waits for a connection: say so, rather
  // than "Loading..." for ever.
  const waiting = fetchStatus === 'paused' ? 'Members need a connection' : 'Loading members...';
  const options = useMemo(
    () =>
      lockedTo
        ? [{ value: String(lockedTo.id), label: lockedTo.name }]
        : (members ?? []).filter((m) => m.isActive).map((m) => ({ value: String(m.id), label: m.name })),
    [members, lockedTo],
  );
  return (
    <Controller
      control={form.control}
      name="memberId"
      render={({ field, fieldState }) => (
        <SelectField
          label="Member"
          placeholder={isPending && !lockedTo ? waiting : 'Select a member'}
          options={options}
          value={field.value}
          onValueChange={field.onChange}
          disabled={Boolean(lockedTo)}
          // Locked, yet its value is information: full-contrast text on a muted field, not faded.
          triggerClassName={lockedTo ? 'bg-muted! disabled:opacity-100!' : undefined}
          hint={lockedTo ? 'Members add bets under their own name.' : undefined}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/** The values BetCoreFields draws: the same fields, types and messages in Add Bet and Edit Bet. */
type CoreValues = Pick<AddBetFormValues, 'horseName' | 'betType' | 'oddsType' | 'odds' | 'amount'>;

/** Horse name, bet type, odds type, odds and amount of the (first) bet, in Add Bet and Edit Bet. */
export function BetCoreFields<T extends CoreValues>({ form }: { form: UseFormReturn<T> }) {
  // A form's type is invariant in its values; these five fields are the same in both forms.
  const { register, control, formState, watch } = form as unknown as UseFormReturn<CoreValues>;
  const { errors } = formState;
  const [betType, amount] = watch(['betType', 'amount']);
  const split = useEachWayHint(betType, amount);
  return (
    <div className="grid grid-cols-2 items-start gap-x-3 gap-y-4">
      <div className="col-span-2">
        <FormField
          label="Horse Name"
          placeholder="e.g. Winx"
          aria-required="true"
          error={errors.horseName?.message}
          {...register('horseName')}
        />
      </div>
      <Controller
        control={control}
        name="betType"
        render={({ field }) => (
          <SelectField
            label="Bet Type"
            options={BET_TYPE_OPTIONS}
            value={field.value}
            onValueChange={field.onChange}
          />
        )}
      />
      <Controller
        control={control}
        name="oddsType"
        render={({ field }) => (
          <SelectField
            label="Odds Type"
            options={ODDS_TYPE_OPTIONS}
            value={field.value}
            onValueChange={field.onChange}
          />
        )}
      />
      <FormField
        label="Odds"
        inputMode="decimal"
        placeholder="e.g. 3.50"
        aria-required="true"
        error={errors.odds?.message}
        {...register('odds')}
      />
      <FormField
        label="Amount"
        inputMode="decimal"
        placeholder="e.g. 20"
        aria-required="true"
        hint={split}
        error={errors.amount?.message}
        {...register('amount')}
      />
    </div>
  );
}

/** The Show/Hide button and the advanced options (sent only while shown and filled). */
export function AddBetAdvanced({ form }: Form) {
  const panelId = useId();
  const shown = form.watch('showAdvanced');
  const { errors } = form.formState;
  return (
    <div className="grid gap-3">
      <AdvancedToggle
        shown={shown}
        controls={panelId}
        onToggle={() => form.setValue('showAdvanced', !shown)}
      />
      {shown ? <AdvancedFields id={panelId} field={(key) => form.register(key)} errors={errors} /> : null}
    </div>
  );
}
