import type { Bet } from '@shared/bet';
import { betRights } from '@shared/bet-rights';
import { BETS_FIRST_ROWS_MARK } from '@shared/first-paint';
import {
  lazy,
  memo,
  type ReactNode,
  Suspense,
  useCallback,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react';
import { useLocation } from 'wouter';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { type BetsFilter, useBetPages } from '@/features/bets/api/get-bets';
import { betsCsvUrl } from '@/features/export/export-urls';
import { useRaceDialog } from '@/features/races/lib/use-race-dialog';
import { releaseFirstPaint } from '@/lib/first-paint';
import { useDialogState } from '@/lib/use-dialog-state';
import type { BetHandlers } from './components/bet-actions';
import { BetCardList } from './components/bet-cards';
import { BetsPageTop } from './components/bets-page-top';
import { BetsTable } from './components/bets-table';
import type { DayRange } from './components/bets-toolbar';
import { betLines } from './lib/bet-lines';
import { betRows, nextSort, type SortColumn, type StatusFilter } from './lib/bet-rows';
import { betsFilterOf, betsViewFromSearch, betsViewSearch, rangeBackwards } from './lib/bets-view';
import { useBetActor } from './lib/use-bet-actor';
import { useDeleteBetState, useEditBetState, useSettleBets } from './lib/use-bet-changes';
import { useDebouncedValue } from './lib/use-debounced-value';
import { useWideScreen } from './lib/use-window-list';

const NO_RIGHTS = { settle: false, edit: false, delete: false };
/** The heading and controls render again only when their own props change (not at each page of bets). */
const MemoBetsPageTop = memo(BetsPageTop);

// The dialogs (forms, zod, the race's detail) are their own chunks: the first rows need none of
// them. They load when the browser is idle after the first rows, or when first opened.
const loadAddBet = () => import('./components/add-bet-dialog');
const loadImport = () => import('./components/import-csv-dialog');
const loadEdit = () => import('./components/edit-bet-dialog');
const loadSettle = () => import('./components/settle-bet-dialog');
const loadRace = () => import('@/features/races/components/race-detail-dialog');
const AddBetDialog = lazy(() => loadAddBet().then((m) => ({ default: m.AddBetDialog })));
const ImportCsvDialog = lazy(() => loadImport().then((m) => ({ default: m.ImportCsvDialog })));
const EditBetDialog = lazy(() => loadEdit().then((m) => ({ default: m.EditBetDialog })));
const SettleBetDialog = lazy(() => loadSettle().then((m) => ({ default: m.SettleBetDialog })));
const RaceDetailDialog = lazy(() => loadRace().then((m) => ({ default: m.RaceDetailDialog })));
const preloadDialogs = () => {
  for (const load of [loadAddBet, loadImport, loadEdit, loadSettle, loadRace]) void load().catch(() => {});
};

/** A lazy dialog, mounted from the first time it opens (and kept, so it can animate closed). */
function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return open || opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/** The search waits this long after the last keystroke before asking the server, in ms. */
const SEARCH_DEBOUNCE_MS = 250;

/**
 * A user-timing mark when the first rows are on screen (the bench reads it: bench/lib/frontend.ts).
 * When the server drew them (app/first-paint-render.tsx), it set the mark then.
 */
export const FIRST_ROWS_MARK = BETS_FIRST_ROWS_MARK;

/**
 * /bets: the bets, 50 at a time as the user scrolls, in a virtualised table (cards on small
 * screens); two-part bets fold into one row. The server sorts, filters (status, member, days) and
 * searches, over every bet: keyset pages in the chosen order (GET /api/bets?sort=).
 */
export function BetsPage() {
  const actor = useBetActor();
  // The view starts from the address (a reload, the back button or a shared link) and is written
  // back to it as it changes (lib/bets-view.ts).
  const [initial] = useState(() => betsViewFromSearch(window.location.search));
  const [sort, setSort] = useState(initial.sort);
  const [filter, setFilter] = useState<StatusFilter>(initial.status);
  const [memberId, setMemberId] = useState(initial.memberId);
  const [range, setRange] = useState<DayRange>({ from: initial.from, to: initial.to });
  const [search, setSearch] = useState(initial.q);
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  // A day typed digit by digit is a new day at each digit: ask once it settles. A backwards range
  // is not asked for (the server refuses it); the list stays as it was and the inputs say why.
  const days = useDebouncedValue(range, SEARCH_DEBOUNCE_MS);
  const [shownDays, setShownDays] = useState<DayRange>(() => (rangeBackwards(range) ? {} : range));
  if (!rangeBackwards(days) && (days.from !== shownDays.from || days.to !== shownDays.to)) setShownDays(days);
  const serverFilter = useMemo<BetsFilter>(
    () => betsFilterOf({ status: filter, memberId, from: shownDays.from, to: shownDays.to, q, sort }),
    [filter, memberId, shownDays.from, shownDays.to, q, sort],
  );
  const address = betsViewSearch({ status: filter, memberId, from: days.from, to: days.to, q, sort });
  const [, navigate] = useLocation();
  useEffect(() => {
    if (window.location.search.replace(/^\?/, '') !== address)
      navigate(address ? `/bets?${address}` : '/bets', { replace: true });
  }, [address, navigate]);
  const pages = useBetPages(serverFilter);
  const { data, isPending, isError, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } =
    pages;
  // A page that arrives while scrolling is worked into rows and lines in a transition (slices that
  // yield), not in the query's own synchronous update. The list's identity goes with it: the query
  // whose bets these are (the last one's while another filter's first page loads), so the rows
  // draw a new list's first screen at once and stage only what scrolls in (use-window-list.ts).
  const listKey = pages.isPlaceholderData ? 'previous' : JSON.stringify(serverFilter);
  const deferred = useDeferredValue(
    useMemo(() => ({ bets: data?.pages.flatMap((p) => p.bets), listKey }), [data, listKey]),
  );
  const bets = deferred.bets;
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const onToggleGroup = useCallback(
    (betGroupId: string) =>
      setExpanded((s) => {
        const next = new Set(s);
        if (!next.delete(betGroupId)) next.add(betGroupId);
        return next;
      }),
    [],
  );
  const onNearEnd = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);
  const wide = useWideScreen();
  const [addOpen, setAddOpen] = useState(false);
  const onAdd = useCallback(() => setAddOpen(true), []);
  const { settling, onSettle } = useSettleBets();
  const editing = useEditBetState();
  // The Settle dialog keeps its bet while it fades out, as Edit Bet does.
  const settlingDetails = useEditBetState();
  const deleting = useDeleteBetState();
  const raceDialog = useRaceDialog();
  const importDialog = useDialogState();

  // The server filters already; filtering again here keeps a group's rules (shared/bet-group.ts).
  const rows = useMemo(() => betRows(bets ?? [], filter), [bets, filter]);
  const lines = useMemo(() => (wide ? betLines(rows, expanded) : []), [wide, rows, expanded]);
  const complete = !hasNextPage;
  const shown = rows.length > 0;
  // The server's picture of this page, if it drew one, goes as this render reaches the screen.
  useLayoutEffect(() => {
    if (!isPending) releaseFirstPaint();
  }, [isPending]);
  useEffect(() => {
    if (!shown || performance.getEntriesByName(FIRST_ROWS_MARK).length > 0) return;
    performance.mark(FIRST_ROWS_MARK);
    const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 200));
    idle(preloadDialogs);
  }, [shown]);
  const onSort = useCallback((column: SortColumn) => setSort((s) => nextSort(s, column)), []);
  // The server's rules: an admin changes any bet; a member only their own pending bets.
  const actorId = actor?.memberId;
  const actorRole = actor?.role;
  const rights = useCallback(
    (bet: Bet) =>
      actorId === undefined || actorRole === undefined
        ? NO_RIGHTS
        : betRights({ memberId: actorId, role: actorRole }, bet),
    [actorId, actorRole],
  );
  const handlers = useMemo<BetHandlers>(
    () => ({
      rights,
      settling,
      onSettle: (list, status) => void onSettle(list, status),
      onSettleDetails: settlingDetails.edit,
      canResettle: actorRole === 'admin',
      onOpenRace: raceDialog.show,
      onEdit: editing.edit,
      onDelete: deleting.ask,
    }),
    [
      rights,
      settling,
      onSettle,
      settlingDetails.edit,
      actorRole,
      raceDialog.show,
      editing.edit,
      deleting.ask,
    ],
  );

  return (
    <div className="grid gap-6 pb-16 md:pb-0">
      <MemoBetsPageTop
        search={search}
        onSearch={setSearch}
        filter={filter}
        onFilter={setFilter}
        memberId={memberId}
        onMemberId={setMemberId}
        range={range}
        onRange={setRange}
        sort={sort}
        onSort={onSort}
        exportHref={betsCsvUrl({ ...serverFilter, status: filter })}
        canImport={actorRole === 'admin'}
        onAdd={onAdd}
        onImport={importDialog.show}
      />
      {isPending ? (
        <Spinner label="Loading bets..." />
      ) : isError && !bets ? (
        <EmptyState title="Failed to load bets." description="Please try again later." />
      ) : !shown ? (
        <Card>
          <EmptyState
            title="No bets found."
            description={
              q || filter !== 'all' || memberId !== undefined || shownDays.from || shownDays.to
                ? 'Try another search or filter.'
                : undefined
            }
          />
        </Card>
      ) : wide ? (
        <Card className="overflow-hidden">
          <BetsTable
            listKey={deferred.listKey}
            lines={lines}
            complete={complete}
            sort={sort}
            onSort={onSort}
            handlers={handlers}
            expanded={expanded}
            onToggleGroup={onToggleGroup}
            onNearEnd={onNearEnd}
          />
        </Card>
      ) : (
        <BetCardList
          listKey={deferred.listKey}
          rows={rows}
          complete={complete}
          handlers={handlers}
          expanded={expanded}
          onToggleGroup={onToggleGroup}
          onNearEnd={onNearEnd}
        />
      )}
      <div aria-live="polite" className="empty:hidden">
        {isFetchingNextPage ? (
          <Spinner label="Loading more bets..." className="p-4" />
        ) : isFetchNextPageError ? (
          <div className="flex items-center justify-center gap-3 p-4 text-sm">
            <span>Failed to load more bets.</span>
            <Button variant="outline" size="sm" onClick={() => void fetchNextPage()}>
              Retry
            </Button>
          </div>
        ) : null}
      </div>
      <OnceOpened open={addOpen}>
        <AddBetDialog open={addOpen} onOpenChange={setAddOpen} />
      </OnceOpened>
      <OnceOpened open={importDialog.open}>
        <ImportCsvDialog open={importDialog.open} onOpenChange={importDialog.onOpenChange} />
      </OnceOpened>
      <OnceOpened open={editing.open}>
        <EditBetDialog bet={editing.bet} open={editing.open} onOpenChange={editing.onOpenChange} />
      </OnceOpened>
      <OnceOpened open={settlingDetails.open}>
        <SettleBetDialog
          bet={settlingDetails.bet}
          open={settlingDetails.open}
          onOpenChange={settlingDetails.onOpenChange}
          canUnsettle={actorRole === 'admin'}
        />
      </OnceOpened>
      <OnceOpened open={raceDialog.open}>
        <RaceDetailDialog
          raceId={raceDialog.raceId}
          open={raceDialog.open}
          onOpenChange={raceDialog.onOpenChange}
        />
      </OnceOpened>
      <ConfirmDialog
        open={deleting.open}
        onOpenChange={deleting.onOpenChange}
        title="Delete Bet"
        description={
          deleting.bet
            ? `Are you sure you want to delete the ${deleting.bet.betType} bet on ${deleting.bet.horseName}? This action cannot be undone.`
            : ''
        }
        pending={deleting.pending}
        onConfirm={() => void deleting.confirm()}
      />
    </div>
  );
}
