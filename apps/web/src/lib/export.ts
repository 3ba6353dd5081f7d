import { ErrorCode, STEP_UP_REQUIRED, exportJobFilePath, exportJobPath, exportPath, type ExportFormat, type ExportJob } from '@vigil/contracts';
import { ApiError, awaitStepUp, request, type Query } from './http.ts';
import { localeStore } from './i18n.ts';
import { notify } from './notify.ts';

/** Saves a file the browser holds under the given name. */
export function downloadBlob(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}

const isJob = (answer: Blob | ExportJob): answer is ExportJob => typeof answer === 'object' && answer !== null && 'job_id' in answer;

const isStepUp = (e: unknown) => e instanceof ApiError && e.code === ErrorCode.noPermission && e.message === STEP_UP_REQUIRED;

/** How often the console asks how far a large export's job has come. */
export const EXPORT_POLL_MS = 1_000;

/**
 * Downloads the whole filtered list `path` as the server exports it (GET {path}/export) in the
 * user's language. When the server asks for a step-up the shell's dialog opens; once the user
 * confirms, the export is sent again. Failures are told specifically: a filter out of range names
 * the filter. A list above the server's job threshold answers with an export job instead of the
 * file (docs/reports.md "Large exports"): its progress is followed through `onProgress` (rows done
 * of the total) and, once ready, the job is answered for the menu to offer its download.
 * Resolves true when a file was saved, the ready job, or false.
 */
export async function exportList(
  path: string,
  query: Query,
  format: ExportFormat,
  fileName: string,
  onProgress: (job: ExportJob) => void = () => undefined,
): Promise<boolean | ExportJob> {
  const send = () =>
    request<Blob | ExportJob>(exportPath(path), { query: { ...query, page: undefined, per_page: undefined, format, lang: localeStore.get() }, blob: true, silent: true });
  try {
    let answer: Blob | ExportJob;
    try {
      answer = await send();
    } catch (e) {
      if (!isStepUp(e) || !(await awaitStepUp())) throw e;
      answer = await send();
    }
    // A 202's job, told by its id: `instanceof Blob` is no test, as the file's Blob may come from
    // another realm than the page's (the fetch implementation's own).
    if (isJob(answer)) return await followJob(answer, onProgress);
    downloadBlob(`${fileName}.${format}`, answer);
    notify({ variant: 'success', key: 'export.done' });
    return true;
  } catch (e) {
    if (isStepUp(e)) return false;
    const field = e instanceof ApiError && e.code === ErrorCode.validationFailed ? e.errors[0]?.field : undefined;
    notify(field ? { variant: 'error', key: 'export.badFilter', params: { field } } : { variant: 'error', key: 'export.failed' });
    return false;
  }
}

/** Asks for the job's status until it is ready (answered, with a toast) or failed (thrown). */
async function followJob(first: ExportJob, onProgress: (job: ExportJob) => void): Promise<ExportJob> {
  let job = first;
  onProgress(job);
  while (job.status === 'queued' || job.status === 'running') {
    await new Promise((resolve) => setTimeout(resolve, EXPORT_POLL_MS));
    job = await request<ExportJob>(exportJobPath(job.job_id), { silent: true });
    onProgress(job);
  }
  if (job.status !== 'ready') throw new Error('export job failed');
  notify({ variant: 'success', key: 'export.ready' });
  return job;
}

/** Saves a ready export job's file. Resolves true when it was saved. */
export async function downloadExportJob(job: ExportJob, fileName: string): Promise<boolean> {
  try {
    downloadBlob(`${fileName}.${job.format}`, await request<Blob>(exportJobFilePath(job.job_id), { blob: true, silent: true }));
    notify({ variant: 'success', key: 'export.done' });
    return true;
  } catch {
    notify({ variant: 'error', key: 'export.failed' });
    return false;
  }
}
