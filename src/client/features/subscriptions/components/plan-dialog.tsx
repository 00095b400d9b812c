import { zodResolver } from '@hookform/resolvers/zod';
import type { Plan } from '@shared/subscription';
import { useEffect, useId } from 'react';
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
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { readApiErrorBody } from '@/lib/api';
import { useCreatePlan } from '../api/create-plan';
import { useUpdatePlan } from '../api/update-plan';
import {
  EMPTY_PLAN_FORM,
  formToPlanInput,
  type PlanFormValues,
  planFormSchema,
  planToForm,
} from './plan-form-schema';

/** Add (plan undefined) or edit a subscription plan. */
export function PlanDialog({
  open,
  onOpenChange,
  plan,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  plan?: Plan | undefined;
}) {
  const create = useCreatePlan();
  const update = useUpdatePlan();
  const pending = create.isPending || update.isPending;
  const form = useForm<PlanFormValues>({
    resolver: zodResolver(planFormSchema),
    defaultValues: EMPTY_PLAN_FORM,
  });
  const { errors } = form.formState;
  const ids = { description: useId(), features: useId(), featuresHint: useId(), featuresError: useId() };

  // Fresh values each time it opens; reset on close (spec §4).
  useEffect(() => {
    form.reset(open && plan ? planToForm(plan) : EMPTY_PLAN_FORM);
  }, [open, plan, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    const input = formToPlanInput(values);
    try {
      if (plan) await update.mutateAsync({ id: plan.id, data: input });
      else await create.mutateAsync(input);
    } catch (error) {
      toast({
        title: plan ? 'Failed to update subscription plan' : 'Failed to create subscription plan',
        description: readApiErrorBody(error)?.message,
        variant: 'destructive',
      });
      return;
    }
    toast({ title: plan ? 'Subscription updated' : 'Subscription created' });
    onOpenChange(false);
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{plan ? 'Edit Subscription Plan' : 'Add Subscription Plan'}</DialogTitle>
          <DialogDescription>
            {plan
              ? 'Change the plan; members holding it keep their dates.'
              : 'A plan members can be assigned to.'}
          </DialogDescription>
        </DialogHeader>
        <form
          onSubmit={onSubmit}
          noValidate
          className="grid grid-cols-1 gap-4"
          aria-label={plan ? 'Edit plan' : 'Add plan'}
        >
          <FormField
            label="Name"
            placeholder="e.g. Gold"
            error={errors.name?.message}
            {...form.register('name')}
          />
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <FormField
              label="Price"
              type="number"
              inputMode="decimal"
              min={0}
              step="0.01"
              error={errors.price?.message}
              {...form.register('price')}
            />
            <FormField
              label="Duration (months)"
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              error={errors.duration?.message}
              {...form.register('duration')}
            />
          </div>
          <div className="grid grid-cols-1 gap-2">
            <Label htmlFor={ids.description}>Description (optional)</Label>
            <Textarea
              id={ids.description}
              placeholder="What the plan is for"
              aria-invalid={errors.description ? true : undefined}
              {...form.register('description')}
            />
            {errors.description ? (
              <p className="text-sm font-medium text-destructive">{errors.description.message}</p>
            ) : null}
          </div>
          <div className="grid grid-cols-1 gap-2">
            <Label htmlFor={ids.features}>Features (optional)</Label>
            <Textarea
              id={ids.features}
              rows={4}
              placeholder={'Weekly tips\nPriority seating'}
              aria-describedby={
                errors.features ? `${ids.featuresHint} ${ids.featuresError}` : ids.featuresHint
              }
              aria-invalid={errors.features ? true : undefined}
              {...form.register('features')}
            />
            <p id={ids.featuresHint} className="text-xs text-muted-foreground">
              One feature per line.
            </p>
            {errors.features ? (
              <p id={ids.featuresError} className="text-sm font-medium text-destructive">
                {errors.features.message}
              </p>
            ) : null}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? 'Saving...' : plan ? 'Save Changes' : 'Add Plan'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
