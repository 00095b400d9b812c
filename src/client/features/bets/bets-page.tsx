import type { Bet } from '@shared/bet';
import { betRights } from '@shared/bet-rights';
import { Plus, Upload } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { useBets } from '@/features/bets/api/get-bets';
import { useDialogState } from '@/features/calendar/use-dialog-state';
import { ExportCsvLink } from '@/features/export/export-csv-link';
import { betsCsvUrl } from '@/features/export/export-urls';
import { RaceDetailDialog } from '@/features/races/components/race-detail-dialog';
import { useRaceDialog } from '@/features/races/lib/use-race-dialog';
import { AddBetDialog } from './components/add-bet-dialog';
import type { BetHandlers } from './components/bet-actions';
import { BetCardList } from './components/bet-cards';
import { BetsTable } from './components/bets-table';
import { StatusFilterSelect } from './components/bets-toolbar';
import { EditBetDialog } from './components/edit-bet-dialog';
import { ImportCsvDialog } from './components/import-csv-dialog';
import { SettleBetDialog } from './components/settle-bet-dialog';
import { SortControl } from './components/sort-control';
import { betRows, DEFAULT_SORT, nextSort, type SortColumn, type StatusFilter } from './lib/bet-rows';
import { useBetActor } from './lib/use-bet-actor';
import { useDeleteBetState, useEditBetState, useSettleBets } from './lib/use-bet-changes';

const NO_RIGHTS = { settle: false, edit: false, delete: false };

/** /bets: every bet, filtered by status and sorted by column; two-part bets fold into one row. */
export function BetsPage() {
  const { data: bets, isPending, isError } = useBets();
  const actor = useBetActor();
  const [sort, setSort] = useState(DEFAULT_SORT);
  const [filter, setFilter] = useState<StatusFilter>('all');
  const [addOpen, setAddOpen] = useState(false);
  const { settling, onSettle } = useSettleBets();
  const editing = useEditBetState();
  // The Settle dialog keeps its bet while it fades out, as Edit Bet does.
  const settlingDetails = useEditBetState();
  const deleting = useDeleteBetState();
  const raceDialog = useRaceDialog();
  const importDialog = useDialogState();

  const rows = useMemo(() => betRows(bets ?? [], sort, filter), [bets, sort, filter]);
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
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">Bets</h1>
        <Button onClick={() => setAddOpen(true)}>
          <Plus aria-hidden="true" />
          Add Bet
        </Button>
      </div>
      <div className="grid gap-3 sm:flex sm:flex-wrap sm:items-center">
        <StatusFilterSelect value={filter} onChange={setFilter} />
        <div className="md:hidden">
          <SortControl sort={sort} onSort={onSort} />
        </div>
        {/* The export takes the page's status filter; importing is for admins. */}
        <div className="flex gap-2 sm:ml-auto">
          <ExportCsvLink href={betsCsvUrl({ status: filter })} className="flex-1 sm:flex-none" />
          {actorRole === 'admin' ? (
            <Button variant="outline" className="flex-1 sm:flex-none" onClick={importDialog.show}>
              <Upload aria-hidden="true" />
              Import CSV
            </Button>
          ) : null}
        </div>
      </div>
      {isPending ? (
        <Spinner label="Loading bets..." />
      ) : isError ? (
        <EmptyState title="Failed to load bets." description="Please try again later." />
      ) : rows.length === 0 ? (
        <Card>
          <EmptyState title="No bets found." />
        </Card>
      ) : (
        <>
          <Card className="hidden overflow-hidden md:block">
            <BetsTable rows={rows} sort={sort} onSort={onSort} handlers={handlers} />
          </Card>
          <div className="md:hidden">
            <BetCardList rows={rows} handlers={handlers} />
          </div>
        </>
      )}
      <AddBetDialog open={addOpen} onOpenChange={setAddOpen} />
      <ImportCsvDialog open={importDialog.open} onOpenChange={importDialog.onOpenChange} />
      <EditBetDialog bet={editing.bet} open={editing.open} onOpenChange={editing.onOpenChange} />
      <SettleBetDialog
        bet={settlingDetails.bet}
        open={settlingDetails.open}
        onOpenChange={settlingDetails.onOpenChange}
        canUnsettle={actorRole === 'admin'}
      />
      <RaceDetailDialog
        raceId={raceDialog.raceId}
        open={raceDialog.open}
        onOpenChange={raceDialog.onOpenChange}
      />
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
