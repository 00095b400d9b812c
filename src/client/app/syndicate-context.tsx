import type { ReactNode } from 'react';
import { useMyMember } from '@/features/members/api/get-my-member';
import { useSettings } from '@/features/settings/api/get-settings';
import { SyndicateFormatProvider } from '@/lib/format';
import { RoleProvider } from '@/lib/use-role';

/**
 * What every screen of the active syndicate reads: its currency and time zone (for formatting)
 * and the caller's role (to hide what the role cannot do). Provided here, in the app layer, so
 * that lib/ and components/ never import a feature.
 */
export function SyndicateContext({ children }: { children: ReactNode }) {
  const settings = useSettings();
  const me = useMyMember();
  return (
    <SyndicateFormatProvider currency={settings.data?.currency} timeZone={settings.data?.timezone}>
      <RoleProvider role={me.data?.role}>
        {me.data?.isActive === false && <InactiveBanner />}
        {children}
      </RoleProvider>
    </SyndicateFormatProvider>
  );
}

/** An inactive member reads but cannot change anything (the server answers 403): say so once, up front. */
function InactiveBanner() {
  return (
    <div role="status" className="bg-amber-100 px-4 py-2 text-center text-sm text-amber-900 lg:pl-64">
      Your membership is inactive: you can look around, but not make changes. Ask an admin to reactivate you.
    </div>
  );
}
