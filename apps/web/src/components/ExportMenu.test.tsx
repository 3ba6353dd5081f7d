import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import type { ExportJob } from '@vigil/contracts';
import { type Toast, setToastSink } from '../lib/notify.ts';
import { jsonResponse, renderWithProviders, signInAs } from '../test/render.tsx';
import { ExportMenu } from './ExportMenu.tsx';

const job = (status: ExportJob['status'], done: number): ExportJob => ({ job_id: 9, status, rows_done: done, rows_total: 2500, format: 'csv', expires_at: status === 'ready' ? 2_000_000_000 : null });

/** The server of a large export: 202 with a job, its status moving on each ask, then the file. */
function serveLargeExport() {
  const statuses = [job('running', 1000), job('ready', 2500)];
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      calls.push(path);
      if (path.endsWith('/abnormal/export')) return jsonResponse(202, { data: job('queued', 0) });
      if (path.endsWith('/export-job/9')) return jsonResponse(200, { data: statuses.shift() ?? job('ready', 2500) });
      if (path.endsWith('/export-job/9/file')) return new Response('ID\r\n1\r\n', { status: 200, headers: { 'Content-Type': 'text/csv' } });
      return jsonResponse(404, { code: -7, message: 'not found' });
    }),
  );
  const saved = vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:export');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  // jsdom cannot follow the download link's navigation; the saved blob URL is what counts.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  return { calls, saved };
}

describe('<ExportMenu> of a list above the job threshold', () => {
  for (const [language, progress, download] of [
    ['en', /Exporting 1000 of 2500 rows/, /Download the export \(2500 rows\)/],
    ['zh-TW', /匯出中：1000 \/ 2500 筆/, /下載匯出檔（2500 筆）/],
  ] as const) {
    it(`shows the job's rows done of the total, then a Download button for the ready file (${language})`, async () => {
      await i18next.changeLanguage(language);
      signInAs({ api: [{ route: '/abnormal', method: 'GET' }] });
      const toasts: Toast[] = [];
      setToastSink((toast) => toasts.push(toast));
      onTestFinished(() => setToastSink(null));
      const { calls, saved } = serveLargeExport();
      renderWithProviders(<ExportMenu path="/abnormal" query={{ type: 1 }} fileName="alerts" />);
      await userEvent.click(screen.getByRole('button', { name: language === 'en' ? 'Export' : i18next.t('export.menu') }));
      await userEvent.click(screen.getByRole('menuitem', { name: i18next.t('export.csv') }));
      expect(await screen.findByText(progress, {}, { timeout: 3000 })).toBeTruthy();
      const button = await screen.findByRole('button', { name: download }, { timeout: 3000 });
      expect(toasts.map((t) => t.key)).toContain('export.ready');
      await userEvent.click(button);
      await vi.waitFor(() => expect(saved).toHaveBeenCalled());
      expect(calls.at(-1)).toMatch(/\/export-job\/9\/file$/);
      expect(toasts.map((t) => t.key)).toContain('export.done');
    });
  }
});
