import { PagePlaceholder } from '@/components/ui/page-placeholder';

export function RemindersPage() {
  return <PagePlaceholder title="Reminders" description="What needs doing, and who is up next." />;
}
