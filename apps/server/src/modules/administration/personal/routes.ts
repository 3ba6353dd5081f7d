import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import {
  HEADSHOT_MAX_MB,
  PASSWORD_HISTORY,
  ValidationMessage,
  dataEnvelope,
  headshotUploadResponse,
  passwordChangeRequest,
  personalDetail,
  personalUpdateRequest,
} from '@vigil/contracts';
import { staff } from '../../../db/schema/index.ts';
import { hashPassword, verifyPassword } from '../../../auth/password.ts';
import { revokeStaffSessions } from '../../../auth/sessions.ts';
import { invalid } from '../../../http/errors.ts';
import { emptyData, errorResponses } from '../../../http/schemas.ts';
import { imageTypes, readUpload, removeFile, saveFile } from '../../../storage/index.ts';
import { isReusedPassword, nextPasswordHistory } from '../../../auth/password-history.ts';
import { loadPersonal } from './service.ts';

const personalResponse = dataEnvelope(personalDetail.extend({ must_change_password: z.boolean(), must_enrol_second_factor: z.boolean() }));
const HEADSHOT_MAX_BYTES = HEADSHOT_MAX_MB * 1024 * 1024;
const tags = ['personal'];

/** The signed-in user's own profile, password and headshot. */
export async function personalRoutes(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: { fileSize: HEADSHOT_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  r.get(
    '/personal',
    { config: { permission: 'GET /personal' }, schema: { tags, summary: 'Own profile', response: { 200: personalResponse, ...errorResponses } } },
    async (request) => ({ data: await loadPersonal(db, request.principal.staffId, request.mustEnrolSecondFactor) }),
  );

  r.put(
    '/personal',
    {
      config: { permission: 'PUT /personal' },
      schema: { tags, summary: 'Update own name and contacts', body: personalUpdateRequest, response: { 200: personalResponse, ...errorResponses } },
    },
    async (request) => {
      const { name, phone, email } = request.body;
      await db
        .update(staff)
        .set({
          name,
          ...(phone !== undefined && { phone: phone || null }),
          ...(email !== undefined && { email: email || null }),
          updatedAt: new Date(),
        })
        .where(eq(staff.id, request.principal.staffId));
      return { data: await loadPersonal(db, request.principal.staffId, request.mustEnrolSecondFactor) };
    },
  );

  r.put(
    '/personal/password',
    {
      config: { permission: 'PUT /personal/password' },
      schema: {
        tags,
        summary: `Change own password (refused if it repeats the current one or any of the last ${PASSWORD_HISTORY}); signs out every other session`,
        body: passwordChangeRequest,
        response: { 200: emptyData, ...errorResponses },
      },
    },
    async (request) => {
      const { staffId, sessionId } = request.principal;
      const [me] = await db
        .select({ passwordHash: staff.passwordHash, previous: staff.previousPasswordHashes })
        .from(staff)
        .where(eq(staff.id, staffId));
      if (!(await verifyPassword(me.passwordHash, request.body.old_password))) {
        throw invalid([{ field: 'old_password', message: ValidationMessage.currentPasswordIncorrect }]);
      }
      if (await isReusedPassword(request.body.new_password, me.passwordHash, me.previous)) {
        throw invalid([{ field: 'new_password', message: ValidationMessage.passwordReused }]);
      }
      const passwordHash = await hashPassword(request.body.new_password);
      await db.transaction(async (tx) => {
        const now = new Date();
        await tx
          .update(staff)
          .set({ passwordHash, previousPasswordHashes: nextPasswordHistory(me.passwordHash, me.previous), passwordChangedAt: now, updatedAt: now })
          .where(eq(staff.id, staffId));
        await revokeStaffSessions(tx, staffId, sessionId);
      });
      return { data: null };
    },
  );

  r.post(
    '/personal/head',
    {
      config: { permission: 'POST /personal/head' },
      schema: {
        tags,
        summary: `Upload own headshot (multipart field file; png, jpg, jpeg or webp; at most ${HEADSHOT_MAX_MB} MB)`,
        consumes: ['multipart/form-data'],
        response: { 200: dataEnvelope(headshotUploadResponse), ...errorResponses },
      },
    },
    async (request) => {
      const { bytes, type } = await readUpload(request, {
        allowed: imageTypes,
        maxBytes: HEADSHOT_MAX_BYTES,
        sizeMessage: ValidationMessage.headshotSize,
      });
      const headshot = await saveFile(app.config, 'headshot', bytes, type);
      const { staffId } = request.principal;
      const [previous] = await db.select({ headshot: staff.headshot }).from(staff).where(eq(staff.id, staffId));
      await db.update(staff).set({ headshot, updatedAt: new Date() }).where(eq(staff.id, staffId));
      await removeFile(app.config, 'headshot', previous.headshot);
      return { data: { headshot } };
    },
  );
}
