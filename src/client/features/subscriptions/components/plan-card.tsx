import type { Plan } from '@shared/subscription';
import { Check, Pencil, Trash2, Users } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useSyndicateFormat } from '@/lib/format';

const months = (n: number) => (n === 1 ? 'month' : `${n} months`);

/** A plan: name, description, active members, price per N month(s), features; Edit/Delete for admins. */
export function PlanCard({
  plan,
  isAdmin,
  onEdit,
  onDelete,
}: {
  plan: Plan;
  isAdmin: boolean;
  onEdit: (plan: Plan) => void;
  onDelete: (plan: Plan) => void;
}) {
  const fmt = useSyndicateFormat();
  return (
    <Card className="flex min-w-0 flex-col gap-4 p-5" data-testid="plan-card">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="break-words text-lg font-semibold">{plan.name}</h2>
          <p className="mt-1 break-words text-sm text-muted-foreground">
            {plan.description || 'No description'}
          </p>
        </div>
        <Badge variant="secondary" className="shrink-0">
          <Users aria-hidden="true" />
          {plan.activeMembers} active {plan.activeMembers === 1 ? 'member' : 'members'}
        </Badge>
      </div>
      <p>
        <span className="text-3xl font-bold tracking-tight">{fmt.money(plan.price)}</span>{' '}
        <span className="text-sm text-muted-foreground">per {months(plan.duration)}</span>
      </p>
      {plan.features.length > 0 ? (
        <ul className="grid grid-cols-1 gap-1.5 text-sm" aria-label={`${plan.name} features`}>
          {plan.features.map((feature, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: features may repeat and never reorder in place.
            <li key={i} className="flex items-start gap-2">
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
              <span className="min-w-0 [overflow-wrap:anywhere]">{feature}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {isAdmin ? (
        <div className="mt-auto flex gap-2 pt-2">
          <Button
            variant="outline"
            size="sm"
            className="flex-1"
            onClick={() => onEdit(plan)}
            aria-label={`Edit ${plan.name}`}
          >
            <Pencil aria-hidden="true" />
            Edit
          </Button>
          <Button
            variant="outline"
            size="sm"
            className="flex-1 text-destructive"
            onClick={() => onDelete(plan)}
            aria-label={`Delete ${plan.name}`}
          >
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
