import { type ReactNode, useId } from 'react';
import { Card } from '@/components/ui/card';

/** A titled dashboard panel with an optional action (link or button) at the right of the title. */
export function DashboardCard({
  title,
  action,
  children,
  className,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const titleId = useId();
  return (
    <Card className={className} role="region" aria-labelledby={titleId}>
      <div className="flex items-center justify-between gap-2 p-4 sm:p-5">
        <h2 id={titleId} className="text-base font-semibold leading-tight">
          {title}
        </h2>
        {action}
      </div>
      <div className="px-4 pb-4 sm:px-5 sm:pb-5">{children}</div>
    </Card>
  );
}

/**
 * The muted one-line text a panel shows while loading or when empty. `reserve` (px) keeps the
 * height the loaded panel usually has, so what is below does not jump when the data arrives
 * (Lighthouse's layout shift).
 */
export function PanelNote({ children, reserve }: { children: ReactNode; reserve?: number }) {
  return (
    <p
      className="flex items-center justify-center py-6 text-center text-sm text-muted-foreground"
      style={reserve ? { minHeight: reserve } : undefined}
    >
      {children}
    </p>
  );
}
