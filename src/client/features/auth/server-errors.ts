import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { errorStatus, readApiErrorBody } from '@/lib/api';

/**
 * Turn a failed sign-in or sign-up call into a message for the form, and put the server's per-field
 * validation messages (`errors: [{path, message}]`) on the matching inputs (focusing the first).
 * Returns null when every message went onto its input, so it is not said twice.
 */
export function applyServerError<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): string | null {
  const body = readApiErrorBody(error);
  const fieldErrors = body?.errors ?? [];
  let placed = 0;
  for (const e of fieldErrors) {
    const field = fields.find((f) => f === e.path);
    if (!field) continue;
    setError(field, { type: 'server', message: e.message }, { shouldFocus: placed === 0 });
    placed++;
  }
  if (placed > 0 && placed === fieldErrors.length) return null;
  if (body?.message) return body.message;
  const status = errorStatus(error);
  if (status === 401) return 'Invalid email or password';
  if (status === 409) return 'An account with this email already exists';
  if (status === 429) return 'Too many attempts. Please wait a moment and try again.';
  return 'Something went wrong. Please try again.';
}
