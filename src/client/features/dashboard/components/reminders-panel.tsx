import type { Reminder } from '@shared/reminder';
import { Plus } from 'lucide-react';
import { useMemo } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { toast } from '@/components/ui/use-toast';
import { useCompleteReminder } from '@/features/reminders/api/complete-reminder';
import { useReminders } from '@/features/reminders/api/get-reminders';
import { useSyndicateFormat } from '@/lib/format';
import { DashboardCard, PanelNote } from './dashboard-card';
import { NextBetReminder } from './next-bet-reminder';

/** Spec §9: the panel lists at most three active reminders, earliest due first. */
export const DASHBOARD_REMINDERS_LIMIT = 3;

export function activeRemindersByDue(reminders: readonly Reminder[], limit = DASHBOARD_REMINDERS_LIMIT) {
  return reminders
    .filter((r) => !r.completed)
    .sort((a, b) => Date.parse(a.date) - Date.parse(b.date) || a.id - b.id)
    .slice(0, limit);
}

export function RemindersPanel({ onAddReminder }: { onAddReminder: () => void }) {
  const f = useSyndicateFormat();
  const reminders = useReminders();
  const complete = useCompleteReminder();
  const active = useMemo(() => activeRemindersByDue(reminders.data ?? []), [reminders.data]);

  const onComplete = (reminder: Reminder) =>
    complete.mutate(reminder.id, {
      onSuccess: () => toast({ title: 'Reminder completed', description: reminder.text }),
      onError: () =>
        toast({
          title: 'Error',
          description: 'Failed to update reminder. Please try again.',
          variant: 'destructive',
        }),
    });

  return (
    <DashboardCard title="Reminders">
      <div className="grid grid-cols-1 gap-4">
        <NextBetReminder />
        {reminders.isPending ? (
          <PanelNote>Loading...</PanelNote>
        ) : active.length === 0 ? (
          <PanelNote>No active reminders</PanelNote>
        ) : (
          <ul className="grid grid-cols-1 gap-3" aria-label="Active reminders">
            {active.map((reminder) => {
              const id = `dashboard-reminder-${reminder.id}`;
              const pending = complete.isPending && complete.variables === reminder.id;
              return (
                <li key={reminder.id} className="flex items-start gap-3" data-testid="dashboard-reminder">
                  <Checkbox
                    id={id}
                    className="mt-0.5"
                    checked={pending}
                    disabled={pending}
                    onCheckedChange={(checked) => checked === true && onComplete(reminder)}
                  />
                  <label htmlFor={id} className="grid min-w-0 cursor-pointer gap-0.5">
                    <span className="text-sm font-medium [overflow-wrap:anywhere]">{reminder.text}</span>
                    <span className="text-xs text-muted-foreground">
                      Due {f.date(reminder.date, 'MMM d')}
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        )}
        <Button variant="outline" className="w-full" onClick={onAddReminder}>
          <Plus aria-hidden="true" />
          Add Reminder
        </Button>
      </div>
    </DashboardCard>
  );
}
