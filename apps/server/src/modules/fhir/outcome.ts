import type { FastifyInstance, FastifyReply } from 'fastify';
import type { OperationOutcome, OperationOutcomeIssue } from '@medplum/fhirtypes';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ErrorCode } from '@vigil/contracts';
import { AppError } from '../../http/errors.ts';
import { databaseUnavailable } from '../../http/db-errors.ts';

/** FHIR's JSON media type: every answer of /fhir/R4 carries it. */
export const FHIR_JSON = 'application/fhir+json; charset=utf-8';

type IssueCode = OperationOutcomeIssue['code'];

/** A refusal of the FHIR API: its HTTP status and the OperationOutcome issue that explains it. */
export class FhirError extends Error {
  constructor(
    readonly status: number,
    readonly issueCode: IssueCode,
    message: string,
    /** The search parameter or element at fault (OperationOutcome.issue.expression). */
    readonly expression?: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, expression?: string) =>
  new FhirError(400, 'invalid', message, expression);
export const notSupported = (message: string, expression?: string) =>
  new FhirError(400, 'not-supported', message, expression);
export const fhirNotFound = (what: string) => new FhirError(404, 'not-found', `${what} is not known`);

export function operationOutcome(
  severity: 'error' | 'information',
  code: IssueCode,
  text: string,
  expression?: string,
): OperationOutcome {
  return {
    resourceType: 'OperationOutcome',
    issue: [{ severity, code, diagnostics: text, ...(expression ? { expression: [expression] } : {}) }],
  };
}

/** The SPEC §8 codes the guard and the shared kit throw, as FHIR statuses and issue codes. */
const fromAppError: Partial<Record<ErrorCode, [number, IssueCode]>> = {
  [ErrorCode.tokenExpired]: [401, 'login'],
  [ErrorCode.noPermission]: [403, 'forbidden'],
  [ErrorCode.notFound]: [404, 'not-found'],
  [ErrorCode.validationFailed]: [400, 'invalid'],
};

function send(reply: FastifyReply, status: number, outcome: OperationOutcome) {
  return reply.status(status).type(FHIR_JSON).send(outcome);
}

/**
 * Every failure under /fhir/R4 answers an OperationOutcome, as a FHIR client expects, never the
 * console's `{ code, message }` body: the sign-in and permission guard's refusals (401, 403), the
 * search's own refusals (400, 404), a schema's (400), and anything unexpected (500, logged with
 * the request id and nothing internal in the answer).
 */
export function registerFhirErrors(app: FastifyInstance): void {
  app.setErrorHandler((thrown: unknown, request, reply) => {
    if (thrown instanceof FhirError)
      return send(
        reply,
        thrown.status,
        operationOutcome('error', thrown.issueCode, thrown.message, thrown.expression),
      );
    if (thrown instanceof AppError) {
      const [status, code] = fromAppError[thrown.code] ?? [thrown.status, 'processing'];
      return send(reply, status, operationOutcome('error', code, thrown.message, thrown.errors?.[0]?.field));
    }
    if (hasZodFastifySchemaValidationErrors(thrown)) {
      const first = thrown.validation[0];
      return send(
        reply,
        400,
        operationOutcome(
          'error',
          'invalid',
          first?.message ?? 'Invalid request',
          first?.instancePath.replace(/^\//, '') || undefined,
        ),
      );
    }
    if (databaseUnavailable(thrown)) {
      request.log.warn({ err: thrown }, 'database unavailable');
      reply.header('retry-after', '2');
      return send(reply, 503, operationOutcome('error', 'transient', 'Service temporarily unavailable'));
    }
    request.log.error({ err: thrown }, 'unhandled error');
    return send(reply, 500, operationOutcome('error', 'exception', 'System error'));
  });
}
