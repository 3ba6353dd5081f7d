import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ErrorCode } from '@vigil/contracts';
import { FOREIGN_KEY_VIOLATION, UNIQUE_VIOLATION, databaseCode, databaseUnavailable } from './db-errors.ts';
import { AppError, TooManyAttempts, type FieldError } from './errors.ts';

/**
 * Every failure leaves as `{ code, message, errors? }` with a SPEC §8 code. Nothing internal (stack,
 * SQL, constraint text) reaches the client; it goes to the log with the request id instead.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((thrown: unknown, request, reply) => {
    const error = thrown as FastifyError;
    if (thrown instanceof AppError) {
      if (thrown instanceof TooManyAttempts) reply.header('retry-after', String(thrown.retryAfterSeconds));
      return reply.status(thrown.status).send({ code: thrown.code, message: thrown.message, errors: thrown.errors });
    }
    if (hasZodFastifySchemaValidationErrors(thrown)) {
      const errors: FieldError[] = thrown.validation.map((v) => ({
        field: fieldName(v.instancePath, v.params as { keys?: string[] }),
        message: v.message ?? 'validation.invalidInput',
      }));
      return reply.status(422).send({ code: ErrorCode.validationFailed, message: 'Form validation failed', errors });
    }
    const dbCode = databaseCode(thrown);
    if (dbCode === UNIQUE_VIOLATION) {
      return reply.status(409).send({ code: ErrorCode.duplicate, message: 'Duplicate data' });
    }
    if (dbCode === FOREIGN_KEY_VIOLATION || dbCode === '22P02' || dbCode === '22003' || dbCode === '22001') {
      request.log.warn({ err: error }, 'rejected by a database constraint');
      return reply.status(422).send({ code: ErrorCode.validationFailed, message: 'Form validation failed' });
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({ code: ErrorCode.processError, message: error.message });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500 && !isResponseSerializationError(error)) {
      // Malformed JSON, wrong content type, body too large: the client sent something unusable.
      return reply
        .status(error.statusCode === 404 ? 404 : 422)
        .send({ code: error.statusCode === 404 ? ErrorCode.notFound : ErrorCode.validationFailed, message: error.message });
    }
    if (databaseUnavailable(thrown)) {
      // A database restart or failover: say "try again shortly" (503, Retry-After), not a crash.
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '2').send({ code: ErrorCode.processError, message: 'Service temporarily unavailable' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: ErrorCode.processError, message: 'System error' });
  });
}

/** The body of every 404 for an unknown route (the SPA fallback in app.ts decides when it applies). */
export function routeNotFound(method: string, url: string) {
  return { code: ErrorCode.notFound, message: `No route ${method} ${url.split('?')[0]}` };
}

function fieldName(instancePath: string, params: { keys?: string[] }): string {
  const path = instancePath.replace(/^\//, '').replaceAll('/', '.');
  // Unknown fields (strict schemas) have no path of their own; name them instead.
  if (!path && Array.isArray(params.keys)) return params.keys.join(',');
  return path;
}
