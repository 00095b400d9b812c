// How a settlement reads in the Settle dialog's preview: each part's stake, odds, paid share and return.
import type { PartSettlement } from '@shared/settlement';

/** Odds as the rules computed them: two places, more when a place fraction needs them (1.8333 → '1.833'). */
export function formatExactOdds(odds: number): string {
  const three = Number(odds.toFixed(3));
  return Number(three.toFixed(2)) === three ? odds.toFixed(2) : three.toFixed(3);
}

/** A paid share as a fraction: 1 → '', 0.5 → '1/2', 0.3333… → '1/3', 0.6666… → '2/3'. */
export function shareText(share: number): string {
  if (share >= 1 || share <= 0) return '';
  for (let d = 2; d <= 20; d += 1) {
    const n = Math.round(share * d);
    if (Math.abs(n / d - share) < 1e-9) return `${n}/${d}`;
  }
  return share.toFixed(3);
}

/**
 * 'Win half: $5.00 at 5.00 → $25.00', 'Place half: $5.00 at 2.00, dead heat 1/3 paid → $3.33',
 * 'Win: $10.00 at 3.00 — lost'. `money` formats major units; stakes and returns arrive in cents.
 */
export function partLine(part: PartSettlement, halves: boolean, money: (dollars: number) => string): string {
  const name = `${part.part === 'win' ? 'Win' : 'Place'}${halves ? ' half' : ''}`;
  const head = `${name}: ${money(part.stake / 100)} at ${formatExactOdds(part.odds)}`;
  if (part.share <= 0) return `${head} — lost`;
  const share = shareText(part.share);
  return `${head}${share ? `, dead heat ${share} paid` : ''} → ${money(part.returns / 100)}`;
}
