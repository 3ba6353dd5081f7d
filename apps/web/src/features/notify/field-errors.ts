import type { z } from 'zod';
import { ApiError } from '../../lib/http.ts';

/** Field path → message (an i18n key, or the server's own words), from a failed parse. */
export type FieldErrors = Record<string, string>;

export function issuesOf(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const path = issue.path.join('.');
    out[path] ??= issue.message;
  }
  return out;
}

/** A -5 from the server names its fields: the page shows each beside its input. */
export function serverIssuesOf(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(error.errors.map((e) => [e.field, e.message]));
}
