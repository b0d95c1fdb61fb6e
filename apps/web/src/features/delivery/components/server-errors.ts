import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';

/**
 * A refused save: the server's per-field messages (`details`, e.g. `rates` or `rates.0.price`) under the
 * fields the form has, and its message (a 409, an unknown zone) in the form's alert.
 */
export const showRefusal = <Values extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Values>,
  fields: readonly string[],
  fallback: string,
) => {
  const details =
    error instanceof ApiError ? (error.body?.details as Record<string, string> | undefined) : undefined;
  for (const [field, message] of Object.entries(details ?? {})) {
    if (fields.includes(field)) setError(field as Path<Values>, { message });
  }
  setError('root', { message: errorMessage(error, fallback) });
};
