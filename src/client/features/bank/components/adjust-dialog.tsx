import { zodResolver } from '@hookform/resolvers/zod';
import { BANK_MESSAGES, type BankMember, NOTE_MAX, type ShareBasis } from '@shared/bank';
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
import { useRecordAdjustment } from '../api/record-adjustment';
import { amountField, EVERYONE, writeErrorMessage } from '../lib/form';
import { FormAlert, memberOptions } from './form-bits';

const schema = z.object({
  memberId: z.string(),
  amount: amountField(true),
  date: z.string().min(1, 'Date is required'),
  note: z.string().trim().min(1, BANK_MESSAGES.noteRequired).max(NOTE_MAX, BANK_MESSAGES.noteMax),
});
type Values = z.infer<typeof schema>;

/** Adjust: a signed amount with a required note, for one member or split among everyone by the share basis. */
export function AdjustDialog({
  open,
  onOpenChange,
  members,
  shareBasis,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  members: readonly BankMember[];
  shareBasis: ShareBasis;
}) {
  const f = useSyndicateFormat();
  const write = useRecordAdjustment();
  const idempotency = useIdempotencyKey();
  const [refusal, setRefusal] = useState<string | null>(null);
  const empty = useMemo<Values>(
    () => ({ memberId: EVERYONE, amount: '', date: f.todayKey(), note: '' }),
    [f],
  );
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: empty });
  const { errors } = form.formState;

  useEffect(() => {
    if (open) {
      form.reset(empty);
      idempotency.reset();
      setRefusal(null);
    }
  }, [open, form, empty, idempotency]);

  const options = useMemo(
    () => [
      {
        value: EVERYONE,
        label: `Everyone (${shareBasis === 'capital' ? 'by capital' : 'equal shares'})`,
      },
      ...memberOptions(members),
    ],
    [members, shareBasis],
  );

  const onSubmit = form.handleSubmit(async (values) => {
    const body = {
      amount: Number(values.amount),
      note: values.note,
      date: values.date,
      ...(values.memberId === EVERYONE ? {} : { memberId: Number(values.memberId) }),
    };
    setRefusal(null);
    try {
      await write.mutateAsync({ body, idempotencyKey: idempotency.keyFor(body) });
    } catch (error) {
      setRefusal(writeErrorMessage(error, 'Could not save the adjustment. Please try again.'));
      return;
    }
    toast({ title: 'Adjustment recorded', description: f.money(body.amount, { signed: true }) });
    onOpenChange(false);
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Adjust</DialogTitle>
          <DialogDescription>
            A fee or a correction: negative takes money out, positive adds it. Without a member it is split
            among everyone by the share basis.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid grid-cols-1 gap-4" aria-label="Adjust">
          <Controller
            control={form.control}
            name="memberId"
            render={({ field }) => (
              <SelectField
                label="Member (optional)"
                options={options}
                value={field.value}
                onValueChange={field.onChange}
              />
            )}
          />
          <FormField
            label={`Amount (${f.currency.toUpperCase()})`}
            inputMode="text"
            autoComplete="off"
            placeholder="e.g. -12.50"
            hint="Negative for a fee or a charge."
            error={errors.amount?.message}
            {...form.register('amount')}
          />
          <FormField label="Date" type="date" error={errors.date?.message} {...form.register('date')} />
          <FormField
            label="Note"
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
              {write.isPending ? 'Saving...' : 'Record adjustment'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
