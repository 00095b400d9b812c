import type { Reminder } from '@shared/reminder';
import { AlertTriangle, CalendarDays, CheckCircle2, Trash2, User } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { cn } from '@/lib/cn';
import { useSyndicateFormat } from '@/lib/format';
import { relativeDay } from './reminder-due';

export interface ReminderItemProps {
  reminder: Reminder;
  memberName: string | undefined;
  /** The caller may complete and delete it (admins; members for their own or unassigned ones). */
  canChange: boolean;
  completing: boolean;
  onComplete: (reminder: Reminder) => void;
  onDelete: (reminder: Reminder) => void;
}

/** One reminder: active (complete check, due, Overdue, assignee, delete) or completed ('Completed on'). */
export function ReminderItem({
  reminder,
  memberName,
  canChange,
  completing,
  onComplete,
  onDelete,
}: ReminderItemProps) {
  const fmt = useSyndicateFormat();
  const checkboxId = `reminder-${reminder.id}-done`;
  const overdue = !reminder.completed && fmt.isPastDay(reminder.date);
  const today = !reminder.completed && fmt.isToday(reminder.date);
  const due = relativeDay(fmt.daysFromToday(reminder.date));

  return (
    <li
      className={cn(
        'flex items-start gap-3 rounded-lg border bg-card p-4',
        overdue ? 'border-destructive/40' : today ? 'border-amber-300 bg-amber-50/60' : 'border-border',
      )}
      data-testid="reminder-item"
    >
      {reminder.completed ? (
        <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
      ) : canChange ? (
        <Checkbox
          id={checkboxId}
          className="mt-0.5"
          checked={false}
          disabled={completing}
          onCheckedChange={(checked) => {
            if (checked === true) onComplete(reminder);
          }}
          aria-label={`Mark "${reminder.text}" as complete`}
        />
      ) : (
        <span aria-hidden="true" className="mt-0.5 size-5 shrink-0 rounded-sm border border-input" />
      )}
      <div className="min-w-0 flex-1">
        <p
          className={cn(
            'font-medium [overflow-wrap:anywhere]',
            reminder.completed && 'text-muted-foreground line-through',
          )}
        >
          {reminder.text}
        </p>
        <div className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
          {reminder.completed ? (
            <span className="inline-flex items-center gap-1">
              <CheckCircle2 aria-hidden="true" className="size-3.5" />
              Completed on {fmt.date(reminder.completedAt ?? reminder.date, 'MMM d, yyyy')}
            </span>
          ) : (
            <span className="inline-flex items-center gap-1" title={fmt.date(reminder.date, 'MMMM d, yyyy')}>
              <CalendarDays aria-hidden="true" className="size-3.5" />
              <span className={cn(today && 'font-semibold text-amber-800')}>{due}</span>
              <span aria-hidden="true">·</span>
              <span>{fmt.date(reminder.date, 'MMM d, yyyy')}</span>
            </span>
          )}
          {overdue ? (
            <Badge variant="destructive">
              <AlertTriangle aria-hidden="true" />
              Overdue
            </Badge>
          ) : null}
          {reminder.memberId !== null ? (
            <span className="inline-flex min-w-0 items-center gap-1 [overflow-wrap:anywhere]">
              <User aria-hidden="true" className="size-3.5 shrink-0" />
              Assigned to {memberName ?? 'a former member'}
            </span>
          ) : null}
        </div>
      </div>
      {canChange ? (
        reminder.completed ? (
          <Button variant="outline" size="sm" onClick={() => onDelete(reminder)}>
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
        ) : (
          <Button
            variant="ghost"
            size="icon"
            className="shrink-0 text-muted-foreground hover:text-destructive"
            onClick={() => onDelete(reminder)}
            aria-label={`Delete reminder "${reminder.text}"`}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        )
      ) : null}
    </li>
  );
}
