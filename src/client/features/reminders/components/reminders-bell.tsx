import type { Reminder } from '@shared/reminder';
import { Bell } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { cn } from '@/lib/cn';
import { useSyndicateFormat } from '@/lib/format';
import { useReminders } from '../api/get-reminders';
import { relativeDay } from './reminder-due';

/** At most this many are listed; the rest are on the Reminders page. */
const SHOWN = 5;

/**
 * The header's bell (DESIGN: "The bell shows due and overdue reminders"): its red dot shows while
 * any open reminder is due today or overdue, in the syndicate's time zone, and it opens the list
 * of them, the most overdue first, with a link to the Reminders page.
 */
export function RemindersBell() {
  const [open, setOpen] = useState(false);
  const fmt = useSyndicateFormat();
  const reminders = useReminders();
  const due = useMemo(
    () =>
      (reminders.data ?? [])
        .filter((r) => !r.completed && (fmt.isToday(r.date) || fmt.isPastDay(r.date)))
        .sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id),
    [reminders.data, fmt],
  );
  const count = due.length;

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger
        aria-label={
          count > 0
            ? `Notifications: ${count} ${count === 1 ? 'reminder' : 'reminders'} due`
            : 'Notifications'
        }
        className="relative rounded-full p-2 text-muted-foreground hover:bg-muted hover:text-foreground"
      >
        <Bell aria-hidden="true" className="size-5" />
        {count > 0 ? (
          <span
            aria-hidden="true"
            className="absolute top-1.5 right-1.5 size-2 rounded-full bg-destructive ring-2 ring-card"
            data-testid="bell-dot"
          />
        ) : null}
      </PopoverTrigger>
      <PopoverContent align="end" className="w-80 p-0" aria-label="Reminders due">
        <p className="border-b border-border px-4 py-3 text-sm font-semibold">Reminders due</p>
        {reminders.isError ? (
          <p className="px-4 py-3 text-sm text-destructive">Could not load reminders.</p>
        ) : count === 0 ? (
          <p className="px-4 py-3 text-sm text-muted-foreground">Nothing due. You're all caught up.</p>
        ) : (
          <ul className="max-h-72 divide-y divide-border overflow-y-auto">
            {due.slice(0, SHOWN).map((r) => (
              <DueReminder
                key={r.id}
                reminder={r}
                overdue={fmt.isPastDay(r.date)}
                days={fmt.daysFromToday(r.date)}
              />
            ))}
          </ul>
        )}
        <div className="border-t border-border px-4 py-2">
          <Link
            href="/reminders"
            onClick={() => setOpen(false)}
            className="text-sm font-medium text-primary hover:underline"
          >
            {count > SHOWN ? `View all ${count} reminders due` : 'View all reminders'}
          </Link>
        </div>
      </PopoverContent>
    </Popover>
  );
}

function DueReminder({ reminder, overdue, days }: { reminder: Reminder; overdue: boolean; days: number }) {
  return (
    <li className="px-4 py-2.5" data-testid="bell-reminder">
      <p className="break-words text-sm font-medium">{reminder.text}</p>
      <p className={cn('text-xs', overdue ? 'font-medium text-destructive' : 'text-muted-foreground')}>
        {overdue ? `Overdue · ${relativeDay(days)}` : 'Due today'}
      </p>
    </li>
  );
}
