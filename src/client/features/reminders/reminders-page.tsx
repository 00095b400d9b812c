import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useReminders } from './api/get-reminders';
import { AddReminderDialog } from './components/add-reminder-dialog';
import { ChaseDues } from './components/chase-dues';
import { NextBetBanner } from './components/next-bet-banner';
import { ReminderList } from './components/reminder-list';

export function RemindersPage() {
  const [adding, setAdding] = useState(false);
  const reminders = useReminders();

  const { active, completed } = useMemo(() => {
    const all = reminders.data ?? [];
    return {
      // Earliest due first.
      active: all.filter((r) => !r.completed).sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id),
      // Most recently completed first.
      completed: all
        .filter((r) => r.completed)
        .sort((a, b) => (b.completedAt ?? '').localeCompare(a.completedAt ?? '') || b.id - a.id),
    };
  }, [reminders.data]);

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Reminders</h1>
          <p className="mt-1 text-muted-foreground">
            Keep the syndicate on track: payments, bets and deadlines.
          </p>
        </div>
        <Button onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" />
          Add Reminder
        </Button>
      </div>

      <NextBetBanner />
      <ChaseDues />

      <Tabs defaultValue="active">
        <TabsList className="w-full sm:w-auto">
          <TabsTrigger value="active">Active Reminders</TabsTrigger>
          <TabsTrigger value="completed">Completed</TabsTrigger>
        </TabsList>
        {reminders.isPending ? (
          <div className="py-10">
            <Spinner />
          </div>
        ) : reminders.isError ? (
          <p className="py-10 text-center text-sm text-destructive">Could not load reminders.</p>
        ) : (
          <>
            <TabsContent value="active">
              <ReminderList reminders={active} emptyText="No active reminders" />
            </TabsContent>
            <TabsContent value="completed">
              <ReminderList reminders={completed} emptyText="No completed reminders found" />
            </TabsContent>
          </>
        )}
      </Tabs>

      <AddReminderDialog open={adding} onOpenChange={setAdding} />
    </div>
  );
}
