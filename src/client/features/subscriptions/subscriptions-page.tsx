import type { Plan } from '@shared/subscription';
import { CreditCard, Plus } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { readApiErrorBody } from '@/lib/api';
import { useIsAdmin } from '@/lib/use-role';
import { useDeletePlan } from './api/delete-plan';
import { usePlans } from './api/get-plans';
import { PlanCard } from './components/plan-card';
import { PlanDialog } from './components/plan-dialog';

export function SubscriptionsPage() {
  const isAdmin = useIsAdmin();
  const plans = usePlans();
  const remove = useDeletePlan();
  const [editing, setEditing] = useState<{ plan?: Plan } | null>(null);
  const [deleting, setDeleting] = useState<Plan | null>(null);

  const confirmDelete = async () => {
    if (!deleting) return;
    const plan = deleting;
    try {
      await remove.mutateAsync(plan.id);
      toast({ title: 'Subscription deleted' });
    } catch (error) {
      // e.g. 409 "Plan has active members".
      toast({
        title: 'Failed to delete subscription plan',
        description: readApiErrorBody(error)?.message,
        variant: 'destructive',
      });
    }
  };

  const addButton = (label: string) => (
    <Button onClick={() => setEditing({})}>
      <Plus aria-hidden="true" />
      {label}
    </Button>
  );

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Subscription Plans</h1>
          <p className="mt-1 text-muted-foreground">Membership plans and how many members hold each.</p>
        </div>
        {isAdmin ? addButton('Add Plan') : null}
      </div>

      {plans.isPending ? (
        <Spinner label="Loading plans..." />
      ) : plans.isError ? (
        <p className="py-10 text-center text-sm text-destructive">Could not load subscription plans.</p>
      ) : plans.data.length === 0 ? (
        <EmptyState
          icon={CreditCard}
          title="No subscription plans yet"
          description={isAdmin ? 'Create a plan, then assign it to members.' : undefined}
          action={isAdmin ? addButton('Add First Plan') : undefined}
          className="rounded-lg border border-dashed border-input bg-card"
        />
      ) : (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {plans.data.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              isAdmin={isAdmin}
              onEdit={(p) => setEditing({ plan: p })}
              onDelete={setDeleting}
            />
          ))}
        </div>
      )}

      <PlanDialog
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        plan={editing?.plan}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="Delete subscription plan"
        description={`Are you sure you want to delete the ${deleting?.name ?? ''} plan? This action cannot be undone.`}
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
