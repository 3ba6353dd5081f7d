import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  IndexPanelPath,
  dataEnvelope,
  deviceRealTimeListQuery,
  deviceRealTimeRow,
  deviceSummary,
  idParam,
  paginated,
  safeZoneUpdate,
  sleepDeviceSummary,
} from '@vigil/contracts';
import { errorResponses } from '../../../http/schemas.ts';
import { sleepHistoryRoutes } from './sleep-history.ts';
import { realTimeList, setSafeZone, summariseSleepDevices, summariseWornDevices } from './service.ts';

/**
 * What devices perceive now and over time: the sleep sensors' bed history (hotels' sleep
 * perception history), the worn devices' current state, and each member's safe zone, which the
 * location rule (rules/device-events.ts) judges every position against.
 */
export async function deviceStateRoutes(app: FastifyInstance): Promise<void> {
  await app.register(sleepHistoryRoutes);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  r.get(
    '/device/bind/real-time',
    {
      config: { permission: 'GET /device/bind/real-time' },
      schema: {
        tags: ['device'],
        summary: "Each worn device's current state: online, battery, worn, last position and safe zone",
        querystring: deviceRealTimeListQuery,
        response: { 200: dataEnvelope(paginated(deviceRealTimeRow)), ...errorResponses },
      },
    },
    async (request) => ({ data: await realTimeList.page(db, request.principal, request.query) }),
  );

  // The index page's panels count what the real-time and sleep history pages list, so each is
  // guarded by that page's read permission: no new pair to grant, and never a panel without its page.
  r.get(
    IndexPanelPath.devices,
    {
      config: { permission: 'GET /device/bind/real-time' },
      schema: {
        tags: ['device'],
        summary: 'Worn devices bound in scope, counted by state: online, offline, low battery, not worn',
        response: { 200: dataEnvelope(deviceSummary), ...errorResponses },
      },
    },
    async (request) => ({ data: await summariseWornDevices(db, request.principal) }),
  );

  r.get(
    IndexPanelPath.sleepDevices,
    {
      config: { permission: 'GET /device/sleep/history' },
      schema: {
        tags: ['device'],
        summary: 'Sleep sensors in scope, counted by bed status: in bed, out of bed, no signal',
        response: { 200: dataEnvelope(sleepDeviceSummary), ...errorResponses },
      },
    },
    async (request) => ({ data: await summariseSleepDevices(db, request.principal) }),
  );

  r.put(
    '/user/safe-zone/:id',
    {
      // A pair of its own: guards set safe zones without the right to edit the member.
      config: { permission: 'PUT /user/safe-zone/{id}' },
      schema: {
        tags: ['user'],
        summary: "Set or clear a member's safe zone (a circle of lat, lng and radius in metres)",
        params: idParam,
        body: safeZoneUpdate,
        response: { 200: dataEnvelope(safeZoneUpdate), ...errorResponses },
      },
    },
    async (request) => {
      const zone = await setSafeZone(db, request.principal, request.params.id, request.body.safe_zone);
      // The location rule reads the zone from the ingestion directory's cached bindings.
      app.events.emit('bindingChanged', { deviceId: null, memberId: request.params.id });
      return { data: { safe_zone: zone } };
    },
  );
}
