import { deriveInitials } from '@shared/initials';
import { InitialsAvatar } from '@/components/ui/initials-avatar';
import { useUser } from '@/features/auth/api/get-user';
import { useMyMember } from '@/features/members/api/get-my-member';
import { SignOutButton } from './sign-out-button';

const ROLE_LABEL = { admin: 'Admin', member: 'Member' } as const;

/** The signed-in user's own member: name, initials avatar and role ('Admin' while unknown). */
export function Profile() {
  const member = useMyMember();
  const { user } = useUser();
  const name = member.data?.name ?? user?.name ?? '';
  const initials = member.data?.initials || deriveInitials(name) || '?';
  const role = ROLE_LABEL[member.data?.role ?? 'admin'];

  return (
    <div className="flex items-center gap-3 border-t border-white/10 p-4">
      <InitialsAvatar name={name} initials={initials} className="ring-2 ring-white/20" />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium" data-testid="profile-name">
          {name}
        </p>
        <p className="text-xs text-sidebar-muted" data-testid="profile-role">
          {role}
        </p>
      </div>
      <SignOutButton />
    </div>
  );
}
