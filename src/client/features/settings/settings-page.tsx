import { PagePlaceholder } from '@/components/ui/page-placeholder';

export function SettingsPage() {
  return (
    <PagePlaceholder title="Settings" description="Syndicate name, invite code, defaults and your account." />
  );
}
