import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CareHandleKind,
  type DoseHandleRow,
  careDueQuery,
  careDueRow,
  dataEnvelope,
  doseEffectRequest,
  doseEnteredInErrorRequest,
  doseHandleRow,
  handleFollowRequest,
  handleHealthRequest,
  handlePackageMedicineRequest,
  handleScheduleRequest,
  handleDietRequest,
  handleEcgRequest,
  handleMedicalRecordRequest,
  handleSymptomRequest,
  idParam,
  packageStockRequest,
  paginated,
} from '@vigil/contracts';
import type { Db } from '../../../db/client.ts';
import type { Principal } from '../../../auth/principal.ts';
import { errorResponses } from '../../../http/schemas.ts';
import { dueLists } from './due.ts';
import { loadHandles } from './handles.ts';
import {
  handleDiet,
  handleDose,
  handleEcg,
  handleFollow,
  handleHealth,
  handleMedicalRecord,
  handleSchedule,
  handleSymptom,
  markDoseInError,
  moveStock,
  recordDoseEffect,
} from './service.ts';
import { assertItemInScope } from './scope.ts';
import { careHealthRoutes } from '../care-health/routes.ts';
import { careFollowUpRoutes } from '../care-follow-up/routes.ts';
import { careSymptomRoutes } from '../care-symptom/routes.ts';
import { careDietRoutes } from '../care-diet/routes.ts';
import { medicalRecordRoutes } from '../../clinical/medical-record/routes.ts';

const tags = ['handle'];
const handleEnvelope = dataEnvelope(doseHandleRow);

/**
 * The four care handle routes of SPEC §7 (docs/care.md "The shared handle shape"): each lists what
 * is due of its kind, records a handle, and shows an item's handles; doses add entered-in-error,
 * the PRN effect and the controlled stock.
 */
export async function careHandleRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  for (const kind of Object.values(CareHandleKind)) {
    const path = `/handle/${kind}` as const;
    r.get(
      path,
      {
        config: { permission: `GET ${path}` },
        schema: {
          tags,
          summary: 'Items due, oldest first (area_id, user_id, state, start_date/end_date on the due time)',
          querystring: careDueQuery,
          response: { 200: dataEnvelope(paginated(careDueRow)), ...errorResponses },
        },
      },
      async (request) => ({ data: await dueLists[kind].page(db, request.principal, request.query) }),
    );
    r.get(
      `${path}/:id`,
      {
        config: { permission: `GET ${path}/{id}` },
        schema: { tags, summary: 'The handles of one item, oldest first', params: idParam, response: { 200: dataEnvelope(z.array(doseHandleRow)), ...errorResponses } },
      },
      async (request) => {
        await assertItemInScope(db, request.principal, kind, request.params.id);
        return { data: (await loadHandles(db, kind, [request.params.id])).get(request.params.id) ?? [] };
      },
    );
  }

  /**
   * One POST per kind, typed by its own request schema. `history` is the record kind whose row the
   * handle updates through the kit (its state, its outcome), so the update is in its history.
   */
  function handleRoute<B extends z.ZodType>(
    kind: CareHandleKind,
    body: B,
    run: (db: Db, p: Principal, body: z.output<B>) => Promise<DoseHandleRow>,
    history?: { path: string },
  ) {
    r.post(
      `/handle/${kind}`,
      { config: { permission: `POST /handle/${kind}`, history: history?.path }, schema: { tags, summary: 'Handle one item', body, response: { 200: handleEnvelope, ...errorResponses } } },
      async (request) => ({ data: await run(db, request.principal, request.body as z.output<B>) }),
    );
  }
  handleRoute(CareHandleKind.health, handleHealthRequest, handleHealth, careHealthRoutes);
  handleRoute(CareHandleKind.follow, handleFollowRequest, handleFollow, careFollowUpRoutes);
  handleRoute(CareHandleKind.schedule, handleScheduleRequest, handleSchedule);
  handleRoute(CareHandleKind.symptom, handleSymptomRequest, handleSymptom, careSymptomRoutes);
  handleRoute(CareHandleKind.diet, handleDietRequest, handleDiet, careDietRoutes);
  handleRoute(CareHandleKind.ecg, handleEcgRequest, handleEcg);
  handleRoute(CareHandleKind.medicalRecord, handleMedicalRecordRequest, handleMedicalRecord, medicalRecordRoutes);

  r.post(
    '/handle/package-medicine',
    {
      config: { permission: 'POST /handle/package-medicine' },
      schema: {
        tags,
        summary: 'Record a dose: given, or not given with its reason (dose_id), or an as-needed dose (package_id)',
        body: handlePackageMedicineRequest,
        response: { 200: handleEnvelope, ...errorResponses },
      },
    },
    async (request) => ({ data: await handleDose(db, request.principal, request.body, new Date()) }),
  );
  r.patch(
    '/handle/package-medicine/error/:id',
    {
      config: { permission: 'PATCH /handle/package-medicine/error/{id}' },
      schema: { tags, summary: 'Mark a dose entry entered in error, with why', params: idParam, body: doseEnteredInErrorRequest, response: { 200: handleEnvelope, ...errorResponses } },
    },
    async (request) => ({ data: await markDoseInError(db, request.principal, request.params.id, request.body) }),
  );
  r.patch(
    '/handle/package-medicine/effect/:id',
    {
      config: { permission: 'PATCH /handle/package-medicine/effect/{id}' },
      schema: { tags, summary: 'Record the effect of an as-needed dose', params: idParam, body: doseEffectRequest, response: { 200: handleEnvelope, ...errorResponses } },
    },
    async (request) => ({ data: await recordDoseEffect(db, request.principal, request.params.id, request.body) }),
  );
  r.post(
    '/care/package/stock/:id',
    {
      config: { permission: 'POST /care/package/stock/{id}' },
      schema: {
        tags,
        summary: 'Controlled medicine received or wasted, witnessed',
        params: idParam,
        body: packageStockRequest,
        response: { 200: dataEnvelope(z.object({ balance: z.number() })), ...errorResponses },
      },
    },
    async (request) => ({ data: await moveStock(db, request.principal, request.params.id, request.body) }),
  );
}
