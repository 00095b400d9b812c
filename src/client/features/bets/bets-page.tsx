import { PagePlaceholder } from '@/components/ui/page-placeholder';

export function BetsPage() {
  return <PagePlaceholder title="Bets" description="Every bet the syndicate has placed, and its result." />;
}
