import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  DeviceBinding,
  dataEnvelope,
  deviceBindRequest,
  deviceCreate,
  deviceCreated,
  deviceKey,
  deviceListQuery,
  deviceRow,
  deviceTypeBinding,
  deviceUnbindRequest,
  deviceUpdate,
  idParam,
  type DeviceType,
} from '@vigil/contracts';
import type { Tx } from '../../db/client.ts';
import { deviceBindings, devices } from '../../db/schema/index.ts';
import type { Principal } from '../../auth/principal.ts';
import { resolvePlacement } from '../../auth/scope.ts';
import { invalid, processError } from '../../http/errors.ts';
import { errorResponses } from '../../http/schemas.ts';
import { defineResource } from '../../resources/define.ts';
import { ingestServiceOf } from '../../ingest/index.ts';
import { findMember } from '../member/rows.ts';
import { deviceJoins, deviceScope, deviceWire, findDevice } from './rows.ts';

/** A new device key: shown once, only its SHA-256 is stored (what ingestion compares). */
function newKey(): { key: string; keyHash: string } {
  const key = randomBytes(24).toString('base64url');
  return { key, keyHash: createHash('sha256').update(key).digest('hex') };
}

const openBinding = sql`exists (select 1 from device_bindings b where b.device_id = ${devices.id} and b.unbound_at is null)`;

/** Where a device may be bound: a member (wearables) or an area (room devices) of its own organisation. */
async function bindTarget(tx: Tx, p: Principal, device: { org_id: number; type: number }, body: { member_id?: number; area_id?: number }) {
  const kind = deviceTypeBinding[device.type as DeviceType];
  if (kind === DeviceBinding.member) {
    if (body.member_id === undefined) throw invalid([{ field: 'member_id', message: 'validation.required' }]);
    const member = await findMember(tx, p, body.member_id);
    if (member.org_id !== device.org_id) throw invalid([{ field: 'member_id', message: 'validation.invalidOption' }], 'The member is not in the device organisation');
    return { memberId: member.id, areaId: null, deviceArea: member.area_id };
  }
  if (body.area_id === undefined) throw invalid([{ field: 'area_id', message: 'validation.required' }]);
  const placed = await resolvePlacement(tx, p, { orgId: device.org_id, areaId: body.area_id }, true);
  return { memberId: null, areaId: placed.areaId, deviceArea: placed.areaId };
}

/**
 * /device/bind: an organisation's devices. Registration (POST) answers the device key once; a lost
 * key is replaced with POST /device/bind/key/{id}. Binding keeps its history in device_bindings: a
 * bound device must be unbound before it is bound again or deleted (-8). Every change drops the
 * ingestion directory's cached copy, so readings follow it at once.
 */
export async function deviceRoutes(app: FastifyInstance): Promise<void> {
  const forget = () => ingestServiceOf(app).directory.invalidate();

  await app.register(
    defineResource({
      path: '/device/bind',
      tag: 'device',
      table: devices,
      rowSchema: deviceRow,
      wire: deviceWire,
      joins: deviceJoins,
      updateSchema: deviceUpdate,
      listQuery: deviceListQuery,
      scope: deviceScope,
      toUpdate: (body) => ({
        ...(body.name !== undefined && { name: body.name || null }),
        ...(body.model !== undefined && { model: body.model || null }),
        ...(body.area_id !== undefined && { areaId: body.area_id }),
      }),
      filters: {
        type: (v) => eq(devices.type, v),
        device_types: (v) => inArray(devices.type, v),
        enable: (v) => eq(devices.enabled, v === 1),
        state: (v) => (v === 1 ? openBinding : sql`not ${openBinding}`),
        user_id: (v) =>
          sql`exists (select 1 from device_bindings b where b.device_id = ${devices.id} and b.unbound_at is null and b.member_id = ${v})`,
      },
      search: { name: devices.name, keyword: [devices.serial, devices.name] },
      enable: 'enabled',
      operations: ['list', 'detail', 'put', 'patch', 'enable', 'delete'],
      beforeWrite: async ({ tx, principal, action, before, values }) => {
        if (!before) return;
        if (action === 'delete' && before.binding) throw processError('Unbind the device before deleting it');
        if (action === 'update' && values.areaId !== undefined && values.areaId !== before.area_id) {
          const placed = await resolvePlacement(tx, principal, { orgId: before.org_id, areaId: values.areaId }, true);
          return { ...values, areaId: placed.areaId };
        }
      },
      afterWrite: forget,
    }),
  );

  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const rowAnswer = { 200: dataEnvelope(deviceRow), ...errorResponses };

  r.post(
    '/device/bind',
    {
      config: { permission: 'POST /device/bind' },
      schema: { tags: ['device'], summary: 'Register a device (answers its key once)', body: deviceCreate, response: { 200: dataEnvelope(deviceCreated), ...errorResponses } },
    },
    async (request) => {
      const body = request.body;
      const { key, keyHash } = newKey();
      const data = await db.transaction(async (tx) => {
        const placed = await resolvePlacement(tx, request.principal, { orgId: body.org_id, areaId: body.area_id ?? null }, true);
        const [created] = await tx
          .insert(devices)
          .values({
            orgId: placed.orgId,
            areaId: placed.areaId,
            type: body.type,
            serial: body.serial,
            name: body.name || null,
            model: body.model || null,
            keyHash,
            enabled: body.enable ?? true,
          })
          .returning({ id: devices.id });
        return findDevice(tx, request.principal, created.id);
      });
      forget();
      return { data: { ...data, key } };
    },
  );

  r.post(
    '/device/bind/key/:id',
    {
      // Replacing the key edits the device: its update pair.
      config: { permission: 'PATCH /device/bind/{id}' },
      schema: { tags: ['device'], summary: 'Replace the device key (answers the new key once)', params: idParam, response: { 200: dataEnvelope(deviceKey), ...errorResponses } },
    },
    async (request) => {
      const device = await findDevice(db, request.principal, request.params.id);
      const { key, keyHash } = newKey();
      await db.update(devices).set({ keyHash, updatedAt: new Date() }).where(eq(devices.id, device.id));
      forget();
      return { data: { id: device.id, key } };
    },
  );

  r.post(
    '/device/bind/:id/bind',
    {
      config: { permission: 'PATCH /device/bind/{id}' },
      schema: { tags: ['device'], summary: 'Bind to a member or an area', params: idParam, body: deviceBindRequest, response: rowAnswer },
    },
    async (request) => {
      const p = request.principal;
      const data = await db.transaction(async (tx) => {
        const device = await findDevice(tx, p, request.params.id);
        if (device.binding) throw processError('The device is bound; unbind it first');
        const target = await bindTarget(tx, p, device, request.body);
        await tx.insert(deviceBindings).values({
          deviceId: device.id,
          memberId: target.memberId,
          areaId: target.areaId,
          boundBy: p.staffId,
          remark: request.body.remark || null,
        });
        // The device follows its member's (or its own) area, so area-scoped staff see it with them.
        await tx.update(devices).set({ areaId: target.deviceArea, updatedAt: new Date() }).where(eq(devices.id, device.id));
        return findDevice(tx, p, device.id);
      });
      forget();
      return { data };
    },
  );

  r.post(
    '/device/bind/:id/unbind',
    {
      config: { permission: 'PATCH /device/bind/{id}' },
      schema: { tags: ['device'], summary: 'End the current binding', params: idParam, body: deviceUnbindRequest, response: rowAnswer },
    },
    async (request) => {
      const p = request.principal;
      const data = await db.transaction(async (tx) => {
        const device = await findDevice(tx, p, request.params.id);
        if (!device.binding) throw processError('The device is not bound');
        await tx
          .update(deviceBindings)
          .set({ unboundAt: new Date(), unboundBy: p.staffId, ...(request.body?.remark && { remark: request.body.remark }) })
          .where(and(eq(deviceBindings.deviceId, device.id), isNull(deviceBindings.unboundAt)));
        return findDevice(tx, p, device.id);
      });
      forget();
      return { data };
    },
  );
}
