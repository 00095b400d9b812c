import type { Bet, BetStatus } from '@shared/bet';
import type { BetRights } from '@shared/bet-rights';
import { Check, Pencil, Scale, Trash2, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { betTypeLabel } from '../lib/bet-form';

export interface BetHandlers {
  /**
   * What the signed-in user may do with this bet (shared/bet-rights.ts): an admin anything; a
   * member settle, edit and delete their own pending bets only.
   */
  rights: (bet: Bet) => BetRights;
  /** Ids of bets being settled right now. */
  settling: ReadonlySet<number>;
  onSettle: (bets: Bet[], status: Exclude<BetStatus, 'pending'>) => void;
  /** Opens the Settle dialog (each-way, place, tote, dead heat, non-runner, Rule 4). */
  onSettleDetails: (bet: Bet) => void;
  /** An admin: may re-settle a bet that is already settled (the Settle dialog on settled bets). */
  canResettle: boolean;
  /** Opens the race's detail (runners, result, Enter result). */
  onOpenRace: (raceId: number) => void;
  onEdit: (bet: Bet) => void;
  onDelete: (bet: Bet) => void;
}

/**
 * Mark win / mark loss and Settle… (pending bets), Re-settle… (admins, settled bets), edit and delete
 * for one bet, each only where allowed.
 */
export function BetActions({ bet, handlers }: { bet: Bet; handlers: BetHandlers }) {
  const may = handlers.rights(bet);
  const pending = bet.status === 'pending';
  const settleDetails = (may.settle && pending) || (handlers.canResettle && !pending);
  if (!may.settle && !may.edit && !may.delete && !settleDetails) return null;
  const what = `${bet.horseName} (${betTypeLabel(bet.betType)})`;
  const busy = handlers.settling.has(bet.id);
  return (
    <div className="flex items-center justify-end gap-0.5">
      {may.settle && bet.status === 'pending' ? (
        <>
          <Button
            size="icon"
            variant="ghost"
            className="size-9! md:size-7! text-[#15803d] hover:bg-[#dcfce7]"
            aria-label={`Mark as win: ${what}`}
            title="Mark as win"
            disabled={busy}
            onClick={() => handlers.onSettle([bet], 'win')}
          >
            <Check aria-hidden="true" />
          </Button>
          <Button
            size="icon"
            variant="ghost"
            className="size-9! md:size-7! text-destructive hover:bg-[#fee2e2]"
            aria-label={`Mark as loss: ${what}`}
            title="Mark as loss"
            disabled={busy}
            onClick={() => handlers.onSettle([bet], 'loss')}
          >
            <X aria-hidden="true" />
          </Button>
        </>
      ) : null}
      {settleDetails ? (
        <Button
          size="icon"
          variant="ghost"
          className="size-9! md:size-7!"
          aria-label={`${pending ? 'Settle' : 'Re-settle'}…: ${what}`}
          title={pending ? 'Settle… (each-way, place, tote, dead heat, non-runner, Rule 4)' : 'Re-settle…'}
          disabled={busy}
          onClick={() => handlers.onSettleDetails(bet)}
        >
          <Scale aria-hidden="true" />
        </Button>
      ) : null}
      {may.edit ? (
        <Button
          size="icon"
          variant="ghost"
          className="size-9! md:size-7!"
          aria-label={`Edit bet: ${what}`}
          title="Edit"
          onClick={() => handlers.onEdit(bet)}
        >
          <Pencil aria-hidden="true" />
        </Button>
      ) : null}
      {may.delete ? (
        <Button
          size="icon"
          variant="ghost"
          className="size-9! md:size-7! text-destructive hover:bg-[#fee2e2]"
          aria-label={`Delete bet: ${what}`}
          title="Delete"
          onClick={() => handlers.onDelete(bet)}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      ) : null}
    </div>
  );
}
