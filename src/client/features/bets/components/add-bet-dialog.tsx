import { zodResolver } from '@hookform/resolvers/zod';
import type { Runner } from '@shared/race-result';
import { useEffect } from 'react';
import { type FieldErrors, type UseFormReturn, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { useCreateBet } from '@/features/bets/api/create-bet';
import { useMyMember } from '@/features/members/api/get-my-member';
import { useCreateRace } from '@/features/races/api/create-race';
import { useRace } from '@/features/races/api/get-race';
import { knowsFieldSize, type raceTerms } from '@/features/races/lib/race-terms';
import { useSettings } from '@/features/settings/api/get-settings';
import { ApiError, readApiErrorBody } from '@/lib/api';
import { useSyndicateFormat } from '@/lib/format';
import { useIdempotencyKey } from '@/lib/idempotency-key';
import {
  type AddBetFormValues,
  addBetDefaults,
  addBetFormSchema,
  betPayload,
  betTypesOf,
  customRacePayload,
  partTypes,
  SELECT_RACE_MESSAGE,
} from '../lib/add-bet-form';
import { betTypeLabel } from '../lib/bet-form';
import { runnerFields } from '../lib/runner-pick';
import { useBetActor } from '../lib/use-bet-actor';
import { AddBetAdvanced, BetCoreFields, type LockedMember, MemberField } from './add-bet-fields';
import { PlaceTermsFields, usePlaceTermsFieldProps } from './place-terms-fields';
import { RaceChoiceFields } from './race-choice-fields';
import { RunnerSelect } from './runner-select';
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
  const idempotency = useIdempotencyKey();
  useEffect(() => {
    if (open) {
      reset(addBetDefaults(defaultAmount, ownMemberId));
      idempotency.reset();
    }
  }, [open, defaultAmount, ownMemberId, reset, idempotency]);
  const changeOpen = (next: boolean) => {
    if (!next) reset(addBetDefaults(defaultAmount, ownMemberId));
    onOpenChange(next);
  };

  // The chosen race's detail: its runners (to pick the horse from) and its default place terms.
  const [customRace, raceIdText] = form.watch(['customRace', 'raceId']);
  const chosenRaceId = !customRace && raceIdText ? Number(raceIdText) : null;
  const race = useRace(chosenRaceId).data ?? null;
  const raceKnown = knowsFieldSize(race);

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
      // A custom race is new and knows no field size; an existing one may (its terms are then sent).
      // A retry of the same values sends the same request (its date the first try's) under the same
      // Idempotency-Key: a first try that was added but whose answer was lost is not added twice.
      const { key, at } = idempotency.attempt({ values, raceId });
      const input = betPayload(values, raceId, at, !values.customRace && raceKnown);
      await createBet.mutateAsync({ input, idempotencyKey: key });
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
          {race?.runners?.length ? <RunnerPick form={form} runners={race.runners} /> : null}
          <BetCoreFields form={form} />
          <SecondBetFields form={form} />
          <AddBetTerms form={form} race={race} />
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

/** Picking a runner fills the horse and the advanced options (shown, so they are sent). */
function RunnerPick({ form, runners }: { form: UseFormReturn<AddBetFormValues>; runners: Runner[] }) {
  const [horseName, horseNumber] = form.watch(['horseName', 'horseNumber']);
  return (
    <RunnerSelect
      runners={runners}
      horseName={horseName}
      horseNumber={horseNumber}
      onPick={(runner) => {
        for (const [key, value] of Object.entries(runnerFields(runner)))
          form.setValue(key as keyof ReturnType<typeof runnerFields>, value, { shouldValidate: false });
        form.setValue('showAdvanced', true);
        form.clearErrors('horseName');
      }}
    />
  );
}

/** The each-way / place terms of the bet, following the chosen race's default until edited. */
function AddBetTerms({
  form,
  race,
}: {
  form: UseFormReturn<AddBetFormValues>;
  race: Parameters<typeof raceTerms>[0];
}) {
  const terms = usePlaceTermsFieldProps(form, race);
  const [betType, secondBetType] = form.watch(['betType', 'secondBetType']);
  return <PlaceTermsFields types={partTypes({ betType, secondBetType })} {...terms} />;
}
