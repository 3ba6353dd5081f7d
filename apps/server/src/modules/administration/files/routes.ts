import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  CARE_ATTACHMENT_MAX_MB,
  CareHandleKind,
  REPORT_FILE_MAX_MB,
  STETHOSCOPE_AUDIO_MAX_MB,
  WORK_LOG_FILE_MAX_MB,
  ValidationMessage,
  dataEnvelope,
  optionalQueryInt,
} from '@vigil/contracts';
import {
  careDiets,
  careHandles,
  carePackages,
  careReports,
  careStethoscopes,
  careSymptoms,
  deliveryOrders,
  medicalRecords,
  readings,
  staff,
  workLogs,
} from '../../../db/schema/index.ts';
import type { PermissionKey } from '../../../auth/permissions.ts';
import type { Principal } from '../../../auth/principal.ts';
import { scopeCondition } from '../../../auth/scope.ts';
import { notFound } from '../../../http/errors.ts';
import { errorResponses } from '../../../http/schemas.ts';
import { type FileType, type Folder, audioTypes, documentTypes, fileTypes, imageTypes, locateFile, readUpload, saveFile, sendFile } from '../../../storage/index.ts';
import { careScope } from '../../care/care-common/record.ts';
import { orderScope } from '../../care/delivery/rows.ts';

const nameParam = z.object({ name: z.string().max(64) });
const recordQuery = z.object({ record_id: optionalQueryInt });
const tags = ['files'];

/**
 * SPEC §7 file paths on the storage module: a file is served only when a record in the caller's
 * scope names it (a headshot: a staff member of the caller's organisation; a package photo: a
 * package the caller may read, the one `record_id` names when given; a prescription photo: a
 * delivery order of the caller's care home or pharmacy).
 */
export async function fileRoutes(app: FastifyInstance): Promise<void> {
  // Each upload route sets its own size limit (readUpload); this is only the ceiling.
  await app.register(multipart, { limits: { fileSize: STETHOSCOPE_AUDIO_MAX_MB * 1024 * 1024, files: 1, fields: 5, parts: 6 } });
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

  const careOwner = (table: CareFileTable, names: (name: string) => SQL): FileOwner => ({
    id: table.id,
    from: table,
    names,
    scope: (principal) => scopeCondition(principal, careScope(table)),
  });
  const inList = (column: AnyPgColumn) => (name: string) => sql`${column} @> ${JSON.stringify([name])}::jsonb`;
  const images = { types: imageTypes, maxMb: CARE_ATTACHMENT_MAX_MB };

  recordFileRoutes(app, {
    folder: 'package-medicine',
    ...images,
    uploadSummary: 'a package photo; the package names it in photos',
    readSummary: 'A package photo, served when a package in scope (record_id, if given) names it',
    owners: [careOwner(carePackages, inList(carePackages.photos))],
  });
  recordFileRoutes(app, {
    folder: 'delivery-medicine',
    ...images,
    uploadSummary: 'a prescription photo for a delivery order; the order names it in photos',
    readSummary: 'A prescription photo, served to the care home and the pharmacy of an order that names it (record_id, if given)',
    owners: [{ id: deliveryOrders.id, from: deliveryOrders, names: inList(deliveryOrders.photos), scope: orderScope }],
  });
  // Care records II (docs/care.md): one declaration per SPEC §7 file path.
  recordFileRoutes(app, {
    folder: 'symptiom',
    ...images,
    uploadSummary: 'a symptom photo (a wound, a pressure injury); the assessment names it in photos',
    readSummary: 'A symptom photo, served when an assessment in scope (record_id, if given) names it',
    owners: [careOwner(careSymptoms, inList(careSymptoms.photos))],
  });
  recordFileRoutes(app, {
    folder: 'diet',
    ...images,
    uploadSummary: 'a meal photo; the diet record names it in photos',
    readSummary: 'A meal photo, served when a diet record in scope (record_id, if given) names it',
    owners: [careOwner(careDiets, inList(careDiets.photos))],
  });
  recordFileRoutes(app, {
    folder: 'stethoscope',
    types: audioTypes,
    maxMb: STETHOSCOPE_AUDIO_MAX_MB,
    uploadSummary: 'a stethoscope recording (wav, mp3 or m4a by its bytes); the record names it in audio',
    readSummary: 'A stethoscope recording, served when a record in scope (record_id, if given) names it',
    owners: [careOwner(careStethoscopes, (name) => eq(careStethoscopes.audio, name))],
  });
  recordFileRoutes(app, {
    folder: 'report',
    types: documentTypes,
    maxMb: REPORT_FILE_MAX_MB,
    uploadSummary: 'a health report or medical-record attachment (PDF or image by its bytes)',
    readSummary: 'A report file, served when a health report or medical record in scope (record_id, if given) names it',
    owners: [careOwner(careReports, inList(careReports.files)), careOwner(medicalRecords, inList(medicalRecords.attachments))],
  });
  recordFileRoutes(app, {
    folder: 'ecg',
    types: documentTypes,
    maxMb: REPORT_FILE_MAX_MB,
    uploadSummary: "an ECG handle's attachment (a 12-lead print: PDF or image)",
    readSummary: 'An ECG attachment, served when the handle of an ECG reading in scope names it (record_id: the handle)',
    owners: [
      {
        id: careHandles.id,
        from: careHandles,
        names: (name) => and(eq(careHandles.kind, CareHandleKind.ecg), inList(careHandles.attachments)(name))!,
        scope: (principal) =>
          sql`exists (select 1 from ${readings} where ${readings.id} = ${careHandles.itemId} and ${scopeCondition(principal, careScope(readings))})`,
      },
    ],
  });
  // Work logs (docs/handover.md): each entry keeps its own attachments, so a log names a file
  // when one of its entries does (jsonb containment reaches into the entries' lists).
  recordFileRoutes(app, {
    folder: 'work-log',
    types: documentTypes,
    maxMb: WORK_LOG_FILE_MAX_MB,
    uploadSummary: "a work-log entry's attachment (a photo or a PDF by its bytes); the entry names it in attachments",
    readSummary: 'A work-log attachment, served when a work log in scope (record_id, if given) has an entry that names it',
    owners: [
      {
        id: workLogs.id,
        from: workLogs,
        names: (name) => sql`${workLogs.entries} @> ${JSON.stringify([{ attachments: [name] }])}::jsonb`,
        scope: (principal) => scopeCondition(principal, { org: workLogs.orgId, area: workLogs.areaId }),
      },
    ],
  });
}

type CareFileTable = typeof carePackages | typeof careSymptoms | typeof careDiets | typeof careStethoscopes | typeof careReports | typeof medicalRecords;

/** A record kind that may name a file: where its names are, and who may read it. */
type FileOwner = { id: AnyPgColumn; from: PgTable; names: (name: string) => SQL; scope: (principal: Principal) => SQL };

type RecordFiles = {
  folder: Exclude<Folder, 'headshot'>;
  /** What the bytes may be, and SPEC §5's size limit in MB. */
  types: readonly FileType[];
  maxMb: number;
  uploadSummary: string;
  readSummary: string;
  /** Records that may name a file of this folder (a report file: a health report or a medical record). */
  owners: FileOwner[];
};

/**
 * POST /file/{folder} (checked by its bytes against the folder's types, stored under a random
 * name; anything else is -5 and nothing is stored) and GET /file/{folder}/{name}, served only when
 * a record in the caller's scope names the file (else -7, as if it did not exist).
 */
function recordFileRoutes(app: FastifyInstance, record: RecordFiles): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const path = `/file/${record.folder}`;
  const kinds = record.types.join(', ');
  const mimes = [...new Set(record.types.map((type) => fileTypes[type].mime))].join(', ');
  r.post(
    path,
    {
      config: { permission: `POST ${path}` as PermissionKey },
      schema: {
        tags,
        summary: `Upload ${record.uploadSummary} (multipart field file; ${kinds}; at most ${record.maxMb} MB)`,
        consumes: ['multipart/form-data'],
        response: { 200: dataEnvelope(z.object({ name: z.string() })), ...errorResponses },
      },
    },
    async (request) => {
      const { bytes, type } = await readUpload(request, {
        allowed: record.types,
        maxBytes: record.maxMb * 1024 * 1024,
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
        response: { 200: z.any().describe(mimes), ...errorResponses },
      },
    },
    async (request, reply) => {
      const file = locateFile(app.config, record.folder, request.params.name);
      if (!file || !record.types.includes(file.type)) throw notFound();
      const recordId = request.query.record_id;
      for (const owner of record.owners) {
        const [found] = await app.database.db
          .select({ id: owner.id })
          .from(owner.from)
          .where(and(owner.names(request.params.name), recordId === undefined ? undefined : eq(owner.id, recordId), owner.scope(request.principal)))
          .limit(1);
        if (found) return sendFile(reply, file);
      }
      throw notFound();
    },
  );
}
