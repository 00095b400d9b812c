import { Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { AddBetDialog } from '@/features/bets/components/add-bet-dialog';
import { useDialogState } from '@/features/calendar/use-dialog-state';
import { AddReminderDialog } from '@/features/reminders/components/add-reminder-dialog';
import { CalendarWidget } from './components/calendar-widget';
import { RecentBets } from './components/recent-bets';
import { RemindersPanel } from './components/reminders-panel';
import { StatCards } from './components/stat-cards';
import { TopPerformers } from './components/top-performers';
import { UpcomingBets } from './components/upcoming-bets';

/** The dashboard (spec §2): stats, upcoming and recent bets, calendar, top performers, reminders. */
export function DashboardPage() {
  const addBet = useDialogState();
  const addReminder = useDialogState();
  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Dashboard</h1>
          <p className="mt-1 text-muted-foreground">Your syndicate at a glance.</p>
        </div>
        <Button onClick={addBet.show}>
          <Plus aria-hidden="true" />
          Add Bet
        </Button>
      </div>
      <StatCards />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="grid min-w-0 grid-cols-1 content-start gap-6 lg:col-span-2">
          <UpcomingBets />
          <RecentBets />
        </div>
        <div className="grid min-w-0 grid-cols-1 content-start gap-6">
          <CalendarWidget />
          <TopPerformers />
          <RemindersPanel onAddReminder={addReminder.show} />
        </div>
      </div>
      <AddBetDialog open={addBet.open} onOpenChange={addBet.onOpenChange} />
      <AddReminderDialog open={addReminder.open} onOpenChange={addReminder.onOpenChange} />
    </div>
  );
}
