// How a stored race result reads: the finishing order with dead heats marked ("=2"), horses by
// number and name, and the winner for the calendar.
import type { StoredRaceResult } from '@shared/race-result';
import { ordinal } from '@shared/settlement';

type Horse = { horseName: string | null; horseNumber: number | null };

/** '4 · Winx', 'Winx', 'No. 4'. */
export function horseLabel(h: Horse): string {
  if (h.horseName && h.horseNumber !== null) return `${h.horseNumber} · ${h.horseName}`;
  if (h.horseName) return h.horseName;
  return h.horseNumber !== null ? `No. ${h.horseNumber}` : '—';
}

export interface FinishLine {
  position: number;
  /** '1', '=2' (a dead heat), … */
  label: string;
  /** For screen readers: '1st', 'Dead heat for 2nd'. */
  spoken: string;
  deadHeat: boolean;
  horse: string;
  horseName: string | null;
  horseNumber: number | null;
}

/** The finishers in position order (entry order within a position), dead heats marked. */
export function finishLines(result: Pick<StoredRaceResult, 'finishers'>): FinishLine[] {
  const counts = new Map<number, number>();
  for (const f of result.finishers) counts.set(f.position, (counts.get(f.position) ?? 0) + 1);
  return result.finishers
    .map((f, i) => ({ f, i }))
    .sort((a, b) => a.f.position - b.f.position || a.i - b.i)
    .map(({ f }) => {
      const deadHeat = (counts.get(f.position) ?? 0) > 1;
      return {
        position: f.position,
        label: `${deadHeat ? '=' : ''}${f.position}`,
        spoken: deadHeat ? `Dead heat for ${ordinal(f.position)}` : ordinal(f.position),
        deadHeat,
        horse: horseLabel(f),
        horseName: f.horseName,
        horseNumber: f.horseNumber,
      };
    });
}

/** 'Winx', or 'Winx and Alpha (dead heat)'; null when no horse is at position 1. */
export function winnerText(result: Pick<StoredRaceResult, 'finishers'>): string | null {
  const winners = result.finishers.filter((f) => f.position === 1).map((f) => f.horseName ?? horseLabel(f));
  if (winners.length === 0) return null;
  if (winners.length === 1) return winners[0]!;
  return `${winners.slice(0, -1).join(', ')} and ${winners.at(-1)} (dead heat)`;
}

/** Decimal dividend or odds with two places. */
export const dividendText = (d: number): string => d.toFixed(2);
