import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { CARE_ATTACHMENT_MAX_MB, ValidationMessage, dataEnvelope, optionalQueryInt } from '@vigil/contracts';
import { carePackages, deliveryOrders, staff } from '../../db/schema/index.ts';
import type { PermissionKey } from '../../auth/permissions.ts';
import type { Principal } from '../../auth/principal.ts';
import { scopeCondition } from '../../auth/scope.ts';
import { notFound } from '../../http/errors.ts';
import { errorResponses } from '../../http/schemas.ts';
import { type Folder, imageTypes, locateFile, readUpload, saveFile, sendFile } from '../../storage/index.ts';
import { careScope } from '../care-common/record.ts';
import { orderScope } from '../delivery/rows.ts';

const nameParam = z.object({ name: z.string().max(64) });
const recordQuery = z.object({ record_id: optionalQueryInt });
const CARE_ATTACHMENT_MAX_BYTES = CARE_ATTACHMENT_MAX_MB * 1024 * 1024;
const tags = ['files'];

/**
 * SPEC §7 file paths on the storage module: a file is served only when a record in the caller's
 * scope names it (a headshot: a staff member of the caller's organisation; a package photo: a
 * package the caller may read, the one `record_id` names when given; a prescription photo: a
 * delivery order of the caller's care home or pharmacy).
 */
export async function fileRoutes(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: { fileSize: CARE_ATTACHMENT_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  r.get(
    '/file/headshot/:name',
    {
      config: { permission: 'GET /file/headshot/{id}' },
      schema: {
        tags,
        summary: 'A staff headshot image (same organisation, or operators)',
        params: nameParam,
        response: { 200: z.any().describe('image/png, image/jpeg or image/webp'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const file = locateFile(app.config, 'headshot', request.params.name);
      if (!file) throw notFound();
      const [owner] = await db
        .select({ id: staff.id })
        .from(staff)
        .where(and(eq(staff.headshot, request.params.name), scopeCondition(request.principal, { org: staff.orgId })));
      if (!owner) throw notFound();
      return sendFile(reply, file);
    },
  );

  recordPhotoRoutes(app, {
    folder: 'package-medicine',
    uploadSummary: 'a package photo; the package names it in photos',
    readSummary: 'A package photo, served when a package in scope (record_id, if given) names it',
    table: carePackages,
    scope: (principal) => scopeCondition(principal, careScope(carePackages)),
  });
  recordPhotoRoutes(app, {
    folder: 'delivery-medicine',
    uploadSummary: 'a prescription photo for a delivery order; the order names it in photos',
    readSummary: 'A prescription photo, served to the care home and the pharmacy of an order that names it (record_id, if given)',
    table: deliveryOrders,
    scope: orderScope,
  });
}

/** A record kind whose photos column (jsonb array of stored names) says which files it holds. */
type PhotoRecord = {
  folder: Exclude<Folder, 'headshot'>;
  uploadSummary: string;
  readSummary: string;
  table: typeof carePackages | typeof deliveryOrders;
  scope: (principal: Principal) => SQL;
};

/**
 * POST /file/{folder} (an image checked by its bytes, stored under a random name) and
 * GET /file/{folder}/{name}, served only when a record in the caller's scope names the file.
 */
function recordPhotoRoutes(app: FastifyInstance, record: PhotoRecord): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const path = `/file/${record.folder}`;
  r.post(
    path,
    {
      config: { permission: `POST ${path}` as PermissionKey },
      schema: {
        tags,
        summary: `Upload ${record.uploadSummary} (multipart field file; png, jpg, jpeg or webp; at most ${CARE_ATTACHMENT_MAX_MB} MB)`,
        consumes: ['multipart/form-data'],
        response: { 200: dataEnvelope(z.object({ name: z.string() })), ...errorResponses },
      },
    },
    async (request) => {
      const { bytes, type } = await readUpload(request, {
        allowed: imageTypes,
        maxBytes: CARE_ATTACHMENT_MAX_BYTES,
        sizeMessage: ValidationMessage.uploadSize,
      });
      return { data: { name: await saveFile(app.config, record.folder, bytes, type) } };
    },
  );
  r.get(
    `${path}/:name`,
    {
      config: { permission: `GET ${path}/{id}` as PermissionKey },
      schema: {
        tags,
        summary: record.readSummary,
        params: nameParam,
        querystring: recordQuery,
        response: { 200: z.any().describe('image/png, image/jpeg or image/webp'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const file = locateFile(app.config, record.folder, request.params.name);
      if (!file) throw notFound();
      const { table } = record;
      const recordId = request.query.record_id;
      const [owner] = await app.database.db
        .select({ id: table.id })
        .from(table)
        .where(
          and(
            sql`${table.photos} @> ${JSON.stringify([request.params.name])}::jsonb`,
            recordId === undefined ? undefined : eq(table.id, recordId),
            record.scope(request.principal),
          ),
        )
        .limit(1);
      if (!owner) throw notFound();
      return sendFile(reply, file);
    },
  );
}
