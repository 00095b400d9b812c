import { ArrowRight } from 'lucide-react';
import { Link } from 'wouter';
import { Badge } from '@/components/ui/badge';
import { InitialsAvatar } from '@/components/ui/initials-avatar';
import { useRotation } from '@/features/rotation/api/get-rotation';
import { useSyndicateFormat } from '@/lib/format';
import { DashboardCard, PanelNote } from './dashboard-card';

/** Spec §9: the dashboard shows the next three races with whose turn it is. */
export const UPCOMING_BETS_LIMIT = 3;

/** The panel's usual height once loaded (three entries, in px): kept while loading. */
const LOADED_HEIGHT = 282;

export function UpcomingBets() {
  const f = useSyndicateFormat();
  const rotation = useRotation(UPCOMING_BETS_LIMIT);
  const entries = rotation.data ?? [];
  return (
    <DashboardCard
      title="Upcoming Bets"
      action={
        <Link
          href="/bets"
          className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
        >
          View all
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      }
    >
      {rotation.isPending ? (
        <PanelNote reserve={LOADED_HEIGHT}>Loading...</PanelNote>
      ) : entries.length === 0 ? (
        <PanelNote>No upcoming bets found</PanelNote>
      ) : (
        <ul className="grid grid-cols-1 gap-3" aria-label="Upcoming Bets">
          {entries.map(({ race, member }, i) => (
            <li
              key={race.id}
              className="flex items-center gap-3 rounded-md border border-border p-3"
              data-testid="upcoming-bet"
            >
              <InitialsAvatar name={member.name} initials={member.initials} />
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">{member.name}</p>
                <p className="truncate text-sm text-muted-foreground">
                  {race.name} · {race.venue}
                </p>
                <p className="text-xs text-muted-foreground">{f.date(race.date, 'MMM d, yyyy h:mm a')}</p>
              </div>
              <Badge variant={i === 0 ? 'warning' : 'secondary'}>{i === 0 ? 'Upcoming' : 'Scheduled'}</Badge>
            </li>
          ))}
        </ul>
      )}
    </DashboardCard>
  );
}
