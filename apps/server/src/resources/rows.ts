import { ilike, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** A `LIKE` pattern matching `text` anywhere, with the pattern characters in `text` taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A keyword filter: the text anywhere in any of `columns`, case-insensitively. */
export function matchesAny(...columns: (AnyPgColumn | SQL)[]): (text: string) => SQL | undefined {
  return (text) => or(...columns.map((c) => ilike(c, containsPattern(text))));
}
