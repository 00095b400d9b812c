// Two-part bets share a betGroupId and show as one row: its status and combined result are
// derived here (spec §4), and the bets list is folded into single bets and groups.
import type { BetStatus } from './bet';

export type GroupStatus = BetStatus | 'mixed';

/**
 * pending if any part is pending; win if all win; loss if all loss; otherwise mixed. A placed
 * part (an each-way bet whose place half won) counts as a win, and void parts are ignored: a group
 * whose parts are all void is void. An empty group counts as pending (nothing is settled).
 */
export function groupStatus(bets: readonly { status: BetStatus }[]): GroupStatus {
  if (bets.length === 0 || bets.some((b) => b.status === 'pending')) return 'pending';
  const counted = bets.filter((b) => b.status !== 'void');
  if (counted.length === 0) return 'void';
  if (counted.every((b) => b.status === 'win' || b.status === 'placed')) return 'win';
  if (counted.every((b) => b.status === 'loss')) return 'loss';
  return 'mixed';
}

/**
 * The group's profit (+) or loss (−) in major units: the sum of its parts' results once none is
 * pending, else null (shown as 'Pending'). Summed in whole cents, so 0.1 + 0.2 is exactly 0.3.
 */
export function groupResult(bets: readonly { status: BetStatus; result: number | null }[]): number | null {
  if (groupStatus(bets) === 'pending') return null;
  let cents = 0;
  for (const b of bets) {
    if (b.result === null) return null;
    cents += Math.round(b.result * 100);
  }
  return cents / 100;
}

export type BetRow<T> =
  | { kind: 'single'; bet: T }
  | { kind: 'group'; betGroupId: string; bets: T[]; status: GroupStatus; result: number | null };

/**
 * Folds a list of bets into rows, keeping the list's order: bets sharing a betGroupId become one
 * group at the position of its first bet; others (and a group left with one bet) stay single.
 */
export function groupBets<T extends { betGroupId: string | null; status: BetStatus; result: number | null }>(
  bets: readonly T[],
): BetRow<T>[] {
  const byGroup = new Map<string, T[]>();
  for (const bet of bets) {
    if (bet.betGroupId === null) continue;
    const list = byGroup.get(bet.betGroupId);
    if (list) list.push(bet);
    else byGroup.set(bet.betGroupId, [bet]);
  }
  const rows: BetRow<T>[] = [];
  const placed = new Set<string>();
  for (const bet of bets) {
    const members = bet.betGroupId === null ? undefined : byGroup.get(bet.betGroupId);
    if (!members || members.length < 2 || bet.betGroupId === null) {
      rows.push({ kind: 'single', bet });
      continue;
    }
    if (placed.has(bet.betGroupId)) continue;
    placed.add(bet.betGroupId);
    rows.push({
      kind: 'group',
      betGroupId: bet.betGroupId,
      bets: members,
      status: groupStatus(members),
      result: groupResult(members),
    });
  }
  return rows;
}
