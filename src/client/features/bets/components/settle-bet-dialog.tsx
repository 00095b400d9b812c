import type { Bet } from '@shared/bet';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
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
import { InlineAlert } from '@/components/ui/inline-alert';
import { RadioTiles } from '@/components/ui/radio-group';
import { toast } from '@/components/ui/use-toast';
import { useSettleBet } from '@/features/bets/api/settle-bet';
import { useRace } from '@/features/races/api/get-race';
import { describeTerms, raceTerms } from '@/features/races/lib/race-terms';
import { readApiErrorBody } from '@/lib/api';
import { useSyndicateFormat } from '@/lib/format';
import { betTypeLabel } from '../lib/bet-form';
import {
  outcomeOptions,
  readSettleForm,
  type SettleField,
  type SettleFormValues,
  type SettleReading,
  settleFields,
  settleFormDefaults,
} from '../lib/settle-form';
import { partLine } from '../lib/settlement-text';
import { formatOdds, StatusBadge } from './bet-cells';

const FIELDS: { key: SettleField; label: string; hint?: string; decimal?: boolean }[] = [
  { key: 'position', label: 'Finishing position (optional)', hint: '1 = won' },
  { key: 'deadHeat', label: 'Dead heat (horses)', hint: 'How many tied at that position' },
  { key: 'dividend', label: 'Win dividend', hint: 'Declared, per 1 unit', decimal: true },
  { key: 'placeDividend', label: 'Place dividend', hint: 'Declared, per 1 unit', decimal: true },
  { key: 'rule4', label: 'Rule 4 (cents in the dollar)', hint: '5–90, off the winnings' },
];

/**
 * Settle a bet when Win / Loss is not enough: each-way (placed), place, tote dividends, dead heats,
 * non-runners and Rule 4. The preview is shared/settlement.ts's settleBet — the rule the server
 * applies — so what it shows is what Save stores. Admins may re-settle a settled bet or take it back
 * to pending.
 */
export function SettleBetDialog({
  bet,
  open,
  onOpenChange,
  canUnsettle,
}: {
  bet: Bet | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** An admin: may re-settle a settled bet or set it back to pending. */
  canUnsettle: boolean;
}) {
  const f = useSyndicateFormat();
  const settle = useSettleBet();
  const race = useRace(open ? (bet?.raceId ?? null) : null).data ?? null;
  const fallbackTerms = useMemo(() => raceTerms(race), [race]);
  const [values, setValues] = useState<SettleFormValues | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);

  // Start from the bet each time the dialog opens.
  useEffect(() => {
    if (open && bet) {
      setValues(settleFormDefaults(bet));
      setServerError(null);
    }
  }, [open, bet]);

  const reading: SettleReading | null = bet && values ? readSettleForm(bet, values, fallbackTerms) : null;
  const shown = bet && values ? settleFields(bet, values.outcome) : null;
  const errors = reading?.kind === 'invalid' ? reading.errors : {};
  const canSave = reading?.kind === 'ready' && (reading.outcome === null || reading.outcome.ok);

  const set = (key: keyof SettleFormValues, value: string) => {
    setValues((v) => (v ? { ...v, [key]: value } : v));
    setServerError(null);
  };

  const onSave = async () => {
    if (!bet || reading?.kind !== 'ready' || !canSave) return;
    try {
      await settle.mutateAsync({ id: bet.id, ...reading.request });
    } catch (error) {
      setServerError(readApiErrorBody(error)?.message ?? 'Failed to settle bet. Please try again.');
      return;
    }
    toast({ title: reading.request.status === 'pending' ? 'Bet set back to pending' : 'Bet settled' });
    onOpenChange(false);
  };

  const terms = bet && bet.betType !== 'win' ? (bet.placeTerms ?? fallbackTerms) : null;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Settle Bet</DialogTitle>
          <DialogDescription>
            {bet
              ? `${bet.horseName} · ${betTypeLabel(bet.betType)}${bet.oddsType === 'tote' ? ' (tote)' : ''} · ${f.money(bet.amount)} at ${formatOdds(bet.odds)} · ${bet.member.name}`
              : 'How did the bet end?'}
          </DialogDescription>
        </DialogHeader>
        {bet && values && shown ? (
          <form
            noValidate
            aria-label="Settle Bet"
            className="grid gap-4"
            onSubmit={(e) => {
              e.preventDefault();
              void onSave();
            }}
          >
            {terms ? (
              <p className="text-sm text-muted-foreground">
                Terms: {describeTerms(terms)}
                {bet.placeTerms ? '' : ' (the race’s default)'}
                {bet.placeOdds !== null ? ` · fixed place odds ${formatOdds(bet.placeOdds)}` : ''}
              </p>
            ) : null}
            <RadioTiles
              label="Outcome"
              options={outcomeOptions(bet, canUnsettle)}
              value={values.outcome}
              onValueChange={(v) => set('outcome', v)}
            />
            {FIELDS.some((field) => shown[field.key]) ? (
              <div className="grid grid-cols-2 items-start gap-x-3 gap-y-4">
                {FIELDS.filter((field) => shown[field.key]).map((field) => (
                  <FormField
                    key={field.key}
                    label={field.label}
                    hint={field.hint}
                    inputMode={field.decimal ? 'decimal' : 'numeric'}
                    value={values[field.key]}
                    onChange={(e) => set(field.key, e.target.value)}
                    error={errors[field.key]}
                  />
                ))}
              </div>
            ) : null}
            <SettlePreview bet={bet} reading={reading} />
            {serverError ? <InlineAlert>{serverError}</InlineAlert> : null}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={!canSave || settle.isPending}>
                {settle.isPending ? 'Saving...' : 'Save'}
              </Button>
            </DialogFooter>
          </form>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** The live preview: the status, return and result the rules give, or why they cannot. */
function SettlePreview({ bet, reading }: { bet: Bet; reading: SettleReading | null }) {
  const f = useSyndicateFormat();
  const money = (d: number) => f.money(d);
  let body: ReactNode;
  if (!reading || reading.kind === 'incomplete') {
    body = <p className="text-muted-foreground">Choose how the bet ended to see its return.</p>;
  } else if (reading.kind === 'invalid') {
    body = <p className="text-muted-foreground">Fix the fields above to see the return.</p>;
  } else if (reading.outcome === null) {
    body = <p>The bet goes back to pending; its result is cleared.</p>;
  } else if (!reading.outcome.ok) {
    body = (
      <p className="font-medium text-destructive" data-testid="settle-rule-message">
        {reading.outcome.message}
      </p>
    );
  } else {
    const s = reading.outcome.settlement;
    const result = s.result / 100;
    const halves = bet.betType === 'each-way';
    body = (
      <div className="grid gap-2">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
          <StatusBadge status={s.status} />
          <span>
            Returns <strong className="tabular-nums">{money(s.returned / 100)}</strong>
          </span>
          <span>
            Result{' '}
            <strong
              className={
                result > 0
                  ? 'text-[#15803d] tabular-nums'
                  : result < 0
                    ? 'text-destructive tabular-nums'
                    : 'tabular-nums'
              }
            >
              {f.money(result, { signed: true })}
            </strong>
          </span>
        </div>
        {s.parts.length > 0 ? (
          <ul className="grid gap-0.5 text-xs text-muted-foreground">
            {s.parts.map((p) => (
              <li key={p.part}>{partLine(p, halves, money)}</li>
            ))}
          </ul>
        ) : (
          <p className="text-xs text-muted-foreground">Non-runner: the stake comes back.</p>
        )}
        {s.rule4Applied ? (
          <p className="text-xs text-muted-foreground">Rule 4 taken off the winnings.</p>
        ) : null}
      </div>
    );
  }
  return (
    <section
      aria-label="Preview"
      aria-live="polite"
      className="rounded-md border border-border bg-muted/40 p-3 text-sm"
      data-testid="settle-preview"
    >
      {body}
    </section>
  );
}
