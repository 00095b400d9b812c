// Records one figure: printed at once, and collected by the global setup into the final table.
import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';

export function figure(item: number, label: string, value: string | number, ok = true): void {
  const text = typeof value === 'number' ? value.toLocaleString('en-US') : value;
  console.log(`[${item}] ${label}: ${text}${ok ? '' : '  ✗'}`);
  const line = JSON.stringify({ item, label, value: text, ok });
  fs.appendFileSync(path.join(inject('figuresDir'), `figures-${process.pid}.jsonl`), `${line}\n`);
}

/** Whether the run is the quick one (RELIABILITY_QUICK=1, `--quick`). */
export const isQuick = (): boolean => inject('quick');
