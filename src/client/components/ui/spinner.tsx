import { Loader2 } from 'lucide-react';
import { cn } from '@/lib/cn';

/** A centred spinner with a text label (spec §2: 'Loading...'). */
export function Spinner({ label = 'Loading...', className }: { label?: string; className?: string }) {
  return (
    <div role="status" className={cn('flex flex-col items-center justify-center gap-3 p-8', className)}>
      <Loader2 aria-hidden="true" className="size-8 animate-spin text-primary" />
      <p className="text-sm text-muted-foreground">{label}</p>
    </div>
  );
}
