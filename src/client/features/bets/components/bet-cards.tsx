import type { Bet } from '@shared/bet';
import type { BetRow } from '@shared/bet-group';
import { memo, type ReactNode, useCallback } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { InitialsAvatar } from '@/components/ui/initials-avatar';
import { cn } from '@/lib/cn';
import { useSyndicateFormat } from '@/lib/format';
import { betTypeLabel } from '../lib/bet-form';
import { rowKey } from '../lib/bet-lines';
import { PLACED_ITEM, usePlacedStyles, useWindowList } from '../lib/use-window-list';
import { ActionIcon, BetActions, type BetHandlers, ICON } from './bet-actions';
import { formatOdds, RaceLink, StatusBadge } from './bet-cells';
import { type GroupRowData, GroupSettleButtons, groupView } from './bet-rows';

/**
 * A card's height in px at 390 px wide (the head, the facts and the actions), and the race's line
 * when there is one: the estimate is the real height where it can be, as a card measured at another
 * height moves every card after it. A long horse name that wraps, or an expanded group, is measured.
 */
const CARD_HEIGHT = 168;
const RACE_LINE = 20;
const CARD_GAP = 12;
/**
 * New cards drawn per frame while scrolling (useStagedItems). One, as for the table's rows: at 12x
 * CPU, 3, 27 and 15 long tasks a scroll against 37, 49 and 52 with two (bench/performance-notes.md,
 * "The cards placed at their offsets").
 */
const CARDS_PER_FRAME = 1;

function cardHeight(row: BetRow<Bet> | undefined): number {
  const bet = row?.kind === 'single' ? row.bet : row?.bets[0];
  return CARD_HEIGHT + (bet?.race ? RACE_LINE : 0);
}

const MemoSingleCard = memo(SingleBetCard);
const MemoGroupCard = memo(GroupBetCard);

/**
 * Small screens: each bet (or group) as a card instead of a wide table row, in a list virtualised
 * against the window's scroll. Each rendered item says where it sits in the list (aria-posinset)
 * and how long the list is (aria-setsize; -1 while more pages remain).
 */
export function BetCardList({
  listKey,
  rows,
  complete,
  handlers,
  expanded,
  onToggleGroup,
  onNearEnd,
}: {
  /** The query whose rows these are: another one is a new list, drawn at once. */
  listKey: string;
  rows: BetRow<Bet>[];
  complete: boolean;
  handlers: BetHandlers;
  expanded: ReadonlySet<string>;
  onToggleGroup: (betGroupId: string) => void;
  onNearEnd: () => void;
}) {
  const getItemKey = useCallback((i: number) => (rows[i] ? rowKey(rows[i]) : String(i)), [rows]);
  const { anchor, virtualizer, items, shown, scrollMargin } = useWindowList<HTMLUListElement>({
    count: rows.length,
    estimateSize: (i) => cardHeight(rows[i]),
    getItemKey,
    gap: CARD_GAP,
    perFrame: CARDS_PER_FRAME,
    onNearEnd,
    listKey,
  });
  const placed = usePlacedStyles();
  return (
    <ul ref={anchor} className="relative" aria-label="Bets" style={{ height: virtualizer.getTotalSize() }}>
      {items.map((item) => {
        const row = rows[item.index];
        if (!row) return null;
        const style = placed(item.key, item.start - scrollMargin);
        if (!shown.has(item.key))
          return (
            <li
              key={item.key}
              aria-hidden="true"
              data-placeholder
              className={PLACED_ITEM}
              style={{ ...style, height: item.size }}
            />
          );
        return (
          <li
            key={item.key}
            ref={virtualizer.measureElement}
            className={PLACED_ITEM}
            style={style}
            data-index={item.index}
            aria-posinset={item.index + 1}
            aria-setsize={complete ? rows.length : -1}
          >
            <BetCard row={row} handlers={handlers} expanded={expanded} onToggleGroup={onToggleGroup} />
          </li>
        );
      })}
    </ul>
  );
}

/** One bet, or a group of bets, as a card (also the server's first paint of /bets: first-paint.tsx). */
export function BetCard({
  row,
  handlers,
  expanded,
  onToggleGroup,
}: {
  row: BetRow<Bet>;
  handlers: BetHandlers;
  expanded: ReadonlySet<string>;
  onToggleGroup: (betGroupId: string) => void;
}) {
  return row.kind === 'single' ? (
    <MemoSingleCard bet={row.bet} handlers={handlers} />
  ) : (
    <MemoGroupCard
      group={row}
      handlers={handlers}
      expanded={expanded.has(row.betGroupId)}
      onToggleGroup={onToggleGroup}
    />
  );
}

/**
 * A card's facts, each as wide as its figure, spread across the card; those that do not fit go on
 * to a next line whole (the largest win the app takes, +NZ$9,999,000,000.00, broke inside its
 * digits in a column of four; found by probing, 2026-12-03).
 */
const FACTS = 'flex flex-wrap justify-between gap-x-4 gap-y-2 text-sm';

function Fact({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={cn('font-medium tabular-nums [overflow-wrap:anywhere]', className)}>{children}</dd>
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
          <p className="min-w-0 font-semibold [overflow-wrap:anywhere]" data-testid="bet-horse">
            {title}
          </p>
          {status}
        </div>
        <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
          {bet.member.name} · {f.date(bet.date, 'MMM d, yyyy')}
        </p>
        {bet.race ? (
          <p className="text-sm [overflow-wrap:anywhere]">
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
      <dl className={FACTS}>
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
  group,
  handlers,
  expanded,
  onToggleGroup,
}: {
  group: GroupRowData;
  handlers: BetHandlers;
  expanded: boolean;
  onToggleGroup: (betGroupId: string) => void;
}) {
  const f = useSyndicateFormat();
  const { result, status } = group;
  const view = groupView(group.bets, status, handlers);
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
      <dl className={FACTS}>
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
          onClick={() => onToggleGroup(group.betGroupId)}
        >
          <ActionIcon path={expanded ? ICON.chevronDown : ICON.chevronRight} />
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
              <dl className={FACTS}>
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
