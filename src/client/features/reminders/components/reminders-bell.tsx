import type { Reminder } from '@shared/reminder';
import { Bell } from 'lucide-react';
import { type ComponentProps, lazy, Suspense, useMemo, useState } from 'react';
import { useSyndicateFormat } from '@/lib/format';
import { useReminders } from '../api/get-reminders';

// The list opens in a popover loaded on first use (Radix Popover and its positioning are ~10 KB
// the dashboard's first load does not need: the route's JS budget, docs/performance.md).
const loadPopover = () => import('./reminders-bell-popover');
const BellPopover = lazy(() => loadPopover().then((m) => ({ default: m.RemindersBellPopover })));

/** The bell's accessible name: "Notifications", with how many reminders are due. */
export const bellLabel = (count: number) =>
  count > 0 ? `Notifications: ${count} ${count === 1 ? 'reminder' : 'reminders'} due` : 'Notifications';

export const BELL_CLASS =
  'relative rounded-full p-2 text-muted-foreground hover:bg-muted hover:text-foreground';

/** The bell, with its red dot while `count` reminders are due. */
export function BellIcon({ count }: { count: number }) {
  return (
    <>
      <Bell aria-hidden="true" className="size-5" />
      {count > 0 ? (
        <span
          aria-hidden="true"
          className="absolute top-1.5 right-1.5 size-2 rounded-full bg-destructive ring-2 ring-card"
          data-testid="bell-dot"
        />
      ) : null}
    </>
  );
}

function BellButton({ count, ...props }: { count: number } & ComponentProps<'button'>) {
  return (
    <button type="button" aria-label={bellLabel(count)} className={BELL_CLASS} {...props}>
      <BellIcon count={count} />
    </button>
  );
}

/**
 * The header's bell (DESIGN: "The bell shows due and overdue reminders"): its red dot shows while
 * any open reminder is due today or overdue, in the syndicate's time zone, and it opens the list
 * of them, the most overdue first, with a link to the Reminders page.
 */
export function RemindersBell() {
  const [wanted, setWanted] = useState(false);
  const fmt = useSyndicateFormat();
  const reminders = useReminders();
  const due: Reminder[] = useMemo(
    () =>
      (reminders.data ?? [])
        .filter((r) => !r.completed && (fmt.isToday(r.date) || fmt.isPastDay(r.date)))
        .sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id),
    [reminders.data, fmt],
  );
  const preload = () => void loadPopover();
  if (!wanted)
    return (
      <BellButton
        count={due.length}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setWanted(true)}
      />
    );
  return (
    <Suspense fallback={<BellButton count={due.length} aria-busy="true" />}>
      <BellPopover due={due} failed={reminders.isError} />
    </Suspense>
  );
}
