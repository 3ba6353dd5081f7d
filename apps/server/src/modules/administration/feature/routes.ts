import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq, max } from 'drizzle-orm';
import {
  dataEnvelope,
  featureOrgParam,
  featureQuery,
  featureSettings,
  featureUpdate,
  features,
  type FeatureSettings,
  type FeatureSwitches,
  toUnixOrNull,
} from '@vigil/contracts';
import type { Db, Tx } from '../../../db/client.ts';
import { orgFeatures, orgs } from '../../../db/schema/index.ts';
import type { Principal } from '../../../auth/principal.ts';
import { isOperator } from '../../../auth/scope.ts';
import { forbidden, notFound } from '../../../http/errors.ts';
import { errorResponses } from '../../../http/schemas.ts';
import { disabledFeatures } from '../../../auth/sidebar.ts';

/** Operators read and set any organisation's switches; others read their own (setting them is the operator's). */
function targetOrg(p: Principal, orgId: number | undefined): number {
  if (orgId === undefined || orgId === p.orgId) return p.orgId;
  if (!isOperator(p)) throw notFound();
  return orgId;
}

async function load(db: Db | Tx, orgId: number): Promise<FeatureSettings> {
  const [org] = await db.select({ name: orgs.name }).from(orgs).where(eq(orgs.id, orgId));
  if (!org) throw notFound('Organisation not found');
  const off = await disabledFeatures(db, orgId);
  const [{ at }] = await db.select({ at: max(orgFeatures.updatedAt) }).from(orgFeatures).where(eq(orgFeatures.orgId, orgId));
  const switches = Object.fromEntries(features.map((f) => [f, !off.has(f)])) as FeatureSwitches;
  return { org_id: orgId, org_name: org.name, features: switches, updated_at: toUnixOrNull(at ? new Date(at) : null) };
}

/** GET /feature?org_id and PUT /feature/{org_id}: an organisation's feature switches. */
export async function featureRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/feature',
    {
      config: { permission: 'GET /feature' },
      schema: { tags: ['feature'], summary: "An organisation's feature switches", querystring: featureQuery, response: { 200: dataEnvelope(featureSettings), ...errorResponses } },
    },
    async (request) => ({ data: await load(app.database.db, targetOrg(request.principal, request.query.org_id)) }),
  );
  r.put(
    '/feature/:org_id',
    {
      config: { permission: 'PUT /feature/{id}' },
      schema: {
        tags: ['feature'],
        summary: 'Set some feature switches',
        params: featureOrgParam,
        body: featureUpdate,
        response: { 200: dataEnvelope(featureSettings), ...errorResponses },
      },
    },
    async (request) => {
      if (!isOperator(request.principal)) throw forbidden();
      const orgId = targetOrg(request.principal, request.params.org_id);
      const data = await app.database.db.transaction(async (tx) => {
        const now = new Date();
        for (const [feature, enabled] of Object.entries(request.body.features)) {
          await tx
            .insert(orgFeatures)
            .values({ orgId, feature, enabled, updatedAt: now })
            .onConflictDoUpdate({ target: [orgFeatures.orgId, orgFeatures.feature], set: { enabled, updatedAt: now } });
        }
        return load(tx, orgId);
      });
      return { data };
    },
  );
}
