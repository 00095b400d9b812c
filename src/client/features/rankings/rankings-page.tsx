import { PagePlaceholder } from '@/components/ui/page-placeholder';

export function RankingsPage() {
  return (
    <PagePlaceholder title="Punter Rankings" description="See how syndicate members rank by performance" />
  );
}
