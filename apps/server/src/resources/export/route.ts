import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exportFormat, exportJob, type ExportFormat } from '@vigil/contracts';
import { invalid } from '../../http/errors.ts';
import type { PermissionKey } from '../../auth/permissions.ts';
import { errorResponses } from '../../http/schemas.ts';
import { languageOf, languages, textsOf } from '../../texts.ts';
import type { ListQuerySchema, ResourceList } from '../list.ts';
import type { ExportColumn } from './columns.ts';
import { queueExportJob, registerExportJobRoutes, renderers } from './job.ts';
import { EXPORT_BATCH, contentType, exportChunks, exportFileName, recordExport } from './render.ts';

export type ListExport<TItem extends { id: number }, TQuery extends ListQuerySchema> = {
  /** The list's path ('/abnormal'); the export is GET {path}/export. */
  path: string;
  /** The list's own permission pair: whoever may read the list may export it, in the same scope. */
  permission: PermissionKey;
  tag: string;
  listQuery: TQuery;
  list: Pick<ResourceList<unknown, TQuery, TItem>, 'seek' | 'count'>;
  columns: readonly ExportColumn<TItem>[];
};


/**
 * Registers GET {path}/export?format=csv|xlsx&<the list's filters>: the WHOLE filtered list (not
 * one page) in the user's language, streamed as it is read by keyset through the rows. The first
 * batch is read before any byte is sent, so a filter the list refuses answers -5 naming it rather
 * than an empty file. Needs a recent sign-in (step-up) and is recorded in the audit trail with the
 * filters and the rows sent.
 */
export function registerListExport<TItem extends { id: number }, TQuery extends ListQuerySchema>(app: FastifyInstance, def: ListExport<TItem, TQuery>): void {
  const query = (def.listQuery.omit({ page: true, per_page: true }) as unknown as ListQuerySchema).extend({
    format: exportFormat.default('csv'),
    lang: z.enum(languages).optional().describe('Language of headers and values; default from Accept-Language'),
  });
  const route = `${def.path}/export`;
  // The job renders this list's export with the same list, columns and filters as the stream.
  renderers.set(def.path, { route, listQuery: def.listQuery, list: def.list, columns: def.columns } as never);
  registerExportJobRoutes(app);
  app.withTypeProvider<ZodTypeProvider>().get(
    route,
    {
      config: { permission: def.permission, stepUp: true },
      schema: {
        tags: [def.tag],
        summary: 'Export the whole filtered list as CSV (UTF-8 with BOM) or XLSX, streamed; needs a recent sign-in',
        querystring: query,
        // Above the job threshold: 202 with the export job to follow (docs/reports.md "Large exports").
        response: { 202: z.object({ data: exportJob }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { format, lang, ...filters } = request.query as { format: ExportFormat; lang?: (typeof languages)[number] } & Record<string, unknown>;
      const t = textsOf(lang ?? languageOf(request.headers['accept-language']));
      const listQuery = { ...filters, page: 1, per_page: EXPORT_BATCH } as z.output<TQuery>;
      // A range that cannot hold a row is bad input, not an empty file that looks like an export.
      // (A range in the future is not: appointments and care schedules lie ahead.)
      const { start_date: start, end_date: end } = filters as { start_date?: number; end_date?: number };
      if (start !== undefined && end !== undefined && end < start) throw invalid([{ field: 'end_date', message: 'export.endBeforeStart' }]);
      const { db } = app.database;
      const principal = request.principal;
      const language = lang ?? languageOf(request.headers['accept-language']);
      // Above the threshold the file is made by the list-export job, not streamed (docs/reports.md "Large exports").
      const total = await def.list.count(db, principal, listQuery);
      if (total > app.config.exportJobRows) {
        const job = await queueExportJob(db, principal, { path: def.path, format, lang: language, filters, total });
        return reply.status(202).send({ data: job });
      }
      const first = await def.list.seek(db, principal, listQuery, undefined, EXPORT_BATCH);
      let sent = 0;
      const record = () => recordExport(app, request, { path: def.path, route, format, filters, rows: sent });
      const body = exportChunks(db, principal, def, listQuery, first, format, t, (n) => (sent += n), record);
      return reply
        .header('content-type', contentType[format])
        .header('content-disposition', `attachment; filename="${exportFileName(def.path, format)}"`)
        .header('cache-control', 'no-store')
        // A file, not the JSON envelope: the response schema types only the error answers.
        .send(Readable.from(body, { objectMode: false }) as never);
    },
  );
}

