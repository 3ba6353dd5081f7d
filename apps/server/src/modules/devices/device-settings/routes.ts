import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  DeviceType,
  dataEnvelope,
  idParam,
  readStoredSetting,
  sleepSetting,
  sleepSettingDefaults,
  sleepSettingDetail,
  sleepSettingStoredKey,
  spaceSetting,
  spaceSettingDefaults,
  spaceSettingDetail,
  spaceSettingStoredKey,
  writeStoredSetting,
  toUnix,
} from '@vigil/contracts';
import { devices } from '../../../db/schema/index.ts';
import type { PermissionKey } from '../../../auth/permissions.ts';
import { notFound } from '../../../http/errors.ts';
import { errorResponses } from '../../../http/schemas.ts';
import { findDevice } from '../device/rows.ts';

type Page<T extends Record<string, unknown>> = {
  path: '/device/sleep/setting' | '/device/space/setting';
  types: readonly number[];
  schema: z.ZodObject;
  detail: z.ZodType;
  keys: Readonly<Record<keyof T & string, string>>;
  defaults: T;
};

/**
 * GET and PUT {path}/{id}: one device's alert settings, kept in devices.settings under the keys the
 * alert rules read (contracts *StoredKey), other keys left as they are. A device of another type
 * is not found here (-7).
 */
function settingRoutes<T extends Record<string, unknown>>(app: FastifyInstance, page: Page<T>): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const answer = { 200: dataEnvelope(page.detail), ...errorResponses };

  async function load(request: { principal: Parameters<typeof findDevice>[1] }, id: number) {
    const device = await findDevice(db, request.principal, id);
    if (!page.types.includes(device.type)) throw notFound();
    const [row] = await db.select({ settings: devices.settings, updatedAt: devices.updatedAt }).from(devices).where(eq(devices.id, id));
    return row;
  }

  r.get(
    `${page.path}/:id`,
    {
      config: { permission: `GET ${page.path}/{id}` as PermissionKey },
      schema: { tags: ['device'], summary: 'Device alert settings', params: idParam, response: answer },
    },
    async (request) => {
      const row = await load(request, request.params.id);
      const setting = readStoredSetting(page.schema, page.keys, page.defaults, row.settings);
      return { data: { device_id: request.params.id, setting, updated_at: toUnix(row.updatedAt) } };
    },
  );
  r.put(
    `${page.path}/:id`,
    {
      config: { permission: `PUT ${page.path}/{id}` as PermissionKey },
      schema: { tags: ['device'], summary: 'Replace device alert settings', params: idParam, body: page.schema, response: answer },
    },
    async (request) => {
      const row = await load(request, request.params.id);
      const setting = request.body as T;
      const [saved] = await db
        .update(devices)
        .set({ settings: writeStoredSetting(page.keys, setting, row.settings), updatedAt: new Date() })
        .where(eq(devices.id, request.params.id))
        .returning({ updatedAt: devices.updatedAt });
      // The rules read settings through the ingestion directory's cache, which follows this event.
      app.events.emit('deviceChanged', { deviceId: request.params.id });
      return { data: { device_id: request.params.id, setting, updated_at: toUnix(saved.updatedAt) } };
    },
  );
}

/** /device/sleep/setting (sleep sensors) and /device/space/setting (space sensors, either mode). */
export async function deviceSettingsRoutes(app: FastifyInstance): Promise<void> {
  settingRoutes(app, {
    path: '/device/sleep/setting',
    types: [DeviceType.sleepSensor],
    schema: sleepSetting,
    detail: sleepSettingDetail,
    keys: sleepSettingStoredKey,
    defaults: sleepSettingDefaults,
  });
  settingRoutes(app, {
    path: '/device/space/setting',
    types: [DeviceType.spaceSentinel, DeviceType.spaceFall],
    schema: spaceSetting,
    detail: spaceSettingDetail,
    keys: spaceSettingStoredKey,
    defaults: spaceSettingDefaults,
  });
}
