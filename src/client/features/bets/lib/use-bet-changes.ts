import type { Bet, BetStatus } from '@shared/bet';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { useDeleteBet } from '@/features/bets/api/delete-bet';
import { useSettleBet } from '@/features/bets/api/settle-bet';

/** The Edit Bet dialog clears its selected bet this long after closing (spec §9), in ms. */
export const EDIT_CLEAR_DELAY_MS = 200;

/** Settle one or more bets, one call each (All Win / All Loss settle only the pending parts). */
export function useSettleBets() {
  const settle = useSettleBet();
  const [settling, setSettling] = useState<ReadonlySet<number>>(new Set());
  const onSettle = useCallback(
    async (bets: Bet[], status: Exclude<BetStatus, 'pending'>) => {
      const ids = bets.filter((b) => b.status === 'pending').map((b) => b.id);
      setSettling((s) => new Set([...s, ...ids]));
      let failed = false;
      for (const id of ids) {
        try {
          await settle.mutateAsync({ id, status });
        } catch {
          failed = true;
        }
      }
      setSettling((s) => new Set([...s].filter((id) => !ids.includes(id))));
      if (failed)
        toast({
          title: 'Error',
          description: 'Failed to update bet status. Please try again.',
          variant: 'destructive',
        });
    },
    [settle.mutateAsync],
  );
  return { settling, onSettle };
}

/** The Edit Bet dialog's state: open, and the bet it shows (kept 200 ms after closing). */
export function useEditBetState() {
  const [bet, setBet] = useState<Bet | null>(null);
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const edit = useCallback((next: Bet) => {
    clearTimeout(timer.current);
    setBet(next);
    setOpen(true);
  }, []);
  const onOpenChange = useCallback((next: boolean) => {
    setOpen(next);
    if (!next) {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setBet(null), EDIT_CLEAR_DELAY_MS);
    }
  }, []);
  return { bet, open, edit, onOpenChange };
}

/** Delete with confirmation: 'Bet deleted' / 'Failed to delete bet. Please try again.' */
export function useDeleteBetState() {
  const remove = useDeleteBet();
  // The bet stays while the confirmation fades out, so its text does not go blank.
  const [bet, setBet] = useState<Bet | null>(null);
  const [open, setOpen] = useState(false);
  const ask = useCallback((next: Bet) => {
    setBet(next);
    setOpen(true);
  }, []);
  const confirm = async () => {
    setOpen(false);
    if (!bet) return;
    try {
      await remove.mutateAsync(bet.id);
    } catch {
      toast({
        title: 'Error',
        description: 'Failed to delete bet. Please try again.',
        variant: 'destructive',
      });
      return;
    }
    toast({ title: 'Bet deleted' });
  };
  return { bet, open, ask, onOpenChange: setOpen, confirm, pending: remove.isPending };
}
