import { Construction } from 'lucide-react';
import type { ReactNode } from 'react';

/** A page's heading and a short note, until the page's real content lands. */
export function PagePlaceholder({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children?: ReactNode;
}) {
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <p className="mt-1 text-muted-foreground">{description}</p>
      </div>
      {children ?? (
        <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-input bg-card p-10 text-center text-muted-foreground">
          <Construction aria-hidden="true" className="size-8 text-primary" />
          <p>This section is on its way.</p>
        </div>
      )}
    </div>
  );
}
