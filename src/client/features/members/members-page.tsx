import { PagePlaceholder } from '@/components/ui/page-placeholder';

export function MembersPage() {
  return (
    <PagePlaceholder
      title="Members"
      description="Everyone in the syndicate, their plans and their results."
    />
  );
}
