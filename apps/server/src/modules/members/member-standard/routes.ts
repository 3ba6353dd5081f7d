import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dataEnvelope, idParam, orgStandardQuery, standardList, standardUpdate } from '@vigil/contracts';
import { errorResponses } from '../../../http/schemas.ts';
import { memberStandardList, orgStandardList, saveMemberStandards, saveOrgStandards } from './service.ts';

/**
 * The physiological standard tab of the member detail, and the organisation defaults under it.
 * Edits drop the alert rules' cached standards (alerts/standards.ts invalidateStandards) so the next
 * reading is judged by the new ranges. The member routes use the member's detail and update pairs;
 * the organisation defaults need the organisation's update pair.
 */
export async function memberStandardRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const answer = { 200: dataEnvelope(standardList), ...errorResponses };

  r.get(
    '/user/standard/org',
    {
      config: { permission: 'GET /user' },
      schema: { tags: ['user'], summary: 'Organisation default standards', querystring: orgStandardQuery, response: answer },
    },
    async (request) => ({ data: await orgStandardList(db, request.principal, request.query.org_id) }),
  );
  r.put(
    '/user/standard/org',
    {
      config: { permission: 'PUT /org/{id}' },
      schema: { tags: ['user'], summary: 'Edit organisation default standards', querystring: orgStandardQuery, body: standardUpdate, response: answer },
    },
    async (request) => ({ data: await saveOrgStandards(db, request.principal, request.query.org_id, request.body) }),
  );
  r.get(
    '/user/standard/:id',
    {
      config: { permission: 'GET /user/{id}' },
      schema: { tags: ['user'], summary: "A member's standards (13 kinds)", params: idParam, response: answer },
    },
    async (request) => ({ data: await memberStandardList(db, request.principal, request.params.id) }),
  );
  r.put(
    '/user/standard/:id',
    {
      config: { permission: 'PUT /user/{id}' },
      schema: { tags: ['user'], summary: "Edit a member's standard overrides", params: idParam, body: standardUpdate, response: answer },
    },
    async (request) => ({ data: await saveMemberStandards(db, request.principal, request.params.id, request.body) }),
  );
}
