// The Bets table as lines for a virtualised list: one line per <tr>, so each line is measured and
// numbered (aria-rowindex) on its own. An expanded group is its row followed by one line per part.
import type { Bet } from '@shared/bet';
import type { BetRow } from '@shared/bet-group';

type GroupRow = Extract<BetRow<Bet>, { kind: 'group' }>;

export type BetLine =
  | { kind: 'single'; key: string; bet: Bet }
  | { kind: 'group'; key: string; group: GroupRow }
  | { kind: 'part'; key: string; bet: Bet; group: GroupRow };

/** A stable key for a row: the bet's id, or the group's id. */
export const rowKey = (row: BetRow<Bet>): string =>
  row.kind === 'single' ? `bet-${row.bet.id}` : `group-${row.betGroupId}`;

/** The rows as table lines; the parts of the groups in `expanded` follow their group, first bet first. */
export function betLines(rows: readonly BetRow<Bet>[], expanded: ReadonlySet<string>): BetLine[] {
  const lines: BetLine[] = [];
  for (const row of rows) {
    if (row.kind === 'single') {
      lines.push({ kind: 'single', key: rowKey(row), bet: row.bet });
      continue;
    }
    lines.push({ kind: 'group', key: rowKey(row), group: row });
    if (!expanded.has(row.betGroupId)) continue;
    for (const bet of [...row.bets].sort((a, b) => a.id - b.id))
      lines.push({ kind: 'part', key: `part-${bet.id}`, bet, group: row });
  }
  return lines;
}
