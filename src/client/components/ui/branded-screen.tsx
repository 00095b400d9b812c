import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { BrandMark } from './brand-mark';

/**
 * A full screen on the brand's green, with the mark at the top and one card in the middle: the
 * screens shown before the app itself (onboarding, accepting a personal invite link).
 */
export function BrandedScreen({ children, cardClassName }: { children: ReactNode; cardClassName?: string }) {
  return (
    <div className="flex min-h-screen flex-col bg-linear-to-b from-primary to-[#0b2e19]">
      <header className="px-4 py-4 text-primary-foreground sm:px-6">
        <BrandMark />
      </header>
      <main className="flex flex-1 items-start justify-center p-4 sm:items-center">
        <div className={cn('w-full max-w-lg rounded-lg bg-card p-6 shadow-xl sm:p-8', cardClassName)}>
          {children}
        </div>
      </main>
    </div>
  );
}
