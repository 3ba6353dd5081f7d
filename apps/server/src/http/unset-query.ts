import type { FastifyInstance } from 'fastify';

/**
 * SPEC §3: "-1 means unset" for every optional list filter, including order, order_by, name and
 * keyword. Dropping those values before validation lets every schema simply treat them as absent.
 * per_page is the exception: there -1 asks for the whole list.
 */
export function registerUnsetQuery(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const query = request.query as Record<string, unknown> | undefined;
    if (!query || typeof query !== 'object') return;
    for (const [key, value] of Object.entries(query)) {
      if (key !== 'per_page' && value === '-1') delete query[key];
    }
  });
}
