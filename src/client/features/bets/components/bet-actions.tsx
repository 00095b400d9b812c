import type { Bet, BetStatus } from '@shared/bet';
import type { BetRights } from '@shared/bet-rights';
import type { SVGProps } from 'react';
import { Button } from '@/components/ui/button';
import { betTypeLabel } from '../lib/bet-form';

/**
 * The icons of the bets' row actions, as Lucide draws them (lucide.dev, ISC licence), each as one
 * `<path>`: lucide-react builds several path elements per icon through its own component, and a
 * pending bet's row has five icons. Rows come and go as the list scrolls, so every element a row
 * saves is style, layout and paint saved on each frame of a fast scroll (bench/bets-page.ts).
 * The sub-paths are Lucide's, joined; a leading relative move became absolute ("m6 6 12 12" is
 * "M6 6l12 12").
 */
export function ActionIcon({ path, ...props }: { path: string } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      {...props}
    >
      <path d={path} />
    </svg>
  );
}

export const ICON = {
  check: 'M20 6 9 17l-5-5',
  x: 'M18 6 6 18M6 6l12 12',
  scale:
    'M12 3v18M19 8l3 8a5 5 0 0 1-6 0zV7M3 7h1a17 17 0 0 0 8-2 17 17 0 0 0 8 2h1M5 8l3 8a5 5 0 0 1-6 0zV7M7 21h10',
  pencil:
    'M21.174 6.812a1 1 0 0 0-3.986-3.987L3.842 16.174a2 2 0 0 0-.5.83l-1.321 4.352a.5.5 0 0 0 .623.622l4.353-1.32a2 2 0 0 0 .83-.497zM15 5l4 4',
  trash:
    'M10 11v6M14 11v6M19 6v14a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V6M3 6h18M8 6V4a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2',
  chevronDown: 'M6 9l6 6 6-6',
  chevronRight: 'M9 18l6-6-6-6',
};

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
            className="size-9 md:size-7 text-[#15803d] hover:bg-[#dcfce7]"
            aria-label={`Mark as win: ${what}`}
            title="Mark as win"
            disabled={busy}
            onClick={() => handlers.onSettle([bet], 'win')}
          >
            <ActionIcon path={ICON.check} />
          </Button>
          <Button
            size="icon"
            variant="ghost"
            className="size-9 md:size-7 text-destructive hover:bg-[#fee2e2]"
            aria-label={`Mark as loss: ${what}`}
            title="Mark as loss"
            disabled={busy}
            onClick={() => handlers.onSettle([bet], 'loss')}
          >
            <ActionIcon path={ICON.x} />
          </Button>
        </>
      ) : null}
      {settleDetails ? (
        <Button
          size="icon"
          variant="ghost"
          className="size-9 md:size-7"
          aria-label={`${pending ? 'Settle' : 'Re-settle'}…: ${what}`}
          title={pending ? 'Settle… (each-way, place, tote, dead heat, non-runner, Rule 4)' : 'Re-settle…'}
          disabled={busy}
          onClick={() => handlers.onSettleDetails(bet)}
        >
          <ActionIcon path={ICON.scale} />
        </Button>
      ) : null}
      {may.edit ? (
        <Button
          size="icon"
          variant="ghost"
          className="size-9 md:size-7"
          aria-label={`Edit bet: ${what}`}
          title="Edit"
          onClick={() => handlers.onEdit(bet)}
        >
          <ActionIcon path={ICON.pencil} />
        </Button>
      ) : null}
      {may.delete ? (
        <Button
          size="icon"
          variant="ghost"
          className="size-9 md:size-7 text-destructive hover:bg-[#fee2e2]"
          aria-label={`Delete bet: ${what}`}
          title="Delete"
          onClick={() => handlers.onDelete(bet)}
        >
          <ActionIcon path={ICON.trash} />
        </Button>
      ) : null}
    </div>
  );
}
