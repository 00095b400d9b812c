import {
  FEATURE_MAX,
  PLAN_DESCRIPTION_MAX,
  PLAN_DURATION_MAX,
  PLAN_NAME_MAX,
  type Plan,
  type PlanInput,
} from '@shared/subscription';
import { z } from 'zod';

/** Numbers are typed as text, so an empty field reads as a message, not NaN. */
const numberText = (message: string, ok: (n: number) => boolean) =>
  z
    .string()
    .trim()
    .refine((s) => s !== '' && Number.isFinite(Number(s)) && ok(Number(s)), message);

/** Spec §5 (Subscription plan): messages and defaults (price 0, duration 1 month). */
export const planFormSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Name is required')
    .max(PLAN_NAME_MAX, `Name must be at most ${PLAN_NAME_MAX} characters`),
  price: numberText('Price must be positive', (n) => n >= 0).refine(
    (s) => /^\d*(\.\d{0,2})?$/.test(s),
    'Use at most 2 decimals',
  ),
  duration: numberText('Duration must be at least 1 month', (n) => n >= 1)
    .refine((s) => Number.isInteger(Number(s)), 'Duration must be a whole number of months')
    .refine((s) => Number(s) <= PLAN_DURATION_MAX, `Duration must be at most ${PLAN_DURATION_MAX} months`),
  description: z
    .string()
    .max(PLAN_DESCRIPTION_MAX, `Description must be at most ${PLAN_DESCRIPTION_MAX} characters`),
  features: z
    .string()
    .refine(
      (text) => text.split('\n').every((line) => line.trim().length <= FEATURE_MAX),
      `Each feature must be at most ${FEATURE_MAX} characters`,
    ),
});
export type PlanFormValues = z.infer<typeof planFormSchema>;

export const EMPTY_PLAN_FORM: PlanFormValues = {
  name: '',
  price: '0',
  duration: '1',
  description: '',
  features: '',
};

export function planToForm(plan: Plan): PlanFormValues {
  return {
    name: plan.name,
    price: String(plan.price),
    duration: String(plan.duration),
    description: plan.description ?? '',
    features: plan.features.join('\n'),
  };
}

/** Features one per line, blank lines dropped; an empty description is sent as null. */
export function formToPlanInput(values: PlanFormValues): PlanInput {
  const description = values.description.trim();
  return {
    name: values.name.trim(),
    price: Number(values.price),
    duration: Number(values.duration),
    description: description || null,
    features: values.features
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== ''),
  };
}
