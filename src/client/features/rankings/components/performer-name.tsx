import type { TopPerformer } from '@shared/stats';
import { cn } from '@/lib/cn';
import { roundMoney } from '@/lib/format';

/** The member's name, marked '(former member)' once removed from the syndicate (DESIGN: archived). */
export function PerformerName({ member, className }: { member: TopPerformer['member']; className?: string }) {
  return (
    <span className={cn('min-w-0 [overflow-wrap:anywhere]', className)}>
      <span className="font-semibold" data-testid="performer-name">
        {member.name}
      </span>
      {member.archived ? (
        <span className="text-sm font-normal text-muted-foreground"> (former member)</span>
      ) : null}
    </span>
  );
}

/** Earnings with their sign, no decimals, green when ≥ 0 and red below. */
export function earningsClass(earnings: number) {
  return roundMoney(earnings, 0) >= 0 ? 'text-success' : 'text-destructive';
}
