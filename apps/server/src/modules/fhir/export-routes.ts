import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requesterOf } from '../../auth/principal.ts';
import { and, eq } from 'drizzle-orm';
import { Resource, fhirResourceTypes } from '@vigil/contracts';
import type { PermissionKey } from '../../auth/permissions.ts';
import { scopeCondition } from '../../auth/scope.ts';
import { areas, fhirExportFiles, fhirExports, orgs } from '../../db/schema/index.ts';
import { EXPORT_KEEP_HOURS, EXPORT_TICK_MS, exportFiles, exportOf } from './export-job.ts';
import { patientParam } from './members.ts';
import { FHIR_JSON, badRequest, fhirNotFound, notSupported, operationOutcome } from './outcome.ts';
import { fhirBase, sendFhir } from './reply.ts';

/** A path id that can name a row of a serial column (1 to 2,147,483,647), else undefined: a larger one names nothing. */
function serialId(value: string): number | undefined {
  const id = /^[1-9]\d{0,9}$/.test(value) ? Number(value) : NaN;
  return id <= 2_147_483_647 ? id : undefined;
}
import { dateRange, refuseUnknown, searchParams } from './search.ts';

const NDJSON_FORMATS = ['application/fhir+ndjson', 'application/ndjson', 'ndjson'];
const GROUP_ID = /^(org|area)-([1-9]\d{0,9})$/;
const permission = (method: 'GET' | 'DELETE', path: string) =>
  `${method} ${Resource.fhir}${path}` as PermissionKey;

/** `_type`, `_since` and `_outputFormat` of a kick-off; anything else is refused. */
function exportParams(request: FastifyRequest) {
  const params = searchParams(request.query);
  refuseUnknown(params, ['_type', '_since', '_outputFormat']);
  const format = params.get('_outputFormat')?.[0];
  if (format !== undefined && !NDJSON_FORMATS.includes(format))
    throw notSupported('_outputFormat: only application/fhir+ndjson is written', '_outputFormat');
  const types = params.get('_type')?.[0]?.split(',') ?? [...fhirResourceTypes];
  for (const type of types)
    if (!(fhirResourceTypes as readonly string[]).includes(type))
      throw badRequest(`_type: '${type}' is not exported (${fhirResourceTypes.join(', ')})`, '_type');
  const since = params.get('_since')?.[0];
  return { types, since: since === undefined ? null : new Date(dateRange(since, '_since').lo * 1000) };
}

/**
 * Bulk export (FHIR Bulk Data Access, docs/fhir.md "Bulk export"): kick-off for a group (an
 * organisation `org-{id}` or an area `area-{id}`) or one patient answers 202 with the status URL;
 * the export job writes the NDJSON files; the status answers 202 while it runs and the manifest
 * when done; each file is read by its own URL. Only the requester sees an export, and files are
 * dropped after EXPORT_KEEP_HOURS.
 */
export async function exportRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const tags = ['fhir'];

  async function kickOff(request: FastifyRequest, scope: 'org' | 'area' | 'patient', targetId: number) {
    if (!/respond-async/.test(String(request.headers.prefer ?? '')))
      throw badRequest('A bulk export is asynchronous: send the header Prefer: respond-async', 'Prefer');
    const { types, since } = exportParams(request);
    const p = request.principal;
    const [row] = await db
      .insert(fhirExports)
      .values({
        orgId: p.orgId,
        staffId: p.staffId,
        requester: requesterOf(p),
        scope,
        targetId,
        types,
        since,
        request: `${fhirBase(request)}${request.url.slice(request.url.indexOf(Resource.fhir) + Resource.fhir.length)}`,
        expiresAt: new Date(Date.now() + EXPORT_KEEP_HOURS * 3_600_000),
      })
      .returning({ id: fhirExports.id });
    return row.id;
  }

  app.get(
    '/Group/:id/$export',
    {
      config: { permission: permission('GET', '/Group/{id}/$export') },
      schema: { tags, summary: 'bulk export of a group: org-{id} or area-{id}' },
    },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const match = GROUP_ID.exec(id);
      if (!match) throw fhirNotFound(`Group/${id}`);
      const [, scope, text] = match as unknown as [string, 'org' | 'area', string];
      const targetId = Number(text);
      const p = request.principal;
      // The group must lie in the caller's scope: their organisation (or area), or any for the operator level.
      const [found] =
        scope === 'org'
          ? await db
              .select({ id: orgs.id })
              .from(orgs)
              .where(and(eq(orgs.id, targetId), scopeCondition(p, { org: orgs.id })))
          : await db
              .select({ id: areas.id })
              .from(areas)
              .where(and(eq(areas.id, targetId), scopeCondition(p, { org: areas.orgId, area: areas.id })));
      if (!found) throw fhirNotFound(`Group/${id}`);
      const exportId = await kickOff(request, scope, targetId);
      return reply
        .status(202)
        .header('content-location', `${fhirBase(request)}/$export-status/${exportId}`)
        .type(FHIR_JSON)
        .send(operationOutcome('information', 'informational', 'Export queued'));
    },
  );

  app.get(
    '/Patient/:id/$export',
    {
      config: { permission: permission('GET', '/Patient/{id}/$export') },
      schema: { tags, summary: "bulk export of one patient's data" },
    },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const memberId = await patientParam(db, request.principal, new Map([['patient', [id]]]));
      request.audited = { memberId: memberId ?? null, recordId: null };
      const exportId = await kickOff(request, 'patient', memberId!);
      return reply
        .status(202)
        .header('content-location', `${fhirBase(request)}/$export-status/${exportId}`)
        .type(FHIR_JSON)
        .send(operationOutcome('information', 'informational', 'Export queued'));
    },
  );

  const exportIdOf = (request: FastifyRequest) => {
    const { id } = request.params as { id: string };
    const exportId = serialId(id);
    if (exportId === undefined) throw fhirNotFound(`Export ${id}`);
    return exportId;
  };

  app.get(
    '/$export-status/:id',
    {
      config: { permission: permission('GET', '/$export-status/{id}') },
      schema: { tags, summary: 'bulk export status: 202 while it runs, the manifest when done' },
    },
    async (request, reply) => {
      const id = exportIdOf(request);
      const [row] = await db.select().from(fhirExports).where(exportOf(id, request.principal.staffId));
      if (!row) throw fhirNotFound(`Export ${id}`);
      if (row.status === 'queued' || row.status === 'running') {
        return reply
          .status(202)
          .header('x-progress', row.status)
          .header('retry-after', String(Math.ceil(EXPORT_TICK_MS / 1000)))
          .send();
      }
      if (row.status === 'failed')
        return reply
          .status(500)
          .type(FHIR_JSON)
          .send(operationOutcome('error', 'exception', row.error ?? 'The export failed'));
      const base = fhirBase(request);
      const files = await exportFiles(db, row.id);
      reply.header('expires', row.expiresAt.toUTCString());
      return sendFhir(reply, {
        transactionTime: (row.startedAt ?? row.createdAt).toISOString(),
        request: row.request,
        requiresAccessToken: true,
        output: files.map((f) => ({
          type: f.type,
          url: `${base}/$export-file/${row.id}/${f.id}`,
          count: f.lines,
        })),
        error: [],
      });
    },
  );

  app.delete(
    '/$export-status/:id',
    {
      config: { permission: permission('DELETE', '/$export-status/{id}') },
      schema: { tags, summary: 'cancel a bulk export, or drop its files' },
    },
    async (request, reply) => {
      const id = exportIdOf(request);
      const [row] = await db
        .delete(fhirExports)
        .where(exportOf(id, request.principal.staffId))
        .returning({ id: fhirExports.id });
      if (!row) throw fhirNotFound(`Export ${id}`);
      return reply.status(202).send();
    },
  );

  app.get(
    '/$export-file/:id/:file',
    {
      config: { permission: permission('GET', '/$export-file/{id}/{file}') },
      schema: { tags, summary: 'one NDJSON file of a bulk export' },
    },
    async (request, reply) => {
      const id = exportIdOf(request);
      const { file } = request.params as { file: string };
      if (serialId(file) === undefined) throw fhirNotFound(`Export file ${file}`);
      const [row] = await db
        .select({ body: fhirExportFiles.body })
        .from(fhirExportFiles)
        .innerJoin(fhirExports, eq(fhirExports.id, fhirExportFiles.exportId))
        .where(and(eq(fhirExportFiles.id, Number(file)), exportOf(id, request.principal.staffId)));
      if (!row) throw fhirNotFound(`Export file ${file}`);
      return reply.type('application/fhir+ndjson').send(row.body);
    },
  );
}
