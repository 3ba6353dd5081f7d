import { z } from 'zod';

/** File formats of GET {list}/export: CSV (UTF-8 with BOM, RFC 4180) or an Excel workbook. */
export const exportFormats = ['csv', 'xlsx'] as const;
export const exportFormat = z.enum(exportFormats);
export type ExportFormat = z.infer<typeof exportFormat>;

/** The path of a list's export call: GET {list}/export. */
export const exportPath = (list: string): string => `${list}/export`;

/**
 * A list export above EXPORT_JOB_ROWS rows is not streamed: GET {list}/export answers 202 with
 * this job, which the server renders in the background (docs/reports.md "Large exports"). The
 * console polls its status (rows done of the total) and downloads the file once it is ready.
 */
export const EXPORT_JOB_ROWS = 20_000;
export const exportJobStatuses = ['queued', 'running', 'ready', 'failed'] as const;
export const exportJob = z.object({
  job_id: z.number().int(),
  status: z.enum(exportJobStatuses),
  rows_done: z.number().int(),
  rows_total: z.number().int(),
  format: exportFormat,
  /** Until when the file can be downloaded (unix seconds); null before it is ready. */
  expires_at: z.number().int().nullable(),
});
export type ExportJob = z.infer<typeof exportJob>;

/** GET the status of an export job; GET {status}/file its file once ready. Only its requester's. */
export const exportJobPath = (id: number): string => `/export-job/${id}`;
export const exportJobFilePath = (id: number): string => `${exportJobPath(id)}/file`;
