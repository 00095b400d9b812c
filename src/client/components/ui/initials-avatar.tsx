import { avatarColour } from '@/lib/avatar-colour';
import { cn } from '@/lib/cn';

/** An avatar drawn from initials on a colour derived from the name — no external image service. */
export function InitialsAvatar({
  name,
  initials,
  className,
}: {
  name: string;
  initials: string;
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex size-10 shrink-0 select-none items-center justify-center rounded-full text-sm font-semibold text-white',
        className,
      )}
      style={{ backgroundColor: avatarColour(name) }}
    >
      {initials}
    </span>
  );
}
