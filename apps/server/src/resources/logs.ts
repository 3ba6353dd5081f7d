import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { staffName } from './names.ts';
import { time, type WireField } from './wire.ts';

/**
 * The wire keys every log row ends with: who wrote it and when. A log entry is never edited, so
 * its updated_at is its created_at.
 */
export function loggedBy(log: { operator: AnyPgColumn; createdAt: AnyPgColumn }): {
  operator_id: WireField;
  operator_name: WireField;
  created_at: WireField;
  updated_at: WireField;
} {
  return {
    operator_id: log.operator,
    operator_name: staffName(log.operator),
    created_at: time(log.createdAt),
    updated_at: time(log.createdAt),
  };
}

/** Logs are read, never written, through their routes. */
export const readOnly = ['list', 'detail'] as const;
