import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  Resource,
  alertRoutingQuery,
  alertRoutingUpdate,
  alertRoutingView,
  dataEnvelope,
} from '@vigil/contracts';
import { errorResponses } from '../../../http/schemas.ts';
import { readRouting, resolveRoutingOrg, writeRouting } from './service.ts';

const tag = 'abnormal';

/**
 * GET and PUT /abnormal/routing (docs/alert-rules.md "Routing"): which of an organisation's alerts
 * go to which roles, areas and related organisations. The PUT replaces the whole rule set, keeps
 * the record history and applies at once on this instance (within a minute on the others).
 */
export async function alertRoutingRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  r.get(
    Resource.abnormalRouting,
    {
      config: { permission: 'GET /abnormal/routing' },
      schema: {
        tags: [tag],
        summary:
          "The organisation's alert routing: categories and priorities to roles, areas and related organisations (org_id: operators only)",
        querystring: alertRoutingQuery,
        response: { 200: dataEnvelope(alertRoutingView), ...errorResponses },
      },
    },
    async (request) => {
      const org = await resolveRoutingOrg(db, request.principal, request.query.org_id);
      return { data: await readRouting(db, org.id) };
    },
  );

  r.put(
    Resource.abnormalRouting,
    {
      config: { permission: 'PUT /abnormal/routing', history: Resource.abnormalRouting },
      schema: {
        tags: [tag],
        summary:
          "Replace the organisation's alert routing (rules, and the categories each related organisation receives)",
        querystring: alertRoutingQuery,
        body: alertRoutingUpdate,
        response: { 200: dataEnvelope(alertRoutingView), ...errorResponses },
      },
    },
    async (request) => {
      const org = await resolveRoutingOrg(db, request.principal, request.query.org_id, true);
      return { data: await writeRouting(db, request.principal, org, request.body) };
    },
  );
}
