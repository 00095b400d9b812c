import type { UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import type { AdvancedValues } from '../lib/bet-form';

type AdvancedKey = keyof AdvancedValues;

const FIELDS: { key: AdvancedKey; label: string; numeric?: boolean; placeholder?: string }[] = [
  { key: 'horseNumber', label: 'Horse Number', numeric: true, placeholder: 'e.g. 4' },
  { key: 'barrier', label: 'Barrier', numeric: true, placeholder: 'e.g. 7' },
  { key: 'jockey', label: 'Jockey', placeholder: 'e.g. J. McDonald' },
  { key: 'trainer', label: 'Trainer', placeholder: 'e.g. C. Waller' },
  { key: 'weight', label: 'Weight', placeholder: 'e.g. 57kg' },
  { key: 'silkColor', label: 'Silk Color', placeholder: 'e.g. Red and white' },
];

/** The Show/Hide button of the advanced options (spec §2, §4). */
export function AdvancedToggle({
  shown,
  onToggle,
  controls,
}: {
  shown: boolean;
  onToggle: () => void;
  controls: string;
}) {
  return (
    <Button
      type="button"
      variant="link"
      className="h-auto justify-self-start px-0"
      aria-expanded={shown}
      aria-controls={controls}
      onClick={onToggle}
    >
      {shown ? 'Hide Advanced Options' : 'Show Advanced Options'}
    </Button>
  );
}

/** horseNumber, barrier, jockey, trainer, weight, silkColor — all optional. */
export function AdvancedFields({
  id,
  field,
  errors,
}: {
  id: string;
  field: (key: AdvancedKey) => UseFormRegisterReturn;
  /** The form's errors (react-hook-form's `formState.errors`): each field shows its own message. */
  errors: Partial<Record<AdvancedKey, { message?: string | undefined } | undefined>>;
}) {
  return (
    <fieldset
      id={id}
      className="grid grid-cols-2 items-start gap-x-3 gap-y-4 rounded-md border border-border p-3"
    >
      <legend className="px-1 text-sm font-medium">Advanced Options</legend>
      {FIELDS.map((f) => (
        <FormField
          key={f.key}
          label={f.label}
          placeholder={f.placeholder}
          inputMode={f.numeric ? 'numeric' : undefined}
          error={errors[f.key]?.message}
          {...field(f.key)}
        />
      ))}
    </fieldset>
  );
}
