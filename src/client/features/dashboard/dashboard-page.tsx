import { PagePlaceholder } from '@/components/ui/page-placeholder';

export function DashboardPage() {
  return (
    <PagePlaceholder
      title="Dashboard"
      description="Your syndicate at a glance: balance, wins, upcoming bets and reminders."
    />
  );
}
