import { cn } from '@/lib/cn';

/** The app's logo and name. */
export function BrandMark({ className, label = 'Racing Syndicate' }: { className?: string; label?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold', className)}>
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8 shrink-0 rounded-lg ring-1 ring-white/25">
        <rect width="32" height="32" rx="8" fill="#14532d" />
        <path
          d="M9 22V10h7.5a4 4 0 0 1 0 8H13m3 0 5 4"
          fill="none"
          stroke="#fbbf24"
          strokeWidth="2.6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="truncate">{label}</span>
    </span>
  );
}
