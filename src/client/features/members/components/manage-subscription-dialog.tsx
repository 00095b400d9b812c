import { zodResolver } from '@hookform/resolvers/zod';
import type { Member } from '@shared/member';
import {
  ASSIGN_MESSAGES,
  addMonths,
  isIsoDate,
  type MemberSubscription,
  type Plan,
  type SubscriptionPhase,
  subscriptionPhase,
} from '@shared/subscription';
import { useEffect, useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'wouter';
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
import { usePlans } from '@/features/subscriptions/api/get-plans';
import { type SyndicateFormat, useSyndicateFormat } from '@/lib/format';
import { useIdempotencyKey } from '@/lib/idempotency-key';
import { useAssignSubscription } from '../api/assign-subscription';
import { findActiveSubscription, useMemberSubscriptions } from '../api/get-member-subscriptions';

const assignFormSchema = z.object({
  subscriptionId: z.string().min(1, ASSIGN_MESSAGES.plan),
  startDate: z.string().min(1, ASSIGN_MESSAGES.startRequired).refine(isIsoDate, ASSIGN_MESSAGES.startInvalid),
});
type AssignFormValues = z.infer<typeof assignFormSchema>;

/**
 * Spec label '{name} - ${price}/{duration}mo'. The price uses the syndicate's currency symbol
 * ('$' for usd, so the spec's text exactly), whole amounts without decimals.
 */
export function planLabel(plan: Plan, fmt: SyndicateFormat): string {
  const price = fmt.money(plan.price, { decimals: Number.isInteger(plan.price) ? 0 : 2 });
  return `${plan.name} - ${price}/${plan.duration}mo`;
}

/** The member's latest plan, as the dialog names it, by where it stands today. */
const CURRENT_PLAN: Record<
  SubscriptionPhase,
  { lead: string; verb: string; date: (s: MemberSubscription) => string }
> = {
  current: { lead: 'Current plan:', verb: 'expires', date: (s) => s.endDate },
  ended: { lead: 'Last plan:', verb: 'ended', date: (s) => s.endDate },
  upcoming: { lead: 'Upcoming plan:', verb: 'starts', date: (s) => s.startDate },
};

/** Manage Subscription: assign a plan from a start date; the end is start + the plan's months. */
export function ManageSubscriptionDialog({
  member,
  onOpenChange,
}: {
  member: Member | null;
  onOpenChange: (open: boolean) => void;
}) {
  const open = member !== null;
  const fmt = useSyndicateFormat();
  const plans = usePlans();
  const subscriptions = useMemberSubscriptions(member?.id);
  const assign = useAssignSubscription();
  const today = fmt.todayKey();
  const empty = useMemo(() => ({ subscriptionId: '', startDate: today }), [today]);
  const form = useForm<AssignFormValues>({ resolver: zodResolver(assignFormSchema), defaultValues: empty });
  const { errors } = form.formState;

  const idempotency = useIdempotencyKey();
  useEffect(() => {
    if (open) {
      form.reset(empty);
      idempotency.reset();
    }
  }, [open, empty, form, idempotency]);

  const current = member ? findActiveSubscription(subscriptions.data ?? [], member.id) : undefined;
  const currentLine = current ? CURRENT_PLAN[subscriptionPhase(current, today)] : undefined;
  const chosen = plans.data?.find((p) => String(p.id) === form.watch('subscriptionId'));
  const start = form.watch('startDate');
  const endDate = chosen && isIsoDate(start) ? addMonths(start, chosen.duration) : null;

  const onSubmit = form.handleSubmit(async (values) => {
    if (!member) return;
    const plan = plans.data?.find((p) => String(p.id) === values.subscriptionId);
    try {
      const body = {
        subscriptionId: Number(values.subscriptionId),
        startDate: values.startDate,
        ...(plan ? { endDate: addMonths(values.startDate, plan.duration) } : {}),
      };
      await assign.mutateAsync({ memberId: member.id, ...body, idempotencyKey: idempotency.keyFor(body) });
    } catch {
      toast({ title: 'Error', description: 'Failed to assign subscription', variant: 'destructive' });
      return;
    }
    toast({ title: 'Subscription assigned' });
    onOpenChange(false);
  });

  const noPlans = plans.isSuccess && plans.data.length === 0;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Manage Subscription</DialogTitle>
          <DialogDescription>
            {member ? `Assign a subscription plan to ${member.name}.` : 'Assign a subscription plan.'}
          </DialogDescription>
        </DialogHeader>
        {current && currentLine ? (
          <p className="rounded-md bg-muted p-3 text-sm">
            {currentLine.lead} <span className="font-semibold">{current.plan.name}</span>, {currentLine.verb}{' '}
            {fmt.date(currentLine.date(current), 'MMM d, yyyy')}. A new plan replaces it.
          </p>
        ) : null}
        {noPlans ? (
          <div className="grid grid-cols-1 gap-2 rounded-md border border-dashed border-input p-4 text-center text-sm">
            <p className="font-semibold">No subscription plans available.</p>
            <p className="text-muted-foreground">
              Create subscription plans first in the Subscriptions page.
            </p>
            <Button asChild variant="outline" size="sm" className="mx-auto mt-1">
              <Link href="/subscriptions" onClick={() => onOpenChange(false)}>
                Go to Subscriptions
              </Link>
            </Button>
          </div>
        ) : (
          <form
            onSubmit={onSubmit}
            noValidate
            className="grid grid-cols-1 gap-4"
            aria-label="Assign subscription"
          >
            <Controller
              control={form.control}
              name="subscriptionId"
              render={({ field }) => (
                <SelectField
                  className="grid-cols-1"
                  label="Subscription plan"
                  placeholder={plans.isPending ? 'Loading plans...' : 'Select a plan'}
                  options={(plans.data ?? []).map((p) => ({ value: String(p.id), label: planLabel(p, fmt) }))}
                  value={field.value}
                  onValueChange={field.onChange}
                  error={errors.subscriptionId?.message}
                />
              )}
            />
            <FormField
              label="Start date"
              type="date"
              error={errors.startDate?.message}
              hint={endDate ? `Ends on ${fmt.date(endDate, 'MMMM d, yyyy')}` : undefined}
              {...form.register('startDate')}
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={assign.isPending}>
                {assign.isPending ? 'Assigning...' : 'Assign Subscription'}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
