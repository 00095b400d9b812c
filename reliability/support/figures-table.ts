// Records figures (printed at once, one JSON line each in the suite's figures folder) and renders
// the collected figures as one Markdown table, grouped by the item number.
import fs from 'node:fs';

export interface Figure {
  item: number;
  label: string;
  value: string;
  /** Whether the figure meets its bar (informational figures carry true). */
  ok: boolean;
}

/** Prints one figure and appends it to `file` (the global setup collects every such file). */
export function recordFigure(file: string, { item, label, value, ok }: Figure): void {
  console.log(`[${item}] ${label}: ${value}${ok ? '' : '  ✗'}`);
  fs.appendFileSync(file, `${JSON.stringify({ item, label, value, ok })}\n`);
}

export const ITEMS: Record<number, string> = {
  1: 'Cross-tenant matrix',
  2: 'Role matrix',
  3: 'Authentication gate',
  4: 'Invite brute force',
  5: 'Sessions',
  6: 'CSRF and safe GETs',
  7: 'Headers and CSP',
  8: 'Request fuzzing',
  9: 'Crash atomicity',
  10: 'Load',
  11: 'WebSocket abuse',
  12: 'Durability and backups',
  13: 'Dependency audit',
  14: 'Member takeover',
  15: 'Login flood',
  16: 'Assistant CPU',
  17: 'Aborted-request flood',
  18: 'CSV import bombs',
};

export function renderFigures(
  figures: Figure[],
  run: { mode: string; database: string; seconds: number },
): string {
  const lines = [
    `Run: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC · ${run.mode} mode · ` +
      `database: ${run.database} · ${run.seconds} s · Node ${process.version}`,
    '',
    '| # | Area | Figure | Value | |',
    '|---|---|---|---|---|',
  ];
  const sorted = [...figures].sort((a, b) => a.item - b.item);
  for (const f of sorted) {
    lines.push(
      `| ${f.item} | ${ITEMS[f.item] ?? ''} | ${f.label} | ${f.value.replaceAll('|', '\\|')} | ${f.ok ? '✅' : '❌'} |`,
    );
  }
  const missing = Object.keys(ITEMS)
    .map(Number)
    .filter((n) => !figures.some((f) => f.item === n));
  if (missing.length)
    lines.push('', `No figures from item(s) ${missing.join(', ')} (their files did not run).`);
  return lines.join('\n');
}
