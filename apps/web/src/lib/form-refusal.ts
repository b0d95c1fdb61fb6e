import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';
import { errorMessage } from './error-message';

/** The server's per-field messages of a refused request (`details`: field path → message), if any. */
export const refusalDetails = (error: unknown): Record<string, string> =>
  (error instanceof ApiError ? (error.body?.details as Record<string, string> | undefined) : undefined) ?? {};

/**
 * A refused save: the server's per-field messages (`details`, e.g. `taxId` or `rates.0.price`) under the
 * fields the form has, and its message (a 409, an unknown zone) in the form's alert.
 */
export const showRefusal = <Values extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Values>,
  fields: readonly string[],
  fallback: string,
) => {
  for (const [field, message] of Object.entries(refusalDetails(error))) {
    if (fields.includes(field)) setError(field as Path<Values>, { message });
  }
  setError('root', { message: errorMessage(error, fallback) });
};
