import { PagePlaceholder } from '@/components/ui/page-placeholder';

export function SubscriptionsPage() {
  return <PagePlaceholder title="Subscription Plans" description="Membership plans and who holds them." />;
}
