import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dataEnvelope,
  deliveryOrderCreate,
  deliveryOrderDetail,
  deliveryOrderListQuery,
  deliveryOrderRow,
  deliveryOrderUpdate,
  deliveryReceipt,
  deliveryRepeatDue,
  deliveryReply,
  deliveryStateChange,
  idParam,
  paginated,
} from '@vigil/contracts';
import { errorResponses } from '../../../http/schemas.ts';
import { deliveryList, loadDetail } from './rows.ts';
import { changeState, createOrder, listRepeatDue, orderRepeat, recordReceipt, replyToQueries, updateOrder } from './service.ts';

const tags = ['delivery'];
const detail = { 200: dataEnvelope(deliveryOrderDetail), ...errorResponses };

/**
 * /delivery/medicine (docs/delivery.md): care roles order, the related pharmacy works the order
 * through the state machine of contracts, the care side checks each line on receipt. Logic and SQL
 * live in service.ts and rows.ts.
 */
export async function deliveryRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/delivery/medicine',
    {
      config: { permission: 'GET /delivery/medicine' },
      schema: { tags, summary: 'List orders (care side: sent; pharmacy: received)', querystring: deliveryOrderListQuery, response: { 200: dataEnvelope(paginated(deliveryOrderRow)), ...errorResponses } },
    },
    async (request) => ({ data: await deliveryList.page(app.database.db, request.principal, request.query) }),
  );

  r.get(
    '/delivery/medicine/repeat',
    {
      config: { permission: 'GET /delivery/medicine/repeat' },
      schema: { tags, summary: 'Repeat prescriptions whose next order is due', response: { 200: dataEnvelope(z.array(deliveryRepeatDue)), ...errorResponses } },
    },
    async (request) => ({ data: await listRepeatDue(app, request.principal) }),
  );

  r.post(
    '/delivery/medicine/repeat/:id',
    {
      config: { permission: 'POST /delivery/medicine/repeat/{id}' },
      schema: { tags, summary: 'Order the next repeat of a due repeat prescription', params: idParam, response: detail },
    },
    async (request) => ({ data: await orderRepeat(app, request.principal, request.params.id) }),
  );

  r.get(
    '/delivery/medicine/:id',
    { config: { permission: 'GET /delivery/medicine/{id}' }, schema: { tags, summary: 'Order with its lines and history', params: idParam, response: detail } },
    async (request) => ({ data: await loadDetail(app.database.db, request.principal, request.params.id) }),
  );

  r.post(
    '/delivery/medicine',
    { config: { permission: 'POST /delivery/medicine' }, schema: { tags, summary: 'Submit an order (care roles)', body: deliveryOrderCreate, response: detail } },
    async (request) => ({ data: await createOrder(app, request.principal, request.body) }),
  );

  r.put(
    '/delivery/medicine/:id',
    {
      config: { permission: 'PUT /delivery/medicine/{id}' },
      schema: { tags, summary: 'Amend a submitted or returned order', params: idParam, body: deliveryOrderUpdate, response: detail },
    },
    async (request) => ({ data: await updateOrder(app, request.principal, request.params.id, request.body) }),
  );

  r.patch(
    '/delivery/medicine/:id',
    {
      config: { permission: 'PATCH /delivery/medicine/{id}' },
      schema: { tags, summary: 'Amend part of a submitted or returned order', params: idParam, body: deliveryOrderUpdate.partial(), response: detail },
    },
    async (request) => ({ data: await updateOrder(app, request.principal, request.params.id, request.body) }),
  );

  r.patch(
    '/delivery/medicine/state/:id',
    {
      config: { permission: 'PATCH /delivery/medicine/state/{id}' },
      schema: { tags, summary: 'Change state along an allowed edge', params: idParam, body: deliveryStateChange, response: detail },
    },
    async (request) => ({ data: await changeState(app, request.principal, request.params.id, request.body) }),
  );

  r.put(
    '/delivery/medicine/receipt/:id',
    {
      config: { permission: 'PUT /delivery/medicine/receipt/{id}' },
      schema: { tags, summary: 'Check the lines received (care side)', params: idParam, body: deliveryReceipt, response: detail },
    },
    async (request) => ({ data: await recordReceipt(app, request.principal, request.params.id, request.body) }),
  );

  r.put(
    '/delivery/medicine/reply/:id',
    {
      config: { permission: 'PUT /delivery/medicine/reply/{id}' },
      schema: { tags, summary: 'Answer lines in query (pharmacy side)', params: idParam, body: deliveryReply, response: detail },
    },
    async (request) => ({ data: await replyToQueries(app, request.principal, request.params.id, request.body) }),
  );
}
