import { LogOut } from 'lucide-react';
import { useSignOut } from '@/features/auth/api/sign-out';
import { cn } from '@/lib/cn';

export function SignOutButton({ className, showLabel = false }: { className?: string; showLabel?: boolean }) {
  const signOut = useSignOut();
  return (
    <button
      type="button"
      onClick={() => signOut.mutate()}
      disabled={signOut.isPending}
      aria-label={showLabel ? undefined : 'Sign out'}
      title="Sign out"
      className={cn(
        'inline-flex items-center gap-2 rounded-md p-2 text-sm text-sidebar-muted transition-colors hover:bg-sidebar-active hover:text-sidebar-foreground disabled:opacity-50',
        className,
      )}
    >
      <LogOut aria-hidden="true" className="size-4" />
      {showLabel ? <span>Sign out</span> : null}
    </button>
  );
}
