/**
 * The SQLSTATE of a database error, if that is what `error` is. Drizzle wraps driver errors in a
 * DrizzleQueryError (whose message holds the SQL text, never to be shown) with the driver's error
 * as its cause; PGlite and node-postgres both put the SQLSTATE in `code`.
 */
export function databaseCode(error: unknown): string | undefined {
  let current = error as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; current && depth < 3; depth++) {
    if (typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code)) return current.code;
    current = current.cause as typeof current;
  }
  return undefined;
}

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';
