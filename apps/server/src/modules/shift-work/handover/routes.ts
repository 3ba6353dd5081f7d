import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  dataEnvelope,
  handoverAccept,
  handoverAction,
  handoverActionDone,
  handoverCreate,
  handoverDetail,
  handoverListQuery,
  handoverRow,
  handoverUpdate,
  idParam,
  paginated,
} from '@vigil/contracts';
import { errorResponses } from '../../../http/schemas.ts';
import { acceptHandover, createHandover, loadDetail, markAction, signHandover, updateHandover } from './service.ts';
import { handoverList } from './rows.ts';

const tags = ['handover'];
const detail = { 200: dataEnvelope(handoverDetail), ...errorResponses };

/**
 * /handover (docs/handover.md): an area's I-PASS shift handover, generated from live data, signed
 * off by the giver and accepted by the receiver; logic and SQL in service.ts and generate.ts.
 */
export async function handoverRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;

  r.get(
    '/handover',
    { config: { permission: 'GET /handover' }, schema: { tags, summary: 'List handovers', querystring: handoverListQuery, response: { 200: dataEnvelope(paginated(handoverRow)), ...errorResponses } } },
    async (request) => ({ data: await handoverList.page(db(), request.principal, request.query) }),
  );
  r.get(
    '/handover/:id',
    { config: { permission: 'GET /handover/{id}' }, schema: { tags, summary: 'The I-PASS sheet (frozen once signed, with what changed since)', params: idParam, response: detail } },
    async (request) => ({ data: await loadDetail(db(), request.principal, request.params.id) }),
  );
  r.post(
    '/handover',
    { config: { permission: 'POST /handover' }, schema: { tags, summary: 'Generate the next handover of an area', body: handoverCreate, response: detail } },
    async (request) => ({ data: await createHandover(db(), request.principal, request.body) }),
  );
  r.patch(
    '/handover/:id',
    { config: { permission: 'PATCH /handover/{id}' }, schema: { tags, summary: 'Edit a draft (giver)', params: idParam, body: handoverUpdate.partial(), response: detail } },
    async (request) => ({ data: await updateHandover(db(), request.principal, request.params.id, request.body) }),
  );
  r.patch(
    '/handover/sign/:id',
    { config: { permission: 'PATCH /handover/sign/{id}' }, schema: { tags, summary: 'Sign off (giver): freezes the sheet', params: idParam, response: detail } },
    async (request) => ({ data: await signHandover(db(), request.principal, request.params.id) }),
  );
  r.patch(
    '/handover/accept/:id',
    { config: { permission: 'PATCH /handover/accept/{id}' }, schema: { tags, summary: 'Accept (receiver) with the synthesis', params: idParam, body: handoverAccept, response: detail } },
    async (request) => ({ data: await acceptHandover(db(), request.principal, request.params.id, request.body) }),
  );
  r.patch(
    '/handover/action/:id',
    {
      config: { permission: 'PATCH /handover/action/{id}' },
      schema: { tags, summary: 'Mark an action done or open', params: idParam, body: handoverActionDone, response: { 200: dataEnvelope(handoverAction), ...errorResponses } },
    },
    async (request) => ({ data: await markAction(db(), request.principal, request.params.id, request.body.done) }),
  );
}
