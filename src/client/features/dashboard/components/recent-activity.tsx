import { ArrowRight } from 'lucide-react';
import { Link } from 'wouter';
import { useRecentActivity } from '@/features/activity/api/get-activity';
import { EventItem } from '@/features/activity/components/event-item';
import { eventTime } from '@/features/activity/lib/time';
import { useSyndicateFormat } from '@/lib/format';
import { DashboardCard, PanelNote } from './dashboard-card';

/** Issue 16: the dashboard shows the latest eight events, linking to the whole feed. */
export const RECENT_ACTIVITY_LIMIT = 8;

/** The panel's usual height once loaded (eight events, in px): kept while loading. */
const LOADED_HEIGHT = 470;

export function RecentActivity() {
  const f = useSyndicateFormat();
  const activity = useRecentActivity(RECENT_ACTIVITY_LIMIT);
  const events = activity.data?.events ?? [];
  return (
    <DashboardCard
      title="Recent activity"
      action={
        <Link
          href="/activity"
          className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
        >
          See all
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      }
    >
      {activity.isPending ? (
        <PanelNote reserve={LOADED_HEIGHT}>Loading...</PanelNote>
      ) : activity.isError ? (
        <PanelNote>Could not load the activity.</PanelNote>
      ) : events.length === 0 ? (
        <PanelNote>No activity yet. Add a bet or invite a member: what everyone does shows here.</PanelNote>
      ) : (
        <ol className="grid grid-cols-1 divide-y divide-border" aria-label="Recent activity">
          {events.map((event) => (
            <li key={event.id} className="py-2.5 first:pt-0 last:pb-0">
              <EventItem event={event} time={eventTime(event.createdAt, f)} compact />
            </li>
          ))}
        </ol>
      )}
    </DashboardCard>
  );
}
