import { Readable } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { exportJob, idParam, operatorRoles, type ExportFormat, type ExportJob, type Locale } from '@vigil/contracts';
import { attachRouting, loadRouting } from '../../alerts/routing.ts';
import { type Principal, principalOfRequester, requesterOf } from '../../auth/principal.ts';
import { claimQueued } from '../../jobs/claim.ts';
import type { Db } from '../../db/client.ts';
import { EXPORT_PART_BYTES, listExportJobs, listExportParts } from '../../db/schema/index.ts';
import { invalid, notFound } from '../../http/errors.ts';
import { errorResponses } from '../../http/schemas.ts';
import { textsOf } from '../../texts.ts';
import type { ListQuerySchema, ResourceList } from '../list.ts';
import type { ExportColumn } from './columns.ts';
import { EXPORT_BATCH, contentType, exportChunks, exportFileName, recordExport } from './render.ts';

/** How often the list-export job looks for a queued export. */
export const EXPORT_JOB_TICK_MS = 2_000;
/** How long a made file stays downloadable. */
export const EXPORT_JOB_KEEP_HOURS = 24;
/** A job left `running` this long was on an instance that died: it is marked failed. */
const RUNNING_LEASE_SECONDS = 15 * 60;

type Renderer = {
  route: string;
  listQuery: ListQuerySchema;
  list: Pick<ResourceList<unknown, ListQuerySchema, { id: number }>, 'seek' | 'count'>;
  columns: readonly ExportColumn<{ id: number }>[];
};

/** Every exportable list by its path, filled as the export routes are registered: the job renders with them. */
export const renderers = new Map<string, Renderer>();

type Row = typeof listExportJobs.$inferSelect;

const wire = (row: Row): ExportJob => ({
  job_id: row.id,
  status: row.status,
  rows_done: row.rowsDone,
  rows_total: row.rowsTotal,
  format: row.format,
  expires_at: row.status === 'ready' ? Math.floor(row.expiresAt.getTime() / 1000) : null,
});

/** Queues an export for the job, with the rights the caller has now (as a FHIR bulk export). */
export async function queueExportJob(
  db: Db,
  p: Principal,
  what: { path: string; format: ExportFormat; lang: Locale; filters: Record<string, unknown>; total: number },
): Promise<ExportJob> {
  const [row] = await db
    .insert(listExportJobs)
    .values({
      orgId: p.orgId,
      staffId: p.staffId,
      requester: requesterOf(p),
      path: what.path,
      format: what.format,
      lang: what.lang,
      filters: what.filters,
      rowsTotal: what.total,
      expiresAt: new Date(Date.now() + EXPORT_JOB_KEEP_HOURS * 3_600_000),
    })
    .returning();
  return wire(row);
}

/**
 * The list-export job, on the periodic-job helper of every instance: drops the files whose time is
 * up, fails the jobs of an instance that died, then claims the oldest queued export (skip locked,
 * so two instances never make one twice) and renders it with the streamed export's renderer,
 * counting the rows done batch by batch so the requester sees progress (`progressed` is told after
 * each count is stored, and awaited: a test watches the status between batches).
 */
export function listExportJob(db: Db, log: FastifyBaseLogger, progressed?: (rowsDone: number) => Promise<void>): () => Promise<void> {
  return async () => {
    await db.delete(listExportJobs).where(lt(listExportJobs.expiresAt, new Date()));
    await db
      .update(listExportJobs)
      .set({ status: 'failed', error: 'The export stopped; ask for it again' })
      .where(and(eq(listExportJobs.status, 'running'), sql`${listExportJobs.startedAt} < now() - make_interval(secs => ${RUNNING_LEASE_SECONDS})`));
    const id = await claimQueued(db, listExportJobs);
    if (id === undefined) return;
    const [row] = await db
      .select()
      .from(listExportJobs)
      .where(eq(listExportJobs.id, id));
    try {
      await render(db, row, progressed);
    } catch (error) {
      log.error({ err: error, exportJob: row.id }, 'list export job failed');
      await db.delete(listExportParts).where(eq(listExportParts.jobId, row.id));
      await db.update(listExportJobs).set({ status: 'failed', error: 'The export failed; ask for it again' }).where(eq(listExportJobs.id, row.id));
    }
  };
}

async function render(db: Db, row: Row, progressed?: (rowsDone: number) => Promise<void>): Promise<void> {
  const def = renderers.get(row.path);
  if (!def) throw new Error(`no export for ${row.path}`);
  const principal = principalOfRequester(row.requester);
  // The alert lists' scope adds the caller's alert routing, which a request gets before its handler.
  if (!operatorRoles.has(principal.role)) attachRouting(principal, await loadRouting(db, principal.orgId));
  const query = { ...row.filters, page: 1, per_page: EXPORT_BATCH } as z.output<ListQuerySchema>;
  const first = await def.list.seek(db, principal, query, undefined, EXPORT_BATCH);
  let done = 0;
  let told = 0;
  // The file goes to the database a part at a time (about EXPORT_PART_BYTES each), never whole.
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let seq = 0;
  const store = async () => {
    if (!pending.length) return;
    await db.insert(listExportParts).values({ jobId: row.id, seq: seq++, bytes: Buffer.concat(pending) });
    pending = [];
    pendingBytes = 0;
  };
  for await (const chunk of exportChunks(db, principal, def, query, first, row.format, textsOf(row.lang), (n) => (done += n), () => undefined)) {
    pending.push(chunk);
    pendingBytes += chunk.byteLength;
    if (pendingBytes >= EXPORT_PART_BYTES) await store();
    if (done !== told) {
      told = done;
      // The total was counted when asked (estimated above EXACT_COUNT_LIMIT): never shown below the rows done.
      await db
        .update(listExportJobs)
        .set({ rowsDone: done, rowsTotal: sql`greatest(${listExportJobs.rowsTotal}, ${done})` })
        .where(eq(listExportJobs.id, row.id));
      await progressed?.(done);
    }
  }
  await store();
  await db
    .update(listExportJobs)
    .set({ status: 'ready', rowsDone: done, rowsTotal: done, expiresAt: new Date(Date.now() + EXPORT_JOB_KEEP_HOURS * 3_600_000) })
    .where(eq(listExportJobs.id, row.id));
}

/** A ready export's file, part after part: one part in memory at a time. */
async function* storedFile(db: Db, jobId: number): AsyncGenerator<Buffer> {
  for (let seq = 0; ; seq++) {
    const [part] = await db
      .select({ bytes: listExportParts.bytes })
      .from(listExportParts)
      .where(and(eq(listExportParts.jobId, jobId), eq(listExportParts.seq, seq)));
    if (!part) return;
    yield part.bytes;
  }
}

/** Servers whose job routes are registered: every list registers its export, the job routes are one pair. */
const registered = new WeakSet<object>();

/**
 * GET /export-job/{id} (status: rows done of the total) and GET /export-job/{id}/file (the file
 * once ready). Open to anyone signed in, but a job is only its requester's: another staff
 * member's, or another organisation's, is -7 as an unknown one is.
 */
export function registerExportJobRoutes(app: FastifyInstance): void {
  if (registered.has(app.server)) return;
  registered.add(app.server);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const own = async (principal: Principal, id: number) => {
    const [row] = await app.database.db
      .select({
        id: listExportJobs.id,
        status: listExportJobs.status,
        rowsDone: listExportJobs.rowsDone,
        rowsTotal: listExportJobs.rowsTotal,
        format: listExportJobs.format,
        expiresAt: listExportJobs.expiresAt,
        path: listExportJobs.path,
        filters: listExportJobs.filters,
        createdAt: listExportJobs.createdAt,
      })
      .from(listExportJobs)
      .where(and(eq(listExportJobs.id, id), eq(listExportJobs.orgId, principal.orgId), eq(listExportJobs.staffId, principal.staffId)));
    if (!row) throw notFound('Export job not found');
    return row;
  };
  typed.get(
    '/export-job/:id',
    {
      config: { access: 'session' },
      schema: { tags: ['export'], summary: 'A large list export made as a job: its status and rows done of the total', params: idParam, response: { 200: z.object({ data: exportJob }), ...errorResponses } },
    },
    async (request) => ({ data: wire((await own(request.principal, request.params.id)) as Row) }),
  );
  typed.get(
    '/export-job/:id/file',
    {
      config: { access: 'session' },
      schema: { tags: ['export'], summary: "A large list export's file, once its job is ready", params: idParam, response: { 200: z.any().describe('the export file'), ...errorResponses } },
    },
    async (request, reply) => {
      const row = await own(request.principal, request.params.id);
      if (row.status !== 'ready') throw invalid([{ field: 'id', message: 'export.notReady' }], 'The export is not ready');
      const def = renderers.get(row.path);
      recordExport(app, request, { path: row.path, route: def?.route ?? `${row.path}/export`, format: row.format, filters: row.filters, rows: row.rowsDone, job: row.id });
      return reply
        .header('content-type', contentType[row.format])
        .header('content-disposition', `attachment; filename="${exportFileName(row.path, row.format, row.createdAt)}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(storedFile(app.database.db, row.id)));
    },
  );
}
