import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ErrorCode } from '@vigil/contracts';
import { ApiError } from '../../lib/http.ts';

/**
 * SPEC §8 code -5: the server names the failing fields and an i18n key for each; put them under
 * their fields. Returns whether any field was marked (the toast already said "validation failed").
 */
export function applyServerErrors<V extends FieldValues>(error: unknown, fields: readonly string[], setError: UseFormSetError<V>): boolean {
  if (!(error instanceof ApiError) || error.code !== ErrorCode.validationFailed) return false;
  let marked = false;
  for (const e of error.errors) {
    // A part of a field (`sites.0.intensity`) goes under that field, which shows it where it belongs.
    if (!fields.some((f) => e.field === f || e.field.startsWith(`${f}.`))) continue;
    setError(e.field as FieldPath<V>, { type: 'server', message: e.message });
    marked = true;
  }
  return marked;
}
