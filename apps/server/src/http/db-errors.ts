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

const unavailableCodes = new Set(['57P01', '57P02', '57P03', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * Whether `error` means the database cannot be reached right now (restarting, failed over, the
 * network cut): SQLSTATE class 08, an administrator or crash shutdown (57P01–57P03), a refused or
 * reset socket, or node-postgres' own "Connection terminated". The request may succeed if retried.
 */
export function databaseUnavailable(error: unknown): boolean {
  let current = error as { code?: unknown; cause?: unknown; message?: unknown } | undefined;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = typeof current.code === 'string' ? current.code : '';
    if (code.startsWith('08') || unavailableCodes.has(code)) return true;
    if (typeof current.message === 'string' && /Connection terminated|connection timeout|Client has encountered a connection error/i.test(current.message)) {
      return true;
    }
    current = current.cause as typeof current;
  }
  return false;
}
