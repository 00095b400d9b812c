import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** A grey placeholder block while data loads; decorative, so hidden from assistive tech. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-muted', className)} {...props} />;
}
