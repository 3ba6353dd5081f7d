import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataEnvelope, errorBody } from '@vigil/contracts';
import { forbidden } from '../../../http/errors.ts';
import { ingestBatchBody, ingestResult } from '../../../ingest/envelope.ts';

const headers = z.object({
  'x-device-key': z.string().max(200).optional().describe('Key issued when the device was registered'),
  'x-gateway-key': z.string().max(200).optional().describe('Key of a gateway of the organisation'),
});

/**
 * POST {prefix}/ingest/readings: devices and gateways push readings (docs/ingest.md). Not a staff
 * route: the sender authenticates with its own key instead of a bearer token. The service, its MQTT
 * bridge and the alert sweeps are the app's (ingest/plugin.ts, jobs/plugin.ts), not this route's.
 */
export async function ingestRoutes(app: FastifyInstance): Promise<void> {
  const service = app.ingest;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/ingest/readings',
    {
      config: { access: 'public', textPerItem: true },
      // Bulk senders: the 5 MB app-wide body limit fits 1000 readings with ECG traces trimmed.
      schema: {
        tags: ['ingest'],
        summary:
          'Push a batch of device readings (≤ 1000); each is accepted, a duplicate, or rejected with a reason',
        security: [],
        headers,
        body: ingestBatchBody,
        response: { 200: dataEnvelope(ingestResult), 403: errorBody, 422: errorBody },
      },
    },
    async (request) => {
      const principal = await service.authenticate({
        device: request.headers['x-device-key'],
        gateway: request.headers['x-gateway-key'],
      });
      if (!principal) throw forbidden();
      return { data: await service.ingest(principal, request.body.readings) };
    },
  );
}
