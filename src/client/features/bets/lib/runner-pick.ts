// Picking the horse from a race's runners fills the bet's horse and advanced fields as text.
import type { Runner } from '@shared/race-result';
import type { AdvancedValues } from './bet-form';

export type RunnerFields = AdvancedValues & { horseName: string };

/** The runner's horse, number, jockey, trainer, weight, barrier (its draw) and silk as form text. */
export function runnerFields(runner: Runner): RunnerFields {
  return {
    horseName: runner.horse,
    horseNumber: runner.number === null ? '' : String(runner.number),
    jockey: runner.jockey ?? '',
    trainer: runner.trainer ?? '',
    weight: runner.weight ?? '',
    barrier: runner.draw === null ? '' : String(runner.draw),
    silkColor: runner.silkColor ?? '',
  };
}

/** '4 · Winx (J. McDonald)': number first, as a race card lists them. */
export function runnerLabel(runner: Runner): string {
  const number = runner.number === null ? '' : `${runner.number} · `;
  return `${number}${runner.horse}${runner.jockey ? ` (${runner.jockey})` : ''}`;
}

/** The select's options: the runner's index in the field as its value. */
export const runnerOptions = (runners: readonly Runner[]) =>
  runners.map((r, i) => ({ value: String(i), label: runnerLabel(r) }));

/** The runner the form's horse is (same name and number), as an option value; '' when none is. */
export function pickedRunner(runners: readonly Runner[], horseName: string, horseNumber: string): string {
  const index = runners.findIndex(
    (r) => r.horse === horseName.trim() && (r.number === null ? '' : String(r.number)) === horseNumber.trim(),
  );
  return index < 0 ? '' : String(index);
}
