import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq, inArray, sql } from 'drizzle-orm';
import {
  dataEnvelope,
  deviceBindRequest,
  deviceCreate,
  deviceCreated,
  deviceKey,
  deviceResource,
  deviceRow,
  deviceUnbindRequest,
  idParam,
} from '@vigil/contracts';
import { devices } from '../../../db/schema/index.ts';
import { resolvePlacement } from '../../../auth/scope.ts';
import { processError } from '../../../http/errors.ts';
import { errorResponses } from '../../../http/schemas.ts';
import { defineResource } from '../../../resources/define.ts';
import { deviceJoins, deviceScope, deviceWire } from './rows.ts';
import { bindDevice, registerDevice, replaceKey, unbindDevice } from './service.ts';

const openBinding = sql`exists (select 1 from device_bindings b where b.device_id = ${devices.id} and b.unbound_at is null)`;

/**
 * /device/bind: an organisation's devices. Registration (POST) answers the device key once; a lost
 * key is replaced with POST /device/bind/key/{id}. Binding keeps its history in device_bindings: a
 * bound device must be unbound before it is bound again or deleted (-8). Every change is announced
 * (`deviceChanged`, `bindingChanged`) so the ingestion directory drops its copy and readings follow
 * it at once.
 */
export async function deviceRoutes(app: FastifyInstance): Promise<void> {
  await app.register(
    defineResource({
      resource: deviceResource,
      tag: 'device',
      table: devices,
      wire: deviceWire,
      joins: deviceJoins,
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
      afterWrite: ({ before, after }) => {
        const device = after ?? before;
        if (device) app.events.emit('deviceChanged', { deviceId: device.id });
      },
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
      const data = await registerDevice(db, request.principal, request.body);
      app.events.emit('deviceChanged', { deviceId: data.id });
      return { data };
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
      const data = await replaceKey(db, request.principal, request.params.id);
      app.events.emit('deviceChanged', { deviceId: request.params.id });
      return { data };
    },
  );

  r.post(
    '/device/bind/:id/bind',
    {
      config: { permission: 'PATCH /device/bind/{id}' },
      schema: { tags: ['device'], summary: 'Bind to a member or an area', params: idParam, body: deviceBindRequest, response: rowAnswer },
    },
    async (request) => {
      const data = await bindDevice(db, request.principal, request.params.id, request.body);
      app.events.emit('bindingChanged', { deviceId: request.params.id, memberId: null });
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
      const data = await unbindDevice(db, request.principal, request.params.id, request.body?.remark);
      app.events.emit('bindingChanged', { deviceId: request.params.id, memberId: null });
      return { data };
    },
  );
}
