import type { Bet, BetStatus } from '@shared/bet';
import type { GroupStatus } from '@shared/bet-group';
import type { RaceSummary } from '@shared/race';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { InitialsAvatar } from '@/components/ui/initials-avatar';
import { Td } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { useSyndicateFormat } from '@/lib/format';

const STATUS: Record<GroupStatus, { label: string; variant: BadgeVariant }> = {
  pending: { label: 'Pending', variant: 'warning' },
  win: { label: 'Win', variant: 'success' },
  loss: { label: 'Loss', variant: 'destructive' },
  // An each-way bet whose place half won: paid, but not a win (stats count only `win` as one).
  placed: { label: 'Placed', variant: 'info' },
  // A non-runner: the stake came back.
  void: { label: 'Void', variant: 'outline' },
  mixed: { label: 'Mixed', variant: 'secondary' },
};

export function StatusBadge({ status }: { status: GroupStatus | BetStatus }) {
  const s = STATUS[status];
  return <Badge variant={s.variant}>{s.label}</Badge>;
}

/** Decimal odds with two places: 3.5 → '3.50'. */
export const formatOdds = (odds: number): string => odds.toFixed(2);

export function MemberCell({ member }: { member: Bet['member'] }) {
  return (
    <Td>
      {/* As tall as a two-line name, so every row is (bets-table.tsx's ROW_HEIGHT). */}
      <div className="flex min-h-10 items-center gap-2">
        <InitialsAvatar name={member.name} initials={member.initials} className="size-8 text-xs" />
        <span className="min-w-0 font-medium break-words">{member.name}</span>
      </div>
    </Td>
  );
}

/** The race's name opens its detail (runners, result, Enter result). */
export function RaceLink({ race, onOpenRace }: { race: RaceSummary; onOpenRace: (raceId: number) => void }) {
  return (
    <button
      type="button"
      className="rounded-sm text-left font-medium text-primary underline-offset-2 [overflow-wrap:anywhere] hover:underline"
      onClick={() => onOpenRace(race.id)}
    >
      {race.name}
    </button>
  );
}

export function RaceCell({ race, onOpenRace }: { race: Bet['race']; onOpenRace: (raceId: number) => void }) {
  return (
    <Td>
      {race ? (
        <div>
          <RaceLink race={race} onOpenRace={onOpenRace} />
          <div className="text-xs text-muted-foreground [overflow-wrap:anywhere]">{race.venue}</div>
        </div>
      ) : (
        <span className="text-muted-foreground">—</span>
      )}
    </Td>
  );
}

export function DateCell({ date }: { date: string }) {
  const f = useSyndicateFormat();
  return <Td className="whitespace-nowrap">{f.date(date, 'MMM d, yyyy')}</Td>;
}

export function MoneyCell({ amount }: { amount: number }) {
  const f = useSyndicateFormat();
  return <Td className="whitespace-nowrap tabular-nums">{f.money(amount)}</Td>;
}

/** Profit in green, loss in red; `pendingText` while there is no result yet. */
export function ResultCell({
  result,
  pendingText = '—',
  className,
}: {
  result: number | null;
  pendingText?: string;
  className?: string;
}) {
  const f = useSyndicateFormat();
  if (result === null)
    return <Td className={cn('whitespace-nowrap text-muted-foreground', className)}>{pendingText}</Td>;
  return (
    <Td
      className={cn(
        'whitespace-nowrap font-medium tabular-nums',
        result > 0 ? 'text-[#15803d]' : result < 0 ? 'text-destructive' : undefined,
        className,
      )}
    >
      {f.money(result, { signed: true })}
    </Td>
  );
}
