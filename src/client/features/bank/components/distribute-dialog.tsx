import { zodResolver } from '@hookform/resolvers/zod';
import type { DistributionInput, DistributionPreview } from '@shared/bank';
import { useEffect, useMemo, useState } from 'react';
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
import { Table, TBody, Td, THead, Th, Tr } from '@/components/ui/table';
import { toast } from '@/components/ui/use-toast';
import { useSyndicateFormat } from '@/lib/format';
import { useIdempotencyKey } from '@/lib/idempotency-key';
import { useDistribute, usePreviewDistribution } from '../api/distribute';
import { amountField, writeErrorMessage } from '../lib/form';
import { FormAlert } from './form-bits';

const schema = z.object({
  amount: z.union([z.literal(''), amountField(false)]),
  date: z.string().min(1, 'Date is required'),
});
type Values = z.infer<typeof schema>;

/**
 * Distribute: a dry run first shows who gets what (in proportion to their balances); the admin
 * then confirms, and exactly that total is paid out among exactly those members.
 */
export function DistributeDialog({
  open,
  onOpenChange,
  available,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  available: number;
}) {
  const f = useSyndicateFormat();
  const preview = usePreviewDistribution();
  const pay = useDistribute();
  const idempotency = useIdempotencyKey();
  const [shown, setShown] = useState<{ preview: DistributionPreview; date: string } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const empty = useMemo<Values>(() => ({ amount: '', date: f.todayKey() }), [f]);
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: empty });
  const { errors } = form.formState;

  useEffect(() => {
    if (open) {
      form.reset(empty);
      idempotency.reset();
      setShown(null);
      setRefusal(null);
    }
  }, [open, form, empty, idempotency]);

  const onPreview = form.handleSubmit(async (values) => {
    const body: DistributionInput = {
      dryRun: true,
      date: values.date,
      ...(values.amount ? { amount: Number(values.amount) } : {}),
    };
    setRefusal(null);
    try {
      const answer = await preview.mutateAsync({ body, idempotencyKey: idempotency.keyFor(body) });
      setShown({ preview: answer, date: values.date });
    } catch (error) {
      setRefusal(writeErrorMessage(error, 'Could not preview the distribution. Please try again.'));
    }
  });

  const onConfirm = async () => {
    if (!shown) return;
    const body: DistributionInput = {
      amount: shown.preview.total,
      memberIds: shown.preview.payouts.map((p) => p.memberId),
      date: shown.date,
    };
    setRefusal(null);
    try {
      await pay.mutateAsync({ body, idempotencyKey: idempotency.keyFor(body) });
    } catch (error) {
      setRefusal(writeErrorMessage(error, 'Could not pay the distribution. Please try again.'));
      return;
    }
    toast({
      title: 'Distribution paid',
      description: `${f.money(shown.preview.total)} among ${shown.preview.payouts.length} members`,
    });
    onOpenChange(false);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Distribute</DialogTitle>
          <DialogDescription>
            Pay money out of the bank to every member with a positive balance, in proportion to their
            balances. Available now: {f.money(available)}.
          </DialogDescription>
        </DialogHeader>
        {shown ? (
          <div className="grid grid-cols-1 gap-4">
            <Table label="Distribution preview">
              <THead>
                <Tr>
                  <Th>Member</Th>
                  <Th className="text-right">Payout</Th>
                </Tr>
              </THead>
              <TBody>
                {shown.preview.payouts.map((p) => (
                  <Tr key={p.memberId} data-testid="distribution-row">
                    <Td>{p.name}</Td>
                    <Td className="text-right tabular-nums">{f.money(p.amount)}</Td>
                  </Tr>
                ))}
                <Tr className="font-semibold">
                  <Td>Total</Td>
                  <Td className="text-right tabular-nums" data-testid="distribution-total">
                    {f.money(shown.preview.total)}
                  </Td>
                </Tr>
              </TBody>
            </Table>
            <FormAlert message={refusal} />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setShown(null)}>
                Back
              </Button>
              <Button type="button" onClick={onConfirm} disabled={pay.isPending}>
                {pay.isPending ? 'Paying...' : `Confirm and pay ${f.money(shown.preview.total)}`}
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <form onSubmit={onPreview} noValidate className="grid grid-cols-1 gap-4" aria-label="Distribute">
            <FormField
              label={`Amount (${f.currency.toUpperCase()}, optional)`}
              inputMode="decimal"
              autoComplete="off"
              placeholder="All available cash"
              hint="Leave empty to distribute all the available cash."
              error={errors.amount?.message}
              {...form.register('amount')}
            />
            <FormField label="Date" type="date" error={errors.date?.message} {...form.register('date')} />
            <FormAlert message={refusal} />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={preview.isPending}>
                {preview.isPending ? 'Working...' : 'Preview'}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
