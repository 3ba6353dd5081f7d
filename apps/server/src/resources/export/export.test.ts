import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AbnormalCategory, AbnormalType, EXPORT_JOB_ROWS, ErrorCode, STEP_UP_REQUIRED, nowUnix } from '@vigil/contracts';
import { unzipSync, strFromU8 } from 'fflate';
import { api, login, useTestApp } from '../../../test/helpers.ts';
import { createWorld, type World } from '../../../test/fixtures.ts';
import { abnormalEvents, auditLog, members, sessions } from '../../db/schema/index.ts';
import { hashToken } from '../../auth/tokens.ts';
import { EXPORT_BATCH } from './render.ts';
import { listExportJob } from './job.ts';

const t = useTestApp();
let world: World;
let token: string;
const now = nowUnix();
// More rows than one batch, so the export has to keyset through several.
const FALLS = EXPORT_BATCH * 2 + 37;

beforeAll(async () => {
  world = await createWorld(t.db);
  const [member] = await t.db
    .insert(members)
    .values({ orgId: world.orgs.careA, areaId: world.areas.areaA1, name: '=HYPERLINK("http://x")' })
    .returning();
  const event = (i: number, type: number, category: number) => ({
    orgId: world.orgs.careA,
    areaId: world.areas.areaA1,
    memberId: member.id,
    type,
    category,
    occurTime: new Date((now - i * 60) * 1000),
    // Closed, so the one-open-event-per-type rule lets many of one type exist.
    recoveredAt: new Date((now - i * 60 + 30) * 1000),
  });
  const rows = Array.from({ length: FALLS }, (_, i) => event(i, AbnormalType.fall, AbnormalCategory.fall));
  for (let i = 0; i < rows.length; i += 500) await t.db.insert(abnormalEvents).values(rows.slice(i, i + 500));
  await t.db.insert(abnormalEvents).values([event(1, AbnormalType.sos, AbnormalCategory.sos), event(2, AbnormalType.sos, AbnormalCategory.sos)]);
  token = await login(t.app, 'tadmina');
});

const csvRows = (body: string) => body.split('\r\n').filter(Boolean);

describe('GET {list}/export', () => {
  it('exports the whole filtered abnormal log as CSV: BOM, every row of the total, formulas escaped', async () => {
    const total = (await api(t.app, token).get('/abnormal', { type: AbnormalType.fall })).json().data.total;
    expect(total).toBe(FALLS);
    const res = await api(t.app, token).get('/abnormal/export', { type: AbnormalType.fall, format: 'csv', lang: 'en' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.body.charCodeAt(0)).toBe(0xfeff);
    const [header, ...lines] = csvRows(res.body.slice(1));
    expect(header.split(',').slice(0, 3)).toEqual(['ID', 'Occurred', 'Type']);
    expect(lines).toHaveLength(total);
    // Every row once, keyset through the batches: no id repeated or skipped.
    expect(new Set(lines.map((l) => l.split(',')[0])).size).toBe(total);
    // The member's name starts with '=': quoted as text, never a formula.
    expect(lines[0]).toContain(`"'=HYPERLINK(""http://x"")"`);
  });

  it('speaks the user language: zh-TW headers and type names', async () => {
    const res = await api(t.app, token).get('/abnormal/export', { type: AbnormalType.sos, lang: 'zh-TW' });
    const [header, ...lines] = csvRows(res.body.slice(1));
    expect(header).toContain('發生時間');
    expect(lines).toHaveLength(2);
  });

  it('writes an XLSX workbook with a header row and every row', async () => {
    const res = await api(t.app, token).get('/abnormal/export', { type: AbnormalType.sos, format: 'xlsx', lang: 'en' });
    expect(res.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files)).toContain('xl/worksheets/sheet1.xml');
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml']);
    expect(sheet.match(/<row /g)).toHaveLength(3);
    expect(sheet).toContain('&quot;http://x&quot;');
  });

  it('refuses a filter out of range with -5 naming it, not an empty file', async () => {
    const res = await api(t.app, token).get('/abnormal/export', { is_handle: 7 });
    expect(res.json()).toMatchObject({ code: ErrorCode.validationFailed });
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain('is_handle');
    const format = await api(t.app, token).get('/abnormal/export', { format: 'pdf' });
    expect(format.json().errors.map((e: { field: string }) => e.field)).toContain('format');
    // A date range that cannot hold a row: one that ends before it starts.
    const reversed = await api(t.app, token).get('/abnormal/export', { start_date: now - 86_400, end_date: now - 2 * 86_400 });
    expect(reversed.json()).toMatchObject({ code: ErrorCode.validationFailed, errors: [{ field: 'end_date', message: 'export.endBeforeStart' }] });
  });

  it('keeps the list scope: another organisation exports none of these rows', async () => {
    const other = await login(t.app, 'tadminb');
    const res = await api(t.app, other).get('/abnormal/export', { type: AbnormalType.fall });
    expect(csvRows(res.body.slice(1))).toHaveLength(1);
  });

  it('exports a kit resource (areas) with its row fields as columns', async () => {
    const res = await api(t.app, token).get('/area/export', { lang: 'en' });
    expect(res.statusCode).toBe(200);
    const [header, ...lines] = csvRows(res.body.slice(1));
    expect(header.split(',')).toContain('Name');
    expect(lines.length).toBeGreaterThan(0);
  });

  it('needs a recent sign-in (step-up) and records each export in the audit trail', async () => {
    const stale = await login(t.app, 'tadmina');
    await t.db
      .update(sessions)
      .set({ authenticatedAt: new Date(Date.now() - 3_600_000) })
      .where(eq(sessions.id, hashToken(stale)));
    const refused = await api(t.app, stale).get('/abnormal/export', { type: AbnormalType.sos });
    expect(refused.json()).toMatchObject({ code: ErrorCode.noPermission, message: STEP_UP_REQUIRED });

    await api(t.app, token).get('/abnormal/export', { type: AbnormalType.sos, format: 'csv' });
    await t.app.audit.flush();
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.action, 'export'));
    expect(entries.at(-1)).toMatchObject({ resource: '/abnormal', route: '/abnormal/export', detail: { format: 'csv', rows: 2, filters: { type: AbnormalType.sos } } });
  });
});

describe('GET {list}/export above the job threshold', () => {
  // The threshold lowered so the falls (more than two batches) are made as a job, the SOS not.
  beforeAll(() => void (t.app.config.exportJobRows = 100));
  afterAll(() => void (t.app.config.exportJobRows = EXPORT_JOB_ROWS));

  it('answers 202 with a job, whose progress moves to the total and whose file is the streamed export', async () => {
    const small = await api(t.app, token).get('/abnormal/export', { type: AbnormalType.sos, lang: 'en' });
    expect(small.statusCode).toBe(200);

    const asked = await api(t.app, token).get('/abnormal/export', { type: AbnormalType.fall, format: 'csv', lang: 'en' });
    expect(asked.statusCode).toBe(202);
    const job = asked.json().data;
    expect(job).toMatchObject({ status: 'queued', rows_done: 0, rows_total: FALLS, format: 'csv', expires_at: null });
    const notYet = await api(t.app, token).get(`/export-job/${job.job_id}/file`);
    expect(notYet.json()).toMatchObject({ code: ErrorCode.validationFailed, errors: [{ field: 'id', message: 'export.notReady' }] });

    // Run the job and read its status after each batch: rows done grow, batch by batch, to the total.
    const seen: unknown[] = [];
    await listExportJob(t.db, t.app.log, async () => {
      seen.push((await api(t.app, token).get(`/export-job/${job.job_id}`)).json().data);
    })();
    const ready = (await api(t.app, token).get(`/export-job/${job.job_id}`)).json().data;
    expect(ready).toMatchObject({ status: 'ready', rows_done: FALLS, rows_total: FALLS });
    expect(ready.expires_at).toBeGreaterThan(now);
    expect(seen).toMatchObject([
      { status: 'running', rows_done: EXPORT_BATCH, rows_total: FALLS },
      { status: 'running', rows_done: EXPORT_BATCH * 2, rows_total: FALLS },
      { status: 'running', rows_done: FALLS, rows_total: FALLS },
    ]);

    const file = await api(t.app, token).get(`/export-job/${job.job_id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    t.app.config.exportJobRows = FALLS;
    const streamed = await api(t.app, token).get('/abnormal/export', { type: AbnormalType.fall, format: 'csv', lang: 'en' });
    t.app.config.exportJobRows = 100;
    expect(streamed.statusCode).toBe(200);
    expect(file.body).toBe(streamed.body);

    // The download is recorded like a streamed export.
    await t.app.audit.flush();
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.action, 'export'));
    expect(entries.find((e) => e.recordId === job.job_id)).toMatchObject({ resource: '/abnormal', detail: { format: 'csv', rows: FALLS, filters: { type: AbnormalType.fall } } });
  });

  it("refuses another user's job with -7, in the organisation or outside it", async () => {
    const job = (await api(t.app, token).get('/abnormal/export', { type: AbnormalType.fall, format: 'xlsx' })).json().data;
    await listExportJob(t.db, t.app.log)();
    for (const other of [await login(t.app, 'tstaffa'), await login(t.app, 'tadminb')]) {
      expect((await api(t.app, other).get(`/export-job/${job.job_id}`)).json()).toMatchObject({ code: ErrorCode.notFound });
      expect((await api(t.app, other).get(`/export-job/${job.job_id}/file`)).json()).toMatchObject({ code: ErrorCode.notFound });
    }
    const file = await api(t.app, token).get(`/export-job/${job.job_id}/file`);
    const sheet = strFromU8(unzipSync(new Uint8Array(file.rawPayload))['xl/worksheets/sheet1.xml']);
    expect(sheet.match(/<row /g)).toHaveLength(FALLS + 1);
  });
});
