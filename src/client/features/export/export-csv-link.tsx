import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/**
 * "Export CSV": a link the browser downloads (the server names the file in Content-Disposition).
 * A link rather than fetch + blob: the file streams straight to disk however many bets there are,
 * the session cookie goes along, and a GET needs no Origin check.
 */
export function ExportCsvLink({
  href,
  label = 'Export CSV',
  className,
}: {
  href: string;
  label?: string;
  className?: string;
}) {
  return (
    <Button asChild variant="outline" className={cn(className)}>
      <a href={href} download>
        <Download aria-hidden="true" />
        {label}
      </a>
    </Button>
  );
}
