import { and, asc, eq, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Principal, principalOfRequester } from '../../auth/principal.ts';
import { claimQueued } from '../../jobs/claim.ts';
import type { Db } from '../../db/client.ts';
import { areas, fhirExportFiles, fhirExports, members } from '../../db/schema/index.ts';
import type { FhirKind, FhirListQuery } from './kind.ts';
import { fhirKinds } from './kinds.ts';

/** How often the job looks for a queued export (and drops expired ones). */
export const EXPORT_TICK_MS = 2_000;
/** How long an export's files are kept after it is asked for. */
export const EXPORT_KEEP_HOURS = 24;
/** Resources in one NDJSON file; a bigger type is split into several files. */
export const FILE_LINES = 10_000;
/** Rows read per query while exporting. */
const BATCH = 1_000;

type ExportRow = typeof fhirExports.$inferSelect;

/** The organisation an export's group belongs to: itself, the area's, or the patient's. */
async function groupOrg(db: Db, row: ExportRow): Promise<number | undefined> {
  if (row.scope === 'org') return row.targetId;
  const [found] =
    row.scope === 'area'
      ? await db.select({ orgId: areas.orgId }).from(areas).where(eq(areas.id, row.targetId))
      : await db.select({ orgId: members.orgId }).from(members).where(eq(members.id, row.targetId));
  return found?.orgId;
}

/**
 * The list query that limits a type to the export's group: an organisation, an area or one
 * patient. Organization is the group's own organisation.
 */
async function groupQuery(
  db: Db,
  row: ExportRow,
  kind: FhirKind<unknown>,
): Promise<Partial<FhirListQuery> | null> {
  if (kind.type === 'Organization') {
    const orgId = await groupOrg(db, row);
    return orgId === undefined ? null : { record_id: orgId };
  }
  if (row.scope === 'org') return { org_id: row.targetId };
  if (row.scope === 'area') return { area_id: row.targetId };
  return kind.type === 'Patient' ? { record_id: row.targetId } : { user_id: row.targetId };
}

/** The NDJSON files of one type, written as they fill. */
async function exportType(
  db: Db,
  row: ExportRow,
  principal: Principal,
  kind: FhirKind<unknown>,
): Promise<void> {
  const group = await groupQuery(db, row, kind);
  if (!group) return;
  const query = {
    page: 1,
    per_page: BATCH,
    order: 'asc',
    order_by: 'id',
    ...group,
    ...(row.since ? { updated_from: Math.floor(row.since.getTime() / 1000) } : {}),
  } as FhirListQuery;
  let lines: string[] = [];
  const flush = async () => {
    if (!lines.length) return;
    await db
      .insert(fhirExportFiles)
      .values({ exportId: row.id, type: kind.type, lines: lines.length, body: lines.join('\n') + '\n' });
    lines = [];
  };
  let after: number | undefined;
  for (;;) {
    const items = await kind.list.seek(db, principal, query, after, BATCH);
    for (const item of items) {
      const resource = kind.toResource(item);
      lines.push(JSON.stringify(resource));
      after = Number(resource.id);
    }
    if (lines.length >= FILE_LINES) await flush();
    if (items.length < BATCH) break;
  }
  await flush();
}

/**
 * Runs the oldest queued export, if any: claims it (so several instances never run one twice),
 * reads every type it asks for with the rights its requester had when asking, and marks it done
 * or failed. Then drops the exports whose time is up, files and all.
 */
export function fhirExportJob(db: Db, log: FastifyBaseLogger): () => Promise<void> {
  return async () => {
    await db.delete(fhirExports).where(lt(fhirExports.expiresAt, new Date()));
    const id = await claimQueued(db, fhirExports);
    if (id === undefined) return;
    const [row] = await db
      .select()
      .from(fhirExports)
      .where(eq(fhirExports.id, id));
    const principal = principalOfRequester(row.requester);
    try {
      for (const kind of fhirKinds.filter((k) => row.types.includes(k.type)))
        await exportType(db, row, principal, kind);
      await db
        .update(fhirExports)
        .set({ status: 'done', finishedAt: new Date() })
        .where(eq(fhirExports.id, row.id));
    } catch (error) {
      log.error({ err: error, exportId: row.id }, 'fhir export failed');
      await db.delete(fhirExportFiles).where(eq(fhirExportFiles.exportId, row.id));
      await db
        .update(fhirExports)
        .set({ status: 'failed', error: 'The export failed; ask for it again', finishedAt: new Date() })
        .where(eq(fhirExports.id, row.id));
    }
  };
}

/** An export's files, in the manifest's order, without their bodies. */
export async function exportFiles(db: Db, exportId: number) {
  return db
    .select({ id: fhirExportFiles.id, type: fhirExportFiles.type, lines: fhirExportFiles.lines })
    .from(fhirExportFiles)
    .where(eq(fhirExportFiles.exportId, exportId))
    .orderBy(asc(fhirExportFiles.id));
}

export const exportOf = (exportId: number, staffId: number) =>
  and(eq(fhirExports.id, exportId), eq(fhirExports.staffId, staffId));
