import type { Bet } from '@shared/bet';
import type { BetRow } from '@shared/bet-group';
import { type ComponentProps, Fragment } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { STICKY_CELL_BG, Td, Tr } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { betTypeLabel } from '../lib/bet-form';
import { ActionIcon, BetActions, type BetHandlers, ICON } from './bet-actions';
import { DateCell, formatOdds, MemberCell, MoneyCell, RaceCell, ResultCell, StatusBadge } from './bet-cells';

/**
 * Where the table scrolls sideways (a tablet, or a laptop below 1,440 px beside the sidebar),
 * Result, Status and Actions stay in view at its right edge, in their own order: what a bet made,
 * where it stands and what can be done with it, while Member to Bet Type scroll beneath them. Each
 * offset is the width of the columns after it in ROW_GRID (bets-table.tsx): Actions 10rem, Status
 * 5.5rem. Result's shadow marks the edge the other columns pass under; at 1440 px nothing scrolls.
 */
export const ACTIONS_CELL = `sticky right-0 ${STICKY_CELL_BG} text-right`;
export const STATUS_CELL = `sticky right-[10rem] ${STICKY_CELL_BG}`;
export const RESULT_CELL = `sticky right-[15.5rem] ${STICKY_CELL_BG} shadow-[-6px_0_6px_-6px_rgb(0_0_0/0.2)] min-[1440px]:shadow-none`;
/** A group's part is drawn on the muted row; its sticky cells are too. */
const PART_BG = 'bg-muted';

function OddsCell({ bet }: { bet: Bet }) {
  return (
    <Td className="whitespace-nowrap tabular-nums">
      {formatOdds(bet.odds)}
      {bet.oddsType === 'tote' ? <span className="ml-1 text-xs text-muted-foreground">tote</span> : null}
    </Td>
  );
}

/** What a virtualised list passes to each row: its ref (for measuring), data-index, aria-rowindex. */
type RowProps = Omit<ComponentProps<'tr'>, 'children'>;

export function SingleBetRow({ bet, handlers, ...row }: { bet: Bet; handlers: BetHandlers } & RowProps) {
  return (
    <Tr data-testid="bet-item" {...row}>
      <MemberCell member={bet.member} />
      <Td className="font-medium break-words" data-testid="bet-horse">
        {bet.horseName}
      </Td>
      <RaceCell race={bet.race} onOpenRace={handlers.onOpenRace} />
      <DateCell date={bet.date} />
      <OddsCell bet={bet} />
      <MoneyCell amount={bet.amount} />
      <Td className="whitespace-nowrap">{betTypeLabel(bet.betType)}</Td>
      <ResultCell result={bet.result} className={RESULT_CELL} />
      <Td className={STATUS_CELL}>
        <StatusBadge status={bet.status} />
      </Td>
      <Td className={ACTIONS_CELL}>
        <BetActions bet={bet} handlers={handlers} />
      </Td>
    </Tr>
  );
}

/**
 * A group's parts side by side ("Each-way + Place", "12.00 / 3.00"): where the column is too
 * narrow they break after the separator, never inside a part.
 */
function Parts({ items, separator, text }: { items: Bet[]; separator: string; text: (bet: Bet) => string }) {
  return items.map((b, i) => (
    <Fragment key={b.id}>
      {i > 0 ? separator : null}
      <span className="whitespace-nowrap">{text(b)}</span>
    </Fragment>
  ));
}

export type GroupRowData = Extract<BetRow<Bet>, { kind: 'group' }>;

export interface GroupView {
  /** The parts in the order they were placed (the first bet first: 'Win + Place'). */
  bets: Bet[];
  first: Bet;
  /** 'Win + Place'. */
  types: string;
  /** Total stake in major units (summed in cents). */
  total: number;
  pendingBets: Bet[];
  /** All Win / All Loss show only while the group is pending, to whoever may change its bets. */
  canSettle: boolean;
  busy: boolean;
  /** 'Horse (Win + Place)', for accessible names. */
  what: string;
}

export function groupView(
  parts: readonly Bet[],
  status: GroupRowData['status'],
  handlers: BetHandlers,
): GroupView | null {
  const bets = [...parts].sort((a, b) => a.id - b.id);
  const first = bets[0];
  if (!first) return null;
  const types = bets.map((b) => betTypeLabel(b.betType)).join(' + ');
  const pendingBets = bets.filter((b) => b.status === 'pending');
  return {
    bets,
    first,
    types,
    total: bets.reduce((cents, b) => cents + Math.round(b.amount * 100), 0) / 100,
    pendingBets,
    canSettle:
      status === 'pending' && pendingBets.length > 0 && pendingBets.every((b) => handlers.rights(b).settle),
    busy: pendingBets.some((b) => handlers.settling.has(b.id)),
    what: `${first.horseName} (${types})`,
  };
}

/** All Win / All Loss: one settle call per pending part. */
export function GroupSettleButtons({ view, handlers }: { view: GroupView; handlers: BetHandlers }) {
  if (!view.canSettle) return null;
  return (
    <div className="flex items-center justify-end gap-1">
      <Button
        size="sm"
        variant="outline"
        className="h-8 px-2.5 text-xs text-[#15803d]"
        disabled={view.busy}
        aria-label={`All Win: ${view.what}`}
        onClick={() => handlers.onSettle(view.pendingBets, 'win')}
      >
        All Win
      </Button>
      <Button
        size="sm"
        variant="outline"
        className="h-8 px-2.5 text-xs text-destructive"
        disabled={view.busy}
        aria-label={`All Loss: ${view.what}`}
        onClick={() => handlers.onSettle(view.pendingBets, 'loss')}
      >
        All Loss
      </Button>
    </div>
  );
}

/**
 * Bets sharing a betGroupId: one row with the types joined by ' + ', the combined result (the sum
 * once none is pending, else 'Pending') and a count of bets; expanding (state kept by the list, so
 * it survives the row scrolling out of view) lists each bet as a GroupPartRow with its own actions.
 * All Win / All Loss show only while the group is pending.
 */
export function GroupBetRow({
  group,
  handlers,
  expanded,
  onToggleGroup,
  ...row
}: {
  group: GroupRowData;
  handlers: BetHandlers;
  expanded: boolean;
  onToggleGroup: (betGroupId: string) => void;
} & RowProps) {
  const view = groupView(group.bets, group.status, handlers);
  if (!view) return null;
  const { bets, first, total, what } = view;
  return (
    <Tr data-testid="bet-group" data-state={expanded ? 'open' : 'closed'} {...row}>
      <MemberCell member={first.member} />
      <Td className="font-medium">
        <div className="flex items-center gap-1">
          <Button
            size="icon"
            variant="ghost"
            className="-ml-2 size-7 shrink-0"
            aria-expanded={expanded}
            aria-label={`${expanded ? 'Hide' : 'Show'} bets: ${what}`}
            onClick={() => onToggleGroup(group.betGroupId)}
          >
            <ActionIcon path={expanded ? ICON.chevronDown : ICON.chevronRight} />
          </Button>
          <span data-testid="bet-horse">{first.horseName}</span>
        </div>
      </Td>
      <RaceCell race={first.race} onOpenRace={handlers.onOpenRace} />
      <DateCell date={first.date} />
      <Td className="tabular-nums">
        <Parts items={bets} separator=" / " text={(b) => formatOdds(b.odds)} />
      </Td>
      <MoneyCell amount={total} />
      <Td>
        <div className="flex flex-col items-start gap-1">
          <span>
            <Parts items={bets} separator=" + " text={(b) => betTypeLabel(b.betType)} />
          </span>
          <Badge variant="outline">{bets.length} bets</Badge>
        </div>
      </Td>
      <ResultCell result={group.result} pendingText="Pending" className={RESULT_CELL} />
      <Td className={STATUS_CELL}>
        <StatusBadge status={group.status} />
      </Td>
      <Td className={ACTIONS_CELL}>
        <GroupSettleButtons view={view} handlers={handlers} />
      </Td>
    </Tr>
  );
}

/** One part of an expanded group, under the group's row. */
export function GroupPartRow({
  bet,
  what,
  handlers,
  className,
  ...row
}: { bet: Bet; what: string; handlers: BetHandlers } & RowProps) {
  return (
    <Tr data-testid="bet-group-part" className={cn('bg-muted/40', className)} {...row}>
      <Td colSpan={3} className="col-span-3 pl-12 text-muted-foreground">
        <span className="sr-only">Part of {what}: </span>
        {betTypeLabel(bet.betType)} bet
      </Td>
      <DateCell date={bet.date} />
      <OddsCell bet={bet} />
      <MoneyCell amount={bet.amount} />
      <Td className="whitespace-nowrap">{betTypeLabel(bet.betType)}</Td>
      <ResultCell result={bet.result} className={cn(RESULT_CELL, PART_BG)} />
      <Td className={cn(STATUS_CELL, PART_BG)}>
        <StatusBadge status={bet.status} />
      </Td>
      <Td className={cn(ACTIONS_CELL, PART_BG)}>
        <BetActions bet={bet} handlers={handlers} />
      </Td>
    </Tr>
  );
}
