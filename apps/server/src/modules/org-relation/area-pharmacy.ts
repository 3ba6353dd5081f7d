import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, count, eq, ilike, inArray, sql } from 'drizzle-orm';
import { OrgType, areaListQuery, areaRow, dataEnvelope, paginated, toUnix } from '@vigil/contracts';
import { areas, orgRelations, orgs } from '../../db/schema/index.ts';
import { isOperator } from '../../auth/scope.ts';
import { errorResponses } from '../../http/schemas.ts';
import { paginate, pageWindow } from '../../resources/paging.ts';
import { containsPattern } from '../../resources/rows.ts';

const query = areaListQuery.pick({ page: true, per_page: true, name: true, org_id: true });

/**
 * GET /area/pharmacy: the two ends of medication delivery (docs/delivery.md). For a care
 * organisation, the enabled areas of the pharmacies an enabled relation with the delivery grant
 * links to it — where an order can be sent; for a pharmacy, the enabled areas of the care
 * organisations it serves that way — where its orders come from. Operators name the care
 * organisation with org_id.
 */
export async function areaPharmacyRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/area/pharmacy',
    {
      config: { permission: 'GET /area/pharmacy' },
      schema: {
        tags: ['area'],
        summary: 'Delivery partners: the related pharmacies\' areas (care roles) or the served care organisations\' areas (pharmacy roles)',
        querystring: query,
        response: { 200: dataEnvelope(paginated(areaRow)), ...errorResponses },
      },
    },
    async (request) => {
      const q = request.query;
      const p = request.principal;
      const served = p.orgType === OrgType.pharmacy;
      const delivery = and(eq(orgRelations.enabled, true), sql`${orgRelations.grants} @> '["delivery"]'::jsonb`);
      const related = served
        ? app.database.db.select({ id: orgRelations.orgId }).from(orgRelations).where(and(eq(orgRelations.relatedOrgId, p.orgId), delivery))
        : app.database.db
            .select({ id: orgRelations.relatedOrgId })
            .from(orgRelations)
            .where(and(eq(orgRelations.orgId, isOperator(p) ? (q.org_id ?? p.orgId) : p.orgId), delivery));
      const where = and(
        inArray(areas.orgId, related),
        eq(orgs.type, served ? OrgType.care : OrgType.pharmacy),
        eq(orgs.enabled, true),
        eq(areas.enabled, true),
        q.name === undefined ? undefined : ilike(areas.name, containsPattern(q.name)),
      );
      const { db } = app.database;
      const [{ total }] = await db.select({ total: count() }).from(areas).innerJoin(orgs, eq(orgs.id, areas.orgId)).where(where);
      const { offset, limit } = pageWindow(q);
      let rows = db
        .select({ area: areas, orgName: orgs.name })
        .from(areas)
        .innerJoin(orgs, eq(orgs.id, areas.orgId))
        .where(where)
        .orderBy(asc(areas.id))
        .$dynamic();
      if (limit !== undefined) rows = rows.limit(limit).offset(offset);
      const list = (await rows).map(({ area, orgName }) => ({
        id: area.id,
        org_id: area.orgId,
        org_name: orgName,
        name: area.name,
        remark: area.remark,
        enable: area.enabled,
        created_at: toUnix(area.createdAt),
        updated_at: toUnix(area.updatedAt),
      }));
      return { data: paginate(q, total, list) };
    },
  );
}
