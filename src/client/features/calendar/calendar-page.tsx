import { PagePlaceholder } from '@/components/ui/page-placeholder';

export function CalendarPage() {
  return <PagePlaceholder title="Race Calendar" description="Upcoming races and scheduled bets." />;
}
