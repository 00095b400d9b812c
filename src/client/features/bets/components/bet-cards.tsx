import type { Bet } from '@shared/bet';
import type { BetRow } from '@shared/bet-group';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { InitialsAvatar } from '@/components/ui/initials-avatar';
import { cn } from '@/lib/cn';
import { useSyndicateFormat } from '@/lib/format';
import { betTypeLabel } from '../lib/bet-form';
import { BetActions, type BetHandlers } from './bet-actions';
import { formatOdds, RaceLink, StatusBadge } from './bet-cells';
import { GroupSettleButtons, groupView } from './bet-rows';

/** Small screens: each bet (or group) as a card instead of a wide table row. */
export function BetCardList({ rows, handlers }: { rows: BetRow<Bet>[]; handlers: BetHandlers }) {
  return (
    <ul className="grid gap-3" aria-label="Bets">
      {rows.map((row) =>
        row.kind === 'single' ? (
          <li key={row.bet.id}>
            <SingleBetCard bet={row.bet} handlers={handlers} />
          </li>
        ) : (
          <li key={row.betGroupId}>
            <GroupBetCard bets={row.bets} result={row.result} status={row.status} handlers={handlers} />
          </li>
        ),
      )}
    </ul>
  );
}

function Fact({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={cn('font-medium tabular-nums', className)}>{children}</dd>
    </div>
  );
}

function ResultFact({ result, pendingText = '—' }: { result: number | null; pendingText?: string }) {
  const f = useSyndicateFormat();
  if (result === null)
    return (
      <Fact label="Result" className="text-muted-foreground">
        {pendingText}
      </Fact>
    );
  return (
    <Fact
      label="Result"
      className={result > 0 ? 'text-[#15803d]' : result < 0 ? 'text-destructive' : undefined}
    >
      {f.money(result, { signed: true })}
    </Fact>
  );
}

function CardHead({
  bet,
  title,
  status,
  onOpenRace,
}: {
  bet: Bet;
  title: ReactNode;
  status: ReactNode;
  onOpenRace: (raceId: number) => void;
}) {
  const f = useSyndicateFormat();
  return (
    <div className="flex items-start gap-3">
      <InitialsAvatar name={bet.member.name} initials={bet.member.initials} className="size-9 text-xs" />
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-2">
          <p className="font-semibold" data-testid="bet-horse">
            {title}
          </p>
          {status}
        </div>
        <p className="text-sm text-muted-foreground">
          {bet.member.name} · {f.date(bet.date, 'MMM d, yyyy')}
        </p>
        {bet.race ? (
          <p className="text-sm">
            <RaceLink race={bet.race} onOpenRace={onOpenRace} />{' '}
            <span className="text-muted-foreground">· {bet.race.venue}</span>
          </p>
        ) : null}
      </div>
    </div>
  );
}

function SingleBetCard({ bet, handlers }: { bet: Bet; handlers: BetHandlers }) {
  const f = useSyndicateFormat();
  return (
    <article className="grid gap-3 rounded-lg border border-border p-3" data-testid="bet-item">
      <CardHead
        bet={bet}
        title={bet.horseName}
        status={<StatusBadge status={bet.status} />}
        onOpenRace={handlers.onOpenRace}
      />
      <dl className="grid grid-cols-4 gap-2 text-sm">
        <Fact label="Bet Type">{betTypeLabel(bet.betType)}</Fact>
        <Fact label="Odds">{formatOdds(bet.odds)}</Fact>
        <Fact label="Amount">{f.money(bet.amount)}</Fact>
        <ResultFact result={bet.result} />
      </dl>
      <BetActions bet={bet} handlers={handlers} />
    </article>
  );
}

function GroupBetCard({
  bets: unordered,
  result,
  status,
  handlers,
}: {
  bets: Bet[];
  result: number | null;
  status: Extract<BetRow<Bet>, { kind: 'group' }>['status'];
  handlers: BetHandlers;
}) {
  const f = useSyndicateFormat();
  const [expanded, setExpanded] = useState(false);
  const view = groupView(unordered, status, handlers);
  if (!view) return null;
  const { bets, first, types, total, what } = view;
  return (
    <article className="grid gap-3 rounded-lg border border-border p-3" data-testid="bet-group">
      <CardHead
        bet={first}
        title={first.horseName}
        status={<StatusBadge status={status} />}
        onOpenRace={handlers.onOpenRace}
      />
      <dl className="grid grid-cols-3 gap-2 text-sm">
        <Fact label="Bet Type">
          {types} <Badge variant="outline">{bets.length} bets</Badge>
        </Fact>
        <Fact label="Amount">{f.money(total)}</Fact>
        <ResultFact result={result} pendingText="Pending" />
      </dl>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button
          variant="ghost"
          size="sm"
          className="-ml-2"
          aria-expanded={expanded}
          aria-label={`${expanded ? 'Hide' : 'Show'} bets: ${what}`}
          onClick={() => setExpanded((e) => !e)}
        >
          {expanded ? <ChevronDown aria-hidden="true" /> : <ChevronRight aria-hidden="true" />}
          {expanded ? 'Hide bets' : 'Show bets'}
        </Button>
        <GroupSettleButtons view={view} handlers={handlers} />
      </div>
      {expanded ? (
        <ul className="grid gap-2">
          {bets.map((bet) => (
            <li key={bet.id} className="grid gap-2 rounded-md bg-muted/60 p-2" data-testid="bet-group-part">
              <div className="flex items-center justify-between gap-2">
                <span className="text-sm font-medium">{betTypeLabel(bet.betType)} bet</span>
                <StatusBadge status={bet.status} />
              </div>
              <dl className="grid grid-cols-3 gap-2 text-sm">
                <Fact label="Odds">{formatOdds(bet.odds)}</Fact>
                <Fact label="Amount">{f.money(bet.amount)}</Fact>
                <ResultFact result={bet.result} />
              </dl>
              <BetActions bet={bet} handlers={handlers} />
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}
