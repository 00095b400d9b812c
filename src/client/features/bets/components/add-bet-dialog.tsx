import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { useCreateBet } from '@/features/bets/api/create-bet';
import { useMyMember } from '@/features/members/api/get-my-member';
import { useCreateRace } from '@/features/races/api/create-race';
import { useSettings } from '@/features/settings/api/get-settings';
import { ApiError, readApiErrorBody } from '@/lib/api';
import { useSyndicateFormat } from '@/lib/format';
import {
  type AddBetFormValues,
  addBetDefaults,
  addBetFormSchema,
  betPayload,
  betTypesOf,
  customRacePayload,
  SELECT_RACE_MESSAGE,
} from '../lib/add-bet-form';
import { betTypeLabel } from '../lib/bet-form';
import { useBetActor } from '../lib/use-bet-actor';
import { AddBetAdvanced, BetCoreFields, type LockedMember, MemberField } from './add-bet-fields';
import { RaceChoiceFields } from './race-choice-fields';
import { SecondBetFields } from './second-bet-fields';

/** A custom race's time of day when only its date is given (the spec's default race time, §9). */
const CUSTOM_RACE_TIME = '13:00';

/** 'Failed to create race: {status} {text}' (spec §8), the text being the server's message. */
function raceErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const text = readApiErrorBody(error)?.message ?? error.bodyText;
    return `Failed to create race: ${error.status} ${text}`.trim();
  }
  return error instanceof Error ? error.message : 'Failed to create race';
}

/**
 * The Add Bet dialog (spec §2, §5, §7): member, race (custom or existing), horse, bet type, odds,
 * amount, odds type, an optional second bet and advanced options. A custom race is created first;
 * the bet is sent only if that succeeds. The form resets whenever the dialog opens or closes.
 */
export function AddBetDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { data: settings } = useSettings();
  const defaultAmount = settings?.defaultBetAmount;
  const { data: me } = useMyMember();
  const actor = useBetActor();
  // A member adds bets under their own member only (the server answers 403 otherwise): preselect
  // it and lock the select. An admin picks anyone.
  const locked: LockedMember | null = actor?.role === 'member' && me ? { id: me.id, name: me.name } : null;
  const ownMemberId = locked ? String(locked.id) : '';
  const f = useSyndicateFormat();
  const createRace = useCreateRace();
  const createBet = useCreateBet();
  const form = useForm<AddBetFormValues>({
    resolver: zodResolver(addBetFormSchema),
    defaultValues: addBetDefaults(defaultAmount, ownMemberId),
  });
  const { reset } = form;

  // Reset on open (the amount starts at the syndicate's default bet amount) and on close (spec §4).
  useEffect(() => {
    if (open) reset(addBetDefaults(defaultAmount, ownMemberId));
  }, [open, defaultAmount, ownMemberId, reset]);
  const changeOpen = (next: boolean) => {
    if (!next) reset(addBetDefaults(defaultAmount, ownMemberId));
    onOpenChange(next);
  };

  const onValid = async (values: AddBetFormValues) => {
    let raceId: number;
    if (values.customRace) {
      try {
        const race = await createRace.mutateAsync(
          customRacePayload(values, (day) => f.zonedIso(day, CUSTOM_RACE_TIME)),
        );
        raceId = race.id;
      } catch (error) {
        toast({ title: 'Error creating race', description: raceErrorMessage(error), variant: 'destructive' });
        return;
      }
    } else {
      raceId = Number(values.raceId);
    }
    try {
      await createBet.mutateAsync(betPayload(values, raceId));
    } catch {
      toast({
        title: 'Error',
        description: 'Failed to create bet. Please try again.',
        variant: 'destructive',
      });
      return;
    }
    const types = betTypesOf(values);
    toast(
      types
        ? {
            title: 'Bets created',
            description: `${betTypeLabel(types[0])} + ${betTypeLabel(types[1])} bets created successfully (2 bets)`,
          }
        : { title: 'Bet created' },
    );
    changeOpen(false);
  };

  const onInvalid = (errors: FieldErrors<AddBetFormValues>) => {
    if (errors.raceId) toast({ title: SELECT_RACE_MESSAGE, variant: 'destructive' });
  };

  const pending = form.formState.isSubmitting;

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent aria-describedby={undefined} className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Add New Bet</DialogTitle>
        </DialogHeader>
        <form
          noValidate
          aria-label="Add New Bet"
          className="grid gap-5"
          onSubmit={form.handleSubmit(onValid, onInvalid)}
        >
          <MemberField form={form} lockedTo={locked} />
          <RaceChoiceFields form={form} />
          <BetCoreFields form={form} />
          <SecondBetFields form={form} />
          <AddBetAdvanced form={form} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => changeOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? 'Adding...' : 'Add Bet'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
