// Records one figure: printed at once, and collected by the global setup into the final table.
import path from 'node:path';
import { inject } from 'vitest';
import { recordFigure } from './figures-table';

export function figure(item: number, label: string, value: string | number, ok = true): void {
  const text = typeof value === 'number' ? value.toLocaleString('en-US') : value;
  recordFigure(path.join(inject('figuresDir'), `figures-${process.pid}.jsonl`), {
    item,
    label,
    value: text,
    ok,
  });
}

/** Whether the run is the quick one (RELIABILITY_QUICK=1, `--quick`). */
export const isQuick = (): boolean => inject('quick');
