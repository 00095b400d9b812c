import type { ActivityEvent } from '@shared/audit';
import { type ReactNode, useId } from 'react';
import { Button } from '@/components/ui/button';
import { useSyndicateFormat } from '@/lib/format';
import { clockTime, dayHeading, groupByDay } from '../lib/time';
import { EventItem } from './event-item';

/**
 * Events newest first under a heading per day (in the syndicate's time zone), each with its
 * time; `details` adds what the audit log shows below an event (its changes). "Load more" fetches
 * the next keyset page.
 */
export function EventList<T extends ActivityEvent>({
  events,
  details,
  hasMore,
  loadingMore,
  onLoadMore,
}: {
  events: readonly T[];
  details?: (event: T) => ReactNode;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}) {
  const f = useSyndicateFormat();
  const days = groupByDay(events, f);
  const id = useId();
  return (
    <div className="grid gap-6">
      {days.map((group) => (
        <div key={group.day}>
          <h2 id={`${id}-${group.day}`} className="mb-2 text-sm font-semibold text-muted-foreground">
            {dayHeading(group.events[0]!.createdAt, f)}
          </h2>
          <ol
            aria-labelledby={`${id}-${group.day}`}
            className="divide-y divide-border rounded-lg border border-border bg-card"
          >
            {group.events.map((event) => (
              <li key={event.id} className="px-4 py-3 sm:px-5">
                <EventItem event={event} time={clockTime(event.createdAt, f)}>
                  {details?.(event)}
                </EventItem>
              </li>
            ))}
          </ol>
        </div>
      ))}
      {hasMore ? (
        <div className="flex justify-center">
          <Button variant="outline" onClick={onLoadMore} disabled={loadingMore} aria-busy={loadingMore}>
            {loadingMore ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
