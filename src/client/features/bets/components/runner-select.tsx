import type { Runner } from '@shared/race-result';
import { useMemo } from 'react';
import { SelectField } from '@/components/ui/select';
import { pickedRunner, runnerOptions } from '../lib/runner-pick';

/**
 * Picks the horse from the race's runners (imported with the race card). Choosing one fills the
 * horse name, number, jockey, trainer, weight, barrier and silk; the fields stay editable.
 */
export function RunnerSelect({
  runners,
  horseName,
  horseNumber,
  onPick,
}: {
  runners: readonly Runner[];
  horseName: string;
  horseNumber: string;
  onPick: (runner: Runner) => void;
}) {
  const options = useMemo(() => runnerOptions(runners), [runners]);
  return (
    <SelectField
      label="Runner"
      placeholder="Pick from the field"
      hint="Fills the horse, number, jockey, trainer, weight, barrier and silk."
      options={options}
      value={pickedRunner(runners, horseName, horseNumber)}
      onValueChange={(value) => {
        const runner = runners[Number(value)];
        if (runner) onPick(runner);
      }}
    />
  );
}
