import type { Bet, BetStatus } from '@shared/bet';
import { Check, Pencil, Trash2, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { betTypeLabel } from '../lib/bet-form';

export interface BetHandlers {
  /** Whether the signed-in user may edit, settle and delete this bet (admin, or the bet's member). */
  canChange: (bet: Bet) => boolean;
  /** Ids of bets being settled right now. */
  settling: ReadonlySet<number>;
  onSettle: (bets: Bet[], status: Exclude<BetStatus, 'pending'>) => void;
  onEdit: (bet: Bet) => void;
  onDelete: (bet: Bet) => void;
}

/** Mark win / mark loss (pending bets only), edit and delete for one bet. */
export function BetActions({ bet, handlers }: { bet: Bet; handlers: BetHandlers }) {
  if (!handlers.canChange(bet)) return null;
  const what = `${bet.horseName} (${betTypeLabel(bet.betType)})`;
  const busy = handlers.settling.has(bet.id);
  return (
    <div className="flex items-center justify-end gap-0.5">
      {bet.status === 'pending' ? (
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
    </div>
  );
}
