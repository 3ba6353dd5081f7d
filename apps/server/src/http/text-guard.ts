import type { FastifyInstance } from 'fastify';
import { invalid } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route checks its own items one by one (ingest), so one bad string must not refuse the rest. */
    textPerItem?: boolean;
  }
}

/** NUL and the other C0 controls except tab, line feed and carriage return. */
// eslint-disable-next-line no-control-regex -- matching control characters is what this guard is for
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;
/** Deeper JSON than any request of the API carries: the walk stops there rather than recurse without end. */
const MAX_DEPTH = 8;

/** The path of the first string holding a control character, or null. */
export function controlCharacterAt(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return CONTROL.test(value) ? path : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (CONTROL.test(key)) return at;
    const found = controlCharacterAt(item, at, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * PostgreSQL text cannot hold NUL, and no field of the console needs control characters: refusing
 * them before validation turns what would be a database error (a 500) into SPEC's -5 naming the
 * field, for every route's query, params and body at once.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config.textPerItem) return;
    for (const part of [request.params, request.query, request.body]) {
      const field = controlCharacterAt(part);
      if (field !== null) throw invalid([{ field, message: 'validation.specialCharsGeneric' }], 'Text must not contain control characters');
    }
  });
}
