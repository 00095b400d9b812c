import { zodResolver } from '@hookform/resolvers/zod';
import { type BankMember, NOTE_MAX } from '@shared/bank';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
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
import { SelectField } from '@/components/ui/select';
import { toast } from '@/components/ui/use-toast';
import { useSyndicateFormat } from '@/lib/format';
import { useIdempotencyKey } from '@/lib/idempotency-key';
import { useRecordContribution } from '../api/record-contribution';
import { useRecordPayout } from '../api/record-payout';
import { amountField, writeErrorMessage } from '../lib/form';
import { FormAlert, memberOptions } from './form-bits';

const schema = z.object({
  memberId: z.string().min(1, 'Please select a member'),
  amount: amountField(false),
  date: z.string().min(1, 'Date is required'),
  note: z.string().trim().max(NOTE_MAX, `Note must be at most ${NOTE_MAX} characters`),
});
type Values = z.infer<typeof schema>;

const TEXT = {
  contribution: {
    title: 'Record payment',
    description: 'Money a member paid into the bank.',
    submit: 'Record payment',
    busy: 'Recording...',
    done: 'Payment recorded',
  },
  payout: {
    title: 'Pay out',
    description: 'Money paid from the bank to a member, at most their balance and the available cash.',
    submit: 'Pay out',
    busy: 'Paying out...',
    done: 'Payout recorded',
  },
} as const;

/** Record payment (a contribution) or Pay out: member, amount, date (today) and an optional note. */
export function MoneyDialog({
  kind,
  open,
  onOpenChange,
  members,
}: {
  kind: 'contribution' | 'payout';
  open: boolean;
  onOpenChange: (open: boolean) => void;
  members: readonly BankMember[];
}) {
  const text = TEXT[kind];
  const f = useSyndicateFormat();
  const contribution = useRecordContribution();
  const payout = useRecordPayout();
  const write = kind === 'contribution' ? contribution : payout;
  const idempotency = useIdempotencyKey();
  const [refusal, setRefusal] = useState<string | null>(null);
  const empty = useMemo<Values>(() => ({ memberId: '', amount: '', date: f.todayKey(), note: '' }), [f]);
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: empty });
  const { errors } = form.formState;

  useEffect(() => {
    if (open) {
      form.reset(empty);
      idempotency.reset();
      setRefusal(null);
    }
  }, [open, form, empty, idempotency]);

  const onSubmit = form.handleSubmit(async (values) => {
    const body = {
      memberId: Number(values.memberId),
      amount: Number(values.amount),
      date: values.date,
      ...(values.note ? { note: values.note } : {}),
    };
    setRefusal(null);
    try {
      await write.mutateAsync({ body, idempotencyKey: idempotency.keyFor(body) });
    } catch (error) {
      setRefusal(writeErrorMessage(error, 'Could not save. Please try again.'));
      return;
    }
    const name = members.find((m) => m.memberId === body.memberId)?.name ?? 'the member';
    toast({
      title: text.done,
      description: `${f.money(body.amount)} ${kind === 'contribution' ? 'from' : 'to'} ${name}`,
    });
    onOpenChange(false);
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{text.title}</DialogTitle>
          <DialogDescription>{text.description}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid grid-cols-1 gap-4" aria-label={text.title}>
          <Controller
            control={form.control}
            name="memberId"
            render={({ field }) => (
              <SelectField
                label="Member"
                placeholder="Select a member"
                options={memberOptions(members)}
                value={field.value}
                onValueChange={field.onChange}
                error={errors.memberId?.message}
              />
            )}
          />
          <FormField
            label={`Amount (${f.currency.toUpperCase()})`}
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            error={errors.amount?.message}
            {...form.register('amount')}
          />
          <FormField label="Date" type="date" error={errors.date?.message} {...form.register('date')} />
          <FormField
            label="Note (optional)"
            maxLength={NOTE_MAX}
            error={errors.note?.message}
            {...form.register('note')}
          />
          <FormAlert message={refusal} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={write.isPending}>
              {write.isPending ? text.busy : text.submit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
