import type { Reminder } from '@shared/reminder';
import { useState } from 'react';
import { Link } from 'wouter';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { cn } from '@/lib/cn';
import { useSyndicateFormat } from '@/lib/format';
import { relativeDay } from './reminder-due';
import { BELL_CLASS, BellIcon, bellLabel } from './reminders-bell';

/** At most this many are listed; the rest are on the Reminders page. */
const SHOWN = 5;

/**
 * The bell once first pressed (reminders-bell.tsx): it takes the plain button's place, open at once;
 * Radix moves focus into the list and gives it back to the bell on Escape.
 */
export function RemindersBellPopover({ due, failed }: { due: Reminder[]; failed: boolean }) {
  const [open, setOpen] = useState(true);
  const fmt = useSyndicateFormat();
  const count = due.length;
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger aria-label={bellLabel(count)} className={BELL_CLASS}>
        <BellIcon count={count} />
      </PopoverTrigger>
      <PopoverContent align="end" className="w-80 p-0" aria-label="Reminders due">
        <p className="border-b border-border px-4 py-3 text-sm font-semibold">Reminders due</p>
        {failed ? (
          <p className="px-4 py-3 text-sm text-destructive">Could not load reminders.</p>
        ) : count === 0 ? (
          <p className="px-4 py-3 text-sm text-muted-foreground">Nothing due. You're all caught up.</p>
        ) : (
          <ul className="max-h-72 divide-y divide-border overflow-y-auto">
            {due.slice(0, SHOWN).map((r) => {
              const overdue = fmt.isPastDay(r.date);
              return (
                <li key={r.id} className="px-4 py-2.5" data-testid="bell-reminder">
                  <p className="break-words text-sm font-medium">{r.text}</p>
                  <p
                    className={cn(
                      'text-xs',
                      overdue ? 'font-medium text-destructive' : 'text-muted-foreground',
                    )}
                  >
                    {overdue ? `Overdue · ${relativeDay(fmt.daysFromToday(r.date))}` : 'Due today'}
                  </p>
                </li>
              );
            })}
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
