import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { dataEnvelope, retentionClasses, retentionDetail, retentionUpdate, toUnix, type RetentionDetail } from '@vigil/contracts';
import type { Db } from '../../../db/client.ts';
import { orgRetention } from '../../../db/schema/index.ts';
import { retentionCutoff } from '../../../db/retention.ts';
import { errorResponses } from '../../../http/schemas.ts';

const floors = { raw_vitals_months: retentionClasses.raw_vitals_months.floor, rollup_months: retentionClasses.rollup_months.floor };
const defaults = { raw_vitals_months: retentionClasses.raw_vitals_months.default, rollup_months: retentionClasses.rollup_months.default };

async function detail(db: Db, orgId: number): Promise<RetentionDetail> {
  const [row] = await db.select().from(orgRetention).where(eq(orgRetention.orgId, orgId));
  const raw = row?.rawVitalsMonths ?? defaults.raw_vitals_months;
  const rollup = row?.rollupMonths ?? defaults.rollup_months;
  const customised = row?.rawVitalsMonths != null;
  return {
    org_id: orgId,
    raw_vitals_months: raw,
    rollup_months: rollup,
    customised,
    floors,
    defaults,
    raw_vitals_cutoff: toUnix(retentionCutoff(raw)),
    rollup_cutoff: toUnix(retentionCutoff(rollup)),
    updated_at: customised && row ? toUnix(row.updatedAt) : null,
  };
}

/**
 * GET and PUT /retention: the caller's organisation's retention periods (docs/operations.md
 * "Retention"). The schema refuses a period below its class's floor (-5 naming the field) before
 * anything is stored; the daily housekeeping job applies a change at its next run.
 */
export async function retentionRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/retention',
    {
      config: { permission: 'GET /retention' },
      schema: { tags: ['retention'], summary: "The organisation's retention periods", response: { 200: dataEnvelope(retentionDetail), ...errorResponses } },
    },
    async (request) => ({ data: await detail(app.database.db, request.principal.orgId) }),
  );
  r.put(
    '/retention',
    {
      config: { permission: 'PUT /retention' },
      schema: {
        tags: ['retention'],
        summary: "Set the organisation's retention periods",
        body: retentionUpdate,
        response: { 200: dataEnvelope(retentionDetail), ...errorResponses },
      },
    },
    async (request) => {
      const { orgId, staffId } = request.principal;
      const set = { rawVitalsMonths: request.body.raw_vitals_months, rollupMonths: request.body.rollup_months, updatedBy: staffId, updatedAt: new Date() };
      await app.database.db
        .insert(orgRetention)
        .values({ orgId, ...set })
        .onConflictDoUpdate({ target: orgRetention.orgId, set });
      return { data: await detail(app.database.db, orgId) };
    },
  );
}
