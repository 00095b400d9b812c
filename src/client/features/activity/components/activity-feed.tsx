import { History } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { useActivityFeed } from '../api/get-activity';
import { EventList } from './event-list';

/** The Activity tab: everything that happened in the syndicate, newest first, 30 at a time. */
export function ActivityFeed() {
  const feed = useActivityFeed();
  const events = feed.data?.pages.flatMap((p) => p.events) ?? [];
  if (feed.isPending) return <Spinner label="Loading the activity..." />;
  if (feed.isError)
    return <p className="py-10 text-center text-sm text-destructive">Could not load the activity.</p>;
  if (events.length === 0)
    return (
      <Card>
        <EmptyState
          icon={History}
          title="Nothing has happened yet"
          description="Bets, settlements, members joining and bank entries show up here as they happen. Add a bet to get started."
          action={
            <Button asChild>
              <Link href="/bets">Go to Bets</Link>
            </Button>
          }
        />
      </Card>
    );
  return (
    <EventList
      events={events}
      hasMore={feed.hasNextPage}
      loadingMore={feed.isFetchingNextPage}
      onLoadMore={() => void feed.fetchNextPage()}
    />
  );
}
