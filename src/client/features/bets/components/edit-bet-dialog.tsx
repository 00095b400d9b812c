import { zodResolver } from '@hookform/resolvers/zod';
import type { Bet } from '@shared/bet';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { useUpdateBet } from '@/features/bets/api/update-bet';
import { useRace } from '@/features/races/api/get-race';
import { knowsFieldSize } from '@/features/races/lib/race-terms';
import { ADVANCED_KEYS, advancedFromBet, hasAdvanced } from '../lib/bet-form';
import {
  type EditBetFormValues,
  editBetDefaults,
  editBetFormSchema,
  editBetPayload,
} from '../lib/edit-bet-form';
import { runnerFields } from '../lib/runner-pick';
import { BetCoreFields } from './add-bet-fields';
import { AdvancedFields, AdvancedToggle } from './advanced-fields';
import { PlaceTermsFields, usePlaceTermsFieldProps } from './place-terms-fields';
import { RunnerSelect } from './runner-select';

/**
 * Edit Bet (spec §2, §5): horse name, bet type, odds, amount, odds type and the advanced options.
 * The advanced panel opens by itself when the bet has any advanced value.
 */
export function EditBetDialog({
  bet,
  open,
  onOpenChange,
}: {
  bet: Bet | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const update = useUpdateBet();
  const panelId = useId();
  const [showAdvanced, setShowAdvanced] = useState(false);
  const form = useForm<EditBetFormValues>({
    resolver: zodResolver(editBetFormSchema),
    defaultValues: editBetDefaults(bet),
  });
  const { reset, register, formState, watch, setValue } = form;
  const { errors } = formState;
  // The bet's race: its runners to pick from and its default terms (for a bet that stores none).
  const race = useRace(open ? (bet?.raceId ?? null) : null).data ?? null;

  // Load the bet when the dialog opens (and reset on close).
  useEffect(() => {
    if (!open) return;
    reset(editBetDefaults(bet));
    setShowAdvanced(bet ? hasAdvanced(advancedFromBet(bet)) : false);
  }, [open, bet, reset]);

  const [betType, horseName, horseNumber] = watch(['betType', 'horseName', 'horseNumber']);
  const terms = usePlaceTermsFieldProps(form, race);

  const onSubmit = form.handleSubmit(
    async (values) => {
      if (!bet) return;
      try {
        await update.mutateAsync({ id: bet.id, data: editBetPayload(bet, values, knowsFieldSize(race)) });
      } catch {
        toast({
          title: 'Error',
          description: 'Failed to update bet. Please try again.',
          variant: 'destructive',
        });
        return;
      }
      toast({ title: 'Bet updated' });
      onOpenChange(false);
    },
    // A failing advanced field must be visible to be fixed.
    (invalid) => {
      if (ADVANCED_KEYS.some((k) => invalid[k])) setShowAdvanced(true);
    },
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Edit Bet</DialogTitle>
          <DialogDescription>
            {bet ? `${bet.member.name}${bet.race ? ` · ${bet.race.name}` : ''}` : 'Change the bet’s details.'}
          </DialogDescription>
        </DialogHeader>
        <form noValidate aria-label="Edit Bet" className="grid gap-5" onSubmit={onSubmit}>
          {race?.runners?.length ? (
            <RunnerSelect
              runners={race.runners}
              horseName={horseName}
              horseNumber={horseNumber}
              onPick={(runner) => {
                for (const [key, value] of Object.entries(runnerFields(runner)))
                  setValue(key as keyof ReturnType<typeof runnerFields>, value);
                setShowAdvanced(true);
                form.clearErrors('horseName');
              }}
            />
          ) : null}
          <BetCoreFields form={form} />
          <PlaceTermsFields types={[betType]} {...terms} />
          <div className="grid gap-3">
            <AdvancedToggle
              shown={showAdvanced}
              controls={panelId}
              onToggle={() => setShowAdvanced((s) => !s)}
            />
            {showAdvanced ? (
              <AdvancedFields id={panelId} field={(key) => register(key)} errors={errors} />
            ) : null}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={formState.isSubmitting || !bet}>
              {formState.isSubmitting ? 'Saving...' : 'Save Changes'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
