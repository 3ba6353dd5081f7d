import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  DeviceType,
  chylyngBindingResource,
  dataEnvelope,
  deviceBindingResource,
  foraD40gBindingResource,
  idParam,
  memberChylyngBindingResource,
  memberDeviceRecord,
} from '@vigil/contracts';
import { deviceBindings, devices } from '../../../db/schema/index.ts';
import { emptyData, errorResponses } from '../../../http/schemas.ts';
import { defineResource } from '../../../resources/define.ts';
import { areaName, memberName } from '../../../resources/names.ts';
import { matchesAny } from '../../../resources/rows.ts';
import { time, timeOrNull } from '../../../resources/wire.ts';
import { bindingScope, endWatchBinding, memberDevices } from './service.ts';

const boundMemberName = memberName(deviceBindings.memberId);

/** The paths that show bindings: one row and list query, a narrowing each. */
type BindingResource =
  | typeof deviceBindingResource
  | typeof foraD40gBindingResource
  | typeof chylyngBindingResource
  | typeof memberChylyngBindingResource;

/**
 * A read-only view of binding history. `which` narrows it in the join condition (device type,
 * member bindings only), so the narrowing holds for list and detail alike and no query can widen it.
 */
function bindingList(resource: BindingResource, which: SQL) {
  return defineResource({
    resource,
    tag: 'device',
    table: deviceBindings,
    wire: {
      org_id: devices.orgId,
      device_type: devices.type,
      serial: devices.serial,
      device_name: devices.name,
      model: devices.model,
      last_seen_at: timeOrNull(devices.lastSeenAt),
      member_name: boundMemberName,
      area_name: areaName(deviceBindings.areaId),
      // A binding is made when bound and last changed when it ends.
      created_at: time(deviceBindings.boundAt),
      updated_at: time(sql<Date>`coalesce(${deviceBindings.unboundAt}, ${deviceBindings.boundAt})`.mapWith(deviceBindings.boundAt)),
    },
    joins: [{ table: devices, on: and(eq(devices.id, deviceBindings.deviceId), which)! }],
    scope: bindingScope,
    filters: {
      user_id: (v) => eq(deviceBindings.memberId, v),
      area_id: (v) => or(eq(deviceBindings.areaId, v), eq(devices.areaId, v)),
      device_types: (v) => inArray(devices.type, v),
      state: (v) => (v === 1 ? isNull(deviceBindings.unboundAt) : isNotNull(deviceBindings.unboundAt)),
      keyword: matchesAny(devices.serial, boundMemberName),
    },
    dateColumn: deviceBindings.boundAt,
    binding: (ids) => inArray(deviceBindings.id, ids),
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
  await app.register(bindingList(deviceBindingResource, toMembers));
  await app.register(bindingList(foraD40gBindingResource, ofType(DeviceType.foraD40g)));
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  for (const resource of [chylyngBindingResource, memberChylyngBindingResource]) {
    const { path } = resource;
    await app.register(bindingList(resource, ofType(DeviceType.chylyngWatch)));
    r.delete(
      `${path}/:id`,
      {
        config: { permission: `DELETE ${path}/{id}` },
        schema: { tags: ['device'], summary: 'End the watch binding', params: idParam, response: { 200: emptyData, ...errorResponses } },
      },
      async (request) => {
        await endWatchBinding(db, request.principal, request.params.id);
        app.events.emit('bindingChanged', { deviceId: null, memberId: null });
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
    async (request) => ({ data: await memberDevices(db, request.principal, request.params.id) }),
  );
}

