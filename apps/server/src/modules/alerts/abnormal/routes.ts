import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  abnormalSnoozeRow,
  acknowledgeAbnormalRequest,
  alertBurden,
  alertBurdenQuery,
  snoozeAbnormalRequest,
  abnormalDetailView,
  abnormalListItem,
  abnormalListQuery,
  dataEnvelope,
  followAbnormalRequest,
  handleAbnormalRequest,
  idParam,
  paginated,
  Resource,
} from '@vigil/contracts';
import { emptyData, errorResponses } from '../../../http/schemas.ts';
import { z } from 'zod';
import { alertBurden as computeBurden } from './burden.ts';
import { alertList } from '../../../alerts/items.ts';
import { findAbnormal, followAbnormal, handleAbnormal } from './service.ts';
import { handleRecordRoutes } from './handle-records.ts';
import { abnormalExportColumns } from '../../../alerts/export-columns.ts';
import { registerListExport } from '../../../resources/export/route.ts';
import { acknowledgeAbnormal, endSnooze, listSnoozes, snoozeAbnormal } from './silence.ts';

const tag = 'abnormal';

/**
 * SPEC §7 abnormal calls: GET /abnormal (list, detail), POST /handle/abnormal and
 * PATCH /abnormal/follow/{id}. Handling and following record who did it and when.
 */
export async function abnormalRoutes(app: FastifyInstance): Promise<void> {
  await app.register(handleRecordRoutes);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  r.get(
    Resource.abnormal,
    {
      config: { permission: 'GET /abnormal' },
      schema: {
        tags: [tag],
        summary:
          'List abnormal events (is_handle, start_date, end_date, type, class, area_id, user_id; per_page -1 for all)',
        querystring: abnormalListQuery,
        response: { 200: dataEnvelope(paginated(abnormalListItem)), ...errorResponses },
      },
    },
    async (request) => ({ data: await alertList.page(db, request.principal, request.query) }),
  );

  registerListExport(app, {
    path: Resource.abnormal,
    permission: 'GET /abnormal',
    tag,
    listQuery: abnormalListQuery,
    list: alertList,
    columns: abnormalExportColumns,
  });

  r.get(
    Resource.abnormalBurden,
    {
      config: { permission: 'GET /abnormal/burden' },
      schema: {
        tags: [tag],
        summary: 'Alert burden: alerts per member per day, response-time percentiles, share needing no action',
        querystring: alertBurdenQuery,
        response: { 200: dataEnvelope(alertBurden), ...errorResponses },
      },
    },
    async (request) => ({ data: await computeBurden(db, request.principal, request.query) }),
  );

  r.get(
    `${Resource.abnormal}/snooze`,
    {
      config: { permission: 'GET /abnormal/snooze' },
      schema: {
        tags: [tag],
        summary: 'Snoozes in force (one member, one alert type, until a time)',
        response: { 200: dataEnvelope(z.array(abnormalSnoozeRow)), ...errorResponses },
      },
    },
    async (request) => ({ data: await listSnoozes(app, request.principal) }),
  );

  r.post(
    `${Resource.abnormal}/snooze`,
    {
      config: { permission: 'POST /abnormal/snooze' },
      schema: {
        tags: [tag],
        summary: 'Snooze one member\'s alerts of one type (not a high-priority type); replaces an earlier snooze',
        body: snoozeAbnormalRequest,
        response: { 200: dataEnvelope(abnormalSnoozeRow), ...errorResponses },
      },
    },
    async (request) => ({ data: await snoozeAbnormal(app, request.principal, request.body) }),
  );

  r.delete(
    `${Resource.abnormal}/snooze/:id`,
    {
      config: { permission: 'DELETE /abnormal/snooze/{id}' },
      schema: { tags: [tag], summary: 'End a snooze', params: idParam, response: { 200: emptyData, ...errorResponses } },
    },
    async (request) => {
      await endSnooze(app, request.principal, request.params.id);
      return { data: null };
    },
  );

  r.post(
    `${Resource.abnormal}/acknowledge/:id`,
    {
      config: { permission: 'POST /abnormal/acknowledge/{id}' },
      schema: {
        tags: [tag],
        summary: 'Acknowledge an alert: silent for the given minutes, still open until handled or recovered',
        params: idParam,
        body: acknowledgeAbnormalRequest,
        response: { 200: dataEnvelope(abnormalListItem), ...errorResponses },
      },
    },
    async (request) => ({ data: await acknowledgeAbnormal(app, request.principal, request.params.id, request.body) }),
  );

  r.get(
    `${Resource.abnormal}/:id`,
    {
      config: { permission: 'GET /abnormal/{id}' },
      schema: {
        tags: [tag],
        summary: 'Abnormal event with all its handlings',
        params: idParam,
        response: { 200: dataEnvelope(abnormalDetailView), ...errorResponses },
      },
    },
    async (request) => {
      const { item, handles } = await findAbnormal(db, request.principal, request.params.id);
      return { data: { ...item, handles } };
    },
  );

  r.post(
    Resource.handleAbnormal,
    {
      config: { permission: 'POST /handle/abnormal' },
      schema: {
        tags: [tag],
        summary: 'Handle an abnormal event: records the handling and marks the event processed',
        body: handleAbnormalRequest,
        response: { 200: dataEnvelope(abnormalDetailView), ...errorResponses },
      },
    },
    async (request) => {
      const { item, handles } = await handleAbnormal(app, request.principal, request.body);
      return { data: { ...item, handles } };
    },
  );

  r.patch(
    `${Resource.abnormal}/follow/:id`,
    {
      config: { permission: 'PATCH /abnormal/follow/{id}' },
      schema: {
        tags: [tag],
        summary: 'Follow or unfollow an abnormal event (flips the flag unless is_follow is given)',
        params: idParam,
        body: followAbnormalRequest.nullish(),
        response: { 200: dataEnvelope(abnormalListItem), ...errorResponses },
      },
    },
    async (request) => ({ data: await followAbnormal(app, request.principal, request.params.id, request.body?.is_follow) }),
  );
}
