import type { ActivityEvent } from '@shared/audit';
import { deriveInitials } from '@shared/initials';
import { Cog } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { InitialsAvatar } from '@/components/ui/initials-avatar';
import { cn } from '@/lib/cn';
import { ACTION_LABELS, type ActionTone, actionTone } from '../lib/labels';

const TONE_BADGE: Record<ActionTone, BadgeVariant> = {
  money: 'info',
  settled: 'success',
  removed: 'destructive',
  neutral: 'secondary',
};

/** The actor's avatar: initials for a member, a cog for the system (the racing results import). */
export function ActorAvatar({ actor, small }: { actor: ActivityEvent['actor']; small?: boolean }) {
  const size = small ? 'size-8 text-xs' : 'size-9 text-xs';
  if (actor.memberId === null) {
    return (
      <span
        aria-hidden="true"
        className={cn('inline-flex shrink-0 items-center justify-center rounded-full bg-muted', size)}
      >
        <Cog className="size-4 text-muted-foreground" />
      </span>
    );
  }
  return <InitialsAvatar name={actor.name} initials={deriveInitials(actor.name)} className={size} />;
}

/**
 * One event: its summary (a sentence naming the actor as they were called then), then who, when
 * (`time`, already in the syndicate's zone) and what kind of event, and below (`children`) its
 * changes when the audit log shows them. `compact` (the dashboard's card) shows the summary and
 * the time only: the summary already starts with the actor's name.
 */
export function EventItem({
  event,
  time,
  compact,
  children,
}: {
  event: ActivityEvent;
  time: string;
  compact?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className="flex items-start gap-3" data-testid="activity-event" data-action={event.action}>
      <ActorAvatar actor={event.actor} small={compact} />
      <div className="min-w-0 flex-1">
        <p className={cn('[overflow-wrap:anywhere]', compact ? 'text-sm' : 'text-sm font-medium')}>
          {event.summary}
        </p>
        <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
          {compact ? null : (
            <>
              <span className="min-w-0 font-medium text-foreground/80 [overflow-wrap:anywhere]">
                {event.actor.name}
              </span>
              <span aria-hidden="true">·</span>
            </>
          )}
          <time dateTime={event.createdAt}>{time}</time>
          {compact ? null : (
            <Badge variant={TONE_BADGE[actionTone(event.action)]}>{ACTION_LABELS[event.action]}</Badge>
          )}
        </p>
        {children}
      </div>
    </div>
  );
}
