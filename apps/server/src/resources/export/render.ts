import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import type { ExportFormat } from '@vigil/contracts';
import type { Principal } from '../../auth/principal.ts';
import type { Db } from '../../db/client.ts';
import type { ListQuerySchema, ResourceList } from '../list.ts';
import { headerText, type ExportColumn } from './columns.ts';
import { CSV_BOM, csvLine, type Cell } from './csv.ts';
import { xlsxChunks } from './xlsx.ts';

/** Rows read per query: one keyset page at a time, so memory holds a batch, never the list. */
export const EXPORT_BATCH = 1000;

/** What a list's export is rendered from: the list's keyset reading and its columns. */
export type Renderable<TItem extends { id: number }, TQuery extends ListQuerySchema> = {
  list: Pick<ResourceList<unknown, TQuery, TItem>, 'seek'>;
  columns: readonly ExportColumn<TItem>[];
};

export const contentType: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * The list's rows as cells, batch by batch, each batch read after the one before was taken
 * (the stream's backpressure): keyset after the last id, so every row comes once however deep.
 * `done` runs however it ends (finished, or the client went away), with the rows sent so far counted.
 */
async function* rowBatches<TItem extends { id: number }, TQuery extends ListQuerySchema>(
  db: Db,
  principal: Principal,
  def: Renderable<TItem, TQuery>,
  query: z.output<TQuery>,
  first: TItem[],
  t: TFunction,
  count: (n: number) => void,
  done: () => void,
): AsyncGenerator<Cell[][]> {
  try {
    let batch = first;
    while (batch.length) {
      count(batch.length);
      yield batch.map((item) => def.columns.map((c) => c.value(item, t)));
      if (batch.length < EXPORT_BATCH) break;
      batch = await def.list.seek(db, principal, query, batch[batch.length - 1].id, EXPORT_BATCH);
    }
  } finally {
    done();
  }
}

/**
 * The export's file, chunk by chunk, from its first batch on: the one renderer of the streamed
 * export and of the list-export job, so a job's file is the stream's bytes.
 */
export function exportChunks<TItem extends { id: number }, TQuery extends ListQuerySchema>(
  db: Db,
  principal: Principal,
  def: Renderable<TItem, TQuery>,
  query: z.output<TQuery>,
  first: TItem[],
  format: ExportFormat,
  t: TFunction,
  count: (n: number) => void,
  done: () => void,
): AsyncGenerator<Uint8Array> {
  const batches = rowBatches(db, principal, def, query, first, t, count, done);
  const header = def.columns.map((c) => headerText(c, t));
  return format === 'csv' ? csvChunks(header, batches) : xlsxChunks(header, batches);
}

/** The file's name: the list's path and the day ('abnormal-20261128.csv'). */
export function exportFileName(path: string, format: ExportFormat, at = new Date()): string {
  const stamp = at.toISOString().slice(0, 10).replace(/-/g, '');
  return `${path.replace(/^\//, '').replace(/\//g, '-')}-${stamp}.${format}`;
}

/** Each export is recorded in the audit trail with its filters and the rows it gave. */
export function recordExport(
  app: FastifyInstance,
  request: FastifyRequest,
  what: { path: string; route: string; format: ExportFormat; filters: Record<string, unknown>; rows: number; job?: number },
): void {
  const principal = request.principal;
  const { job, ...rest } = what;
  app.audit.record({
    at: new Date(),
    orgId: principal.orgId,
    staffId: principal.staffId,
    role: principal.role,
    memberId: typeof what.filters.user_id === 'number' ? what.filters.user_id : null,
    resource: what.path,
    method: 'GET',
    route: what.route,
    action: 'export',
    recordId: job ?? null,
    ip: request.ip.slice(0, 64),
    requestId: String(request.id).slice(0, 64),
    detail: { format: rest.format, filters: rest.filters, rows: rest.rows },
  });
}

async function* csvChunks(header: readonly string[], batches: AsyncIterable<Cell[][]>): AsyncGenerator<Uint8Array> {
  yield Buffer.from(CSV_BOM + csvLine(header));
  for await (const batch of batches) yield Buffer.from(batch.map(csvLine).join(''));
}
