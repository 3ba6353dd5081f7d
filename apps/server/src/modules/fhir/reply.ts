import type { FastifyReply, FastifyRequest } from 'fastify';
import { Resource } from '@vigil/contracts';
import { FHIR_JSON } from './outcome.ts';

/** The FHIR base URL as the caller reached it: links and full URLs work from wherever the client stands. */
export function fhirBase(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}${request.server.config.apiPrefix}${Resource.fhir}`;
}

/** A FHIR answer: fhir+json, serialised as it is (there is no response schema to check it against). */
export const sendFhir = (reply: FastifyReply, body: unknown) =>
  reply.type(FHIR_JSON).serializer(JSON.stringify).send(body);
