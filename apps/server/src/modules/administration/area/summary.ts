import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  type AreaSummary,
  type AreaSummaryRow,
  IndexPanelPath,
  Resource,
  areaSummary,
  dataEnvelope,
} from '@vigil/contracts';
import type { Db } from '../../../db/client.ts';
import { abnormalEvents, areas, deviceBindings, devices, members } from '../../../db/schema/index.ts';
import { errorResponses } from '../../../http/schemas.ts';
import type { Principal } from '../../../auth/principal.ts';
import { grantsPair } from '../../../auth/permissions.ts';
import { scopeCondition } from '../../../auth/scope.ts';
import { isOnline } from '../../devices/device-state/service.ts';

/**
 * The index page's area panel: per area the caller's `/area` list shows (same scope), its enabled
 * members, its open alerts (unhandled and not recovered) and its devices online. Alerts are
 * counted only for a caller who may read them (GET /abnormal), so the panel tells no more than
 * the alert list would.
 */
export async function summariseAreas(db: Db, p: Principal, now = new Date()): Promise<AreaSummary> {
  const abnormalList = { method: 'GET', route: Resource.abnormal } as const;
  const inScope = await db
    .select({ id: areas.id, name: areas.name, mayReadAlerts: grantsPair(p.staffId, p.role, abnormalList) })
    .from(areas)
    .where(and(eq(areas.enabled, true), scopeCondition(p, { org: areas.orgId, area: areas.id })))
    .orderBy(asc(areas.name), asc(areas.id));
  if (inScope.length === 0) return { list: [] };
  const ids = inScope.map((a) => a.id);
  const mayReadAlerts = Boolean(inScope[0].mayReadAlerts);

  const memberCounts = await db
    .select({ areaId: members.areaId, n: count() })
    .from(members)
    .where(and(eq(members.enabled, true), inArray(members.areaId, ids)))
    .groupBy(members.areaId);
  const alertCounts = mayReadAlerts
    ? await db
        .select({ areaId: abnormalEvents.areaId, n: count() })
        .from(abnormalEvents)
        .where(
          and(
            eq(abnormalEvents.isHandle, false),
            isNull(abnormalEvents.recoveredAt),
            inArray(abnormalEvents.areaId, ids),
          ),
        )
        .groupBy(abnormalEvents.areaId)
    : [];
  // A device's area is where it is bound now (binding, else its member's area), else where it was registered.
  const placed = sql<number | null>`coalesce(${deviceBindings.areaId}, ${members.areaId}, ${devices.areaId})`;
  const deviceRows = await db
    .select({ areaId: placed, settings: devices.settings, lastSeenAt: devices.lastSeenAt })
    .from(devices)
    .leftJoin(deviceBindings, and(eq(deviceBindings.deviceId, devices.id), isNull(deviceBindings.unboundAt)))
    .leftJoin(members, eq(members.id, deviceBindings.memberId))
    .where(and(eq(devices.enabled, true), inArray(placed, ids)));

  const byArea = (rows: { areaId: number | null; n: number }[]) =>
    new Map(rows.map((r) => [Number(r.areaId), Number(r.n)]));
  const memberBy = byArea(memberCounts);
  const alertBy = byArea(alertCounts);
  const onlineBy = new Map<number, number>();
  for (const d of deviceRows) {
    if (!isOnline(d.lastSeenAt, d.settings, now)) continue;
    const area = Number(d.areaId);
    onlineBy.set(area, (onlineBy.get(area) ?? 0) + 1);
  }
  const list = inScope.map((a): AreaSummaryRow => ({
    area_id: a.id,
    area_name: a.name,
    members: memberBy.get(a.id) ?? 0,
    open_alerts: mayReadAlerts ? (alertBy.get(a.id) ?? 0) : null,
    devices_online: onlineBy.get(a.id) ?? 0,
  }));
  return { list };
}

/** GET /area/summary, guarded by the area list's own permission (the panel shows where the list could). */
export async function areaSummaryRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  app.withTypeProvider<ZodTypeProvider>().get(
    IndexPanelPath.areas,
    {
      config: { permission: 'GET /area' },
      schema: {
        tags: ['area'],
        summary:
          'Per area in scope: enabled members, open alerts (when the caller may read alerts) and devices online',
        response: { 200: dataEnvelope(areaSummary), ...errorResponses },
      },
    },
    async (request) => ({ data: await summariseAreas(db, request.principal) }),
  );
}
