import { zodResolver } from '@hookform/resolvers/zod';
import { BANK_MESSAGES, type BankEntry, NOTE_MAX } from '@shared/bank';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
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
import { toast } from '@/components/ui/use-toast';
import { useSyndicateFormat } from '@/lib/format';
import { useIdempotencyKey } from '@/lib/idempotency-key';
import { useReverseEntry } from '../api/reverse-entry';
import { ENTRY_TYPE_LABELS } from '../lib/balance-history';
import { writeErrorMessage } from '../lib/form';
import { FormAlert } from './form-bits';

const schema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, BANK_MESSAGES.reasonRequired)
    .max(NOTE_MAX, `Reason must be at most ${NOTE_MAX} characters`),
});
type Values = z.infer<typeof schema>;

/** Reverse one entry: the ledger keeps it (struck through) and gains an entry that undoes it. */
export function ReverseDialog({
  entry,
  memberName,
  onOpenChange,
  focusAfterReverse,
}: {
  entry: BankEntry | null;
  memberName: string;
  onOpenChange: (open: boolean) => void;
  /**
   * Where focus goes once the dialog has closed after a reversal: the Reverse button it opened
   * from is gone by then (the entry shows "Reversed"), and focus would fall to <body>.
   */
  focusAfterReverse?: (entryId: number) => HTMLElement | null;
}) {
  const f = useSyndicateFormat();
  const write = useReverseEntry();
  const idempotency = useIdempotencyKey();
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { reason: '' } });
  const open = entry !== null;
  const reversedId = useRef<number | null>(null);

  useEffect(() => {
    if (open) {
      form.reset({ reason: '' });
      idempotency.reset();
      setRefusal(null);
    }
  }, [open, form, idempotency]);

  const onSubmit = form.handleSubmit(async (values) => {
    if (!entry) return;
    const body = { reason: values.reason };
    setRefusal(null);
    try {
      await write.mutateAsync({
        entryId: entry.id,
        body,
        idempotencyKey: idempotency.keyFor({ id: entry.id, ...body }),
      });
    } catch (error) {
      setRefusal(writeErrorMessage(error, 'Could not reverse the entry. Please try again.'));
      return;
    }
    toast({ title: 'Entry reversed' });
    reversedId.current = entry.id;
    onOpenChange(false);
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          const id = reversedId.current;
          reversedId.current = null;
          const target = id === null ? null : focusAfterReverse?.(id);
          if (!target) return;
          event.preventDefault();
          target.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Reverse entry</DialogTitle>
          <DialogDescription>
            {entry
              ? `${ENTRY_TYPE_LABELS[entry.type]} of ${f.money(entry.amount, { signed: true })} for ${memberName} on ${f.date(entry.date, 'MMM d, yyyy')}. `
              : ''}
            The entry stays in the ledger, struck through, and a reversal undoes it.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid grid-cols-1 gap-4" aria-label="Reverse entry">
          <FormField
            label="Reason"
            maxLength={NOTE_MAX}
            error={form.formState.errors.reason?.message}
            {...form.register('reason')}
          />
          <FormAlert message={refusal} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={write.isPending}>
              {write.isPending ? 'Reversing...' : 'Reverse'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
