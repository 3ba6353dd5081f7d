import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import { staff } from '../../db/schema/index.ts';
import { scopeCondition } from '../../auth/scope.ts';
import { notFound } from '../../http/errors.ts';
import { errorResponses } from '../../http/schemas.ts';
import { headshotPath, imageMime } from './headshots.ts';

const nameParam = z.object({ name: z.string().max(64) });

export async function fileRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/file/headshot/:name',
    {
      config: { permission: 'GET /file/headshot/{id}' },
      schema: {
        tags: ['files'],
        summary: 'A staff headshot image (same organisation, or operators)',
        params: nameParam,
        response: { 200: z.any().describe('image/png, image/jpeg or image/webp'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const file = headshotPath(app.config, request.params.name);
      if (!file) throw notFound();
      // The file is served only if it is the headshot of someone in the caller's scope.
      const [owner] = await app.database.db
        .select({ id: staff.id })
        .from(staff)
        .where(and(eq(staff.headshot, request.params.name), scopeCondition(request.principal, { org: staff.orgId })));
      if (!owner) throw notFound();
      await access(file.path).catch(() => {
        throw notFound();
      });
      return reply
        .type(imageMime[file.type])
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(createReadStream(file.path));
    },
  );
}
