import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  DeviceType,
  dataEnvelope,
  deviceBindingListQuery,
  deviceBindingRow,
  idParam,
  memberDeviceRecord,
} from '@vigil/contracts';
import { deviceBindings, devices } from '../../db/schema/index.ts';
import { scopeCondition } from '../../auth/scope.ts';
import { notFound } from '../../http/errors.ts';
import { emptyData, errorResponses } from '../../http/schemas.ts';
import { defineResource } from '../../resources/define.ts';
import { containsPattern, unix, unixOrNull } from '../../resources/rows.ts';
import { ingestServiceOf } from '../../ingest/index.ts';
import { findMember } from '../member/rows.ts';

const memberName = sql<string | null>`(select m.name from members m where m.id = ${deviceBindings.memberId})`;
const areaName = sql<string | null>`(select a.name from areas a where a.id = ${deviceBindings.areaId})`;
const staffName = (column: typeof deviceBindings.boundBy | typeof deviceBindings.unboundBy) => sql<string | null>`(select s.name from staff s where s.id = ${column})`;
const scope = { org: devices.orgId, area: devices.areaId };

/**
 * A read-only view of binding history. `which` narrows it in the join condition (device type,
 * member bindings only), so the narrowing holds for list and detail alike and no query can widen it.
 */
function bindingList(path: string, which: SQL) {
  return defineResource({
    path,
    tag: 'device',
    table: deviceBindings,
    fields: {
      id: deviceBindings.id,
      orgId: devices.orgId,
      deviceId: deviceBindings.deviceId,
      deviceType: devices.type,
      serial: devices.serial,
      deviceName: devices.name,
      model: devices.model,
      lastSeenAt: devices.lastSeenAt,
      memberId: deviceBindings.memberId,
      memberName,
      areaId: deviceBindings.areaId,
      areaName,
      boundAt: deviceBindings.boundAt,
      unboundAt: deviceBindings.unboundAt,
      remark: deviceBindings.remark,
    },
    joins: [{ table: devices, on: and(eq(devices.id, deviceBindings.deviceId), which)! }],
    rowSchema: deviceBindingRow,
    toRow: (r) => ({
      id: r.id,
      org_id: r.orgId,
      device_id: r.deviceId,
      device_type: r.deviceType,
      serial: r.serial,
      device_name: r.deviceName,
      model: r.model,
      last_seen_at: unixOrNull(r.lastSeenAt),
      member_id: r.memberId,
      member_name: r.memberName,
      area_id: r.areaId,
      area_name: r.areaName,
      bound_at: unix(r.boundAt),
      unbound_at: unixOrNull(r.unboundAt),
      remark: r.remark,
      created_at: unix(r.boundAt),
      updated_at: unix(r.unboundAt ?? r.boundAt),
    }),
    listQuery: deviceBindingListQuery,
    scope,
    filters: {
      user_id: (v) => eq(deviceBindings.memberId, v),
      area_id: (v) => or(eq(deviceBindings.areaId, v), eq(devices.areaId, v)),
      device_types: (v) => inArray(devices.type, v),
      state: (v) => (v === 1 ? isNull(deviceBindings.unboundAt) : isNotNull(deviceBindings.unboundAt)),
      keyword: (v) => or(ilike(devices.serial, containsPattern(v)), ilike(memberName, containsPattern(v))),
    },
    dateColumn: deviceBindings.boundAt,
    orderColumns: { bound_at: deviceBindings.boundAt },
    operations: ['list', 'detail'],
  });
}

const toMembers = isNotNull(deviceBindings.memberId);
const ofType = (type: DeviceType) => and(eq(devices.type, type), toMembers)!;

/**
 * The members' device pages: every member binding (/user-system/device/bind), the 4G location
 * watches (/device/bind/chylyng and /user-system/device/bind/chylyng, whose DELETE ends the
 * binding) and the FORA D40g meters; plus the device-record tab of the member detail.
 */
export async function deviceBindingRoutes(app: FastifyInstance): Promise<void> {
  await app.register(bindingList('/user-system/device/bind', toMembers));
  await app.register(bindingList('/user-system/device/bind/forad40g', ofType(DeviceType.foraD40g)));
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  for (const path of ['/device/bind/chylyng', '/user-system/device/bind/chylyng'] as const) {
    await app.register(bindingList(path, ofType(DeviceType.chylyngWatch)));
    r.delete(
      `${path}/:id`,
      {
        config: { permission: `DELETE ${path}/{id}` },
        schema: { tags: ['device'], summary: 'End the watch binding', params: idParam, response: { 200: emptyData, ...errorResponses } },
      },
      async (request) => {
        const p = request.principal;
        const [binding] = await db
          .select({ id: deviceBindings.id })
          .from(deviceBindings)
          .innerJoin(devices, eq(devices.id, deviceBindings.deviceId))
          .where(
            and(
              eq(deviceBindings.id, request.params.id),
              eq(devices.type, DeviceType.chylyngWatch),
              isNull(deviceBindings.unboundAt),
              scopeCondition(p, scope),
            ),
          );
        if (!binding) throw notFound();
        await db.update(deviceBindings).set({ unboundAt: new Date(), unboundBy: p.staffId }).where(eq(deviceBindings.id, binding.id));
        ingestServiceOf(app).directory.invalidate();
        return { data: null };
      },
    );
  }

  r.get(
    '/user/device/:id',
    {
      // A tab of the member detail: the member's detail pair.
      config: { permission: 'GET /user/{id}' },
      schema: { tags: ['user'], summary: "A member's devices, present and past", params: idParam, response: { 200: dataEnvelope(z.array(memberDeviceRecord)), ...errorResponses } },
    },
    async (request) => {
      const member = await findMember(db, request.principal, request.params.id);
      const rows = await db
        .select({
          id: deviceBindings.id,
          deviceId: devices.id,
          type: devices.type,
          serial: devices.serial,
          name: devices.name,
          model: devices.model,
          boundAt: deviceBindings.boundAt,
          unboundAt: deviceBindings.unboundAt,
          boundBy: staffName(deviceBindings.boundBy),
          unboundBy: staffName(deviceBindings.unboundBy),
        })
        .from(deviceBindings)
        .innerJoin(devices, eq(devices.id, deviceBindings.deviceId))
        .where(eq(deviceBindings.memberId, member.id))
        .orderBy(desc(deviceBindings.boundAt), desc(deviceBindings.id));
      return {
        data: rows.map((b) => ({
          id: b.id,
          device_id: b.deviceId,
          device_type: b.type,
          serial: b.serial,
          device_name: b.name,
          model: b.model,
          bound_at: unix(b.boundAt),
          unbound_at: unixOrNull(b.unboundAt),
          bound_by_name: b.boundBy,
          unbound_by_name: b.unboundBy,
        })),
      };
    },
  );
}

