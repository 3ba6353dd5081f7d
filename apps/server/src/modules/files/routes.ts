import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, eq, sql } from 'drizzle-orm';
import { CARE_ATTACHMENT_MAX_MB, ValidationMessage, dataEnvelope, optionalQueryInt } from '@vigil/contracts';
import { carePackages, deliveryOrders, staff } from '../../db/schema/index.ts';
import { scopeCondition } from '../../auth/scope.ts';
import { notFound } from '../../http/errors.ts';
import { errorResponses } from '../../http/schemas.ts';
import { imageTypes, locateFile, readUpload, saveFile, sendFile } from '../../storage/index.ts';
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

  r.post(
    '/file/package-medicine',
    {
      config: { permission: 'POST /file/package-medicine' },
      schema: {
        tags,
        summary: `Upload a package photo (multipart field file; png, jpg, jpeg or webp; at most ${CARE_ATTACHMENT_MAX_MB} MB); the package names it in photos`,
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
      return { data: { name: await saveFile(app.config, 'package-medicine', bytes, type) } };
    },
  );

  r.get(
    '/file/package-medicine/:name',
    {
      config: { permission: 'GET /file/package-medicine/{id}' },
      schema: {
        tags,
        summary: 'A package photo, served when a package in scope (record_id, if given) names it',
        params: nameParam,
        querystring: recordQuery,
        response: { 200: z.any().describe('image/png, image/jpeg or image/webp'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const file = locateFile(app.config, 'package-medicine', request.params.name);
      if (!file) throw notFound();
      const recordId = request.query.record_id;
      const [owner] = await db
        .select({ id: carePackages.id })
        .from(carePackages)
        .where(
          and(
            sql`${carePackages.photos} @> ${JSON.stringify([request.params.name])}::jsonb`,
            recordId === undefined ? undefined : eq(carePackages.id, recordId),
            scopeCondition(request.principal, careScope(carePackages)),
          ),
        )
        .limit(1);
      if (!owner) throw notFound();
      return sendFile(reply, file);
    },
  );

  r.post(
    '/file/delivery-medicine',
    {
      config: { permission: 'POST /file/delivery-medicine' },
      schema: {
        tags,
        summary: `Upload a prescription photo for a delivery order (multipart field file; png, jpg, jpeg or webp; at most ${CARE_ATTACHMENT_MAX_MB} MB); the order names it in photos`,
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
      return { data: { name: await saveFile(app.config, 'delivery-medicine', bytes, type) } };
    },
  );

  r.get(
    '/file/delivery-medicine/:name',
    {
      config: { permission: 'GET /file/delivery-medicine/{id}' },
      schema: {
        tags,
        summary: 'A prescription photo, served to the care home and the pharmacy of an order that names it (record_id, if given)',
        params: nameParam,
        querystring: recordQuery,
        response: { 200: z.any().describe('image/png, image/jpeg or image/webp'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const file = locateFile(app.config, 'delivery-medicine', request.params.name);
      if (!file) throw notFound();
      const recordId = request.query.record_id;
      const [owner] = await db
        .select({ id: deliveryOrders.id })
        .from(deliveryOrders)
        .where(
          and(
            sql`${deliveryOrders.photos} @> ${JSON.stringify([request.params.name])}::jsonb`,
            recordId === undefined ? undefined : eq(deliveryOrders.id, recordId),
            orderScope(request.principal),
          ),
        )
        .limit(1);
      if (!owner) throw notFound();
      return sendFile(reply, file);
    },
  );
}
