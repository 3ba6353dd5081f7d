import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { AbnormalType, ErrorCode, dataEnvelope, keptReport, paginated, reportSchedule } from '@vigil/contracts';
import { api, buildTestApp, createTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { createWorld, type World } from '../../../test/fixtures.ts';
import { scheduledReportJob } from './job.ts';
import { duePeriod } from './periods.ts';

/** One mail as the local SMTP peer received it. */
type Received = { to: string[]; raw: string };

let smtp: SMTPServer;
let t: TestApp;
/** A second instance of the server on the same database, as two replicas behind a load balancer. */
let second: FastifyInstance;
let world: World;
let tokens: { adminA: string; adminB: string; staffA: string };
const mails: Received[] = [];

const skipReason = inject('skipReason');

beforeAll(async () => {
  if (skipReason) return;
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  const mail = { smtp: { url: `smtp://127.0.0.1:${port}`, from: 'Vigil <vigil@care.test>' } };
  t = await createTestApp(mail);
  second = await buildTestApp(t.database, mail);
  world = await createWorld(t.db);
  tokens = {
    adminA: await login(t.app, 'tadmina'),
    adminB: await login(t.app, 'tadminb'),
    staffA: await login(t.app, 'tstaffa'),
  };
});

beforeEach((ctx) => {
  if (skipReason) ctx.skip(skipReason);
});

afterAll(async () => {
  await second?.close();
  await t?.close();
  if (smtp) await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const schedule = { enabled: true, recipients: ['director@care.test'], lang: 'zh-TW', hour: 0, utc_offset: 480, keep_days: 30 };
const kept = dataEnvelope(paginated(keptReport));

describe('scheduled reports', () => {
  it('mails a due report exactly once when two instances run the job at the same moment', async () => {
    // One alert in organisation A last month, so the monthly alert-burden report has a row.
    const month = duePeriod('alert_burden', Math.floor(Date.now() / 1000), 0, 480);
    await t.app.alerts.raise([
      {
        orgId: world.orgs.careA,
        areaId: world.areas.areaA1,
        memberId: null,
        deviceId: null,
        bindingId: null,
        type: AbnormalType.sos,
        occurTime: new Date((month.start + 2 * 86_400) * 1000),
        detail: { value: 'pressed' },
        names: { member: null, area: null, device: null },
      },
    ]);
    const saved = await api(t.app, tokens.adminA).put('/report-schedule/alert_burden', schedule);
    expect(saved.statusCode).toBe(200);
    expect(dataEnvelope(reportSchedule).parse(saved.json()).data).toMatchObject({ kind: 'alert_burden', enabled: true, mail_configured: true });

    await Promise.all([scheduledReportJob(t.app)(), scheduledReportJob(second)(), scheduledReportJob(second)()]);
    // A later round on either instance finds the report made and sends nothing more.
    await Promise.all([scheduledReportJob(t.app)(), scheduledReportJob(second)()]);

    const toDirector = mails.filter((m) => m.to.includes('director@care.test'));
    expect(toDirector).toHaveLength(1);
    const from = new Date((month.start + 480 * 60) * 1000).toISOString().slice(0, 7);
    expect(toDirector[0]!.raw).toContain(`alert-burden-${from}.csv`);

    const list = kept.parse((await api(t.app, tokens.adminA).get('/report-schedule/report', { kind: 'alert_burden' })).json()).data;
    expect(list.total).toBe(1);
    expect(list.list[0]).toMatchObject({ status: 'ready', mailed: 1, period_start: month.start, period_end: month.end, subject_id: null });

    // Kept for download, in the asked language, with the alert counted.
    const file = await api(second, tokens.adminA).get(`/report-schedule/report/${list.list[0]!.id}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    expect(file.body.startsWith('\uFEFF機構,T Care A')).toBe(true);
    expect(file.body).toContain('警示總數,1');
  });

  it("keeps each organisation's reports to itself", async () => {
    const mine = kept.parse((await api(t.app, tokens.adminA).get('/report-schedule/report')).json()).data.list;
    expect(mine.length).toBeGreaterThan(0);
    const theirs = kept.parse((await api(t.app, tokens.adminB).get('/report-schedule/report')).json()).data;
    expect(theirs.total).toBe(0);
    const other = await api(t.app, tokens.adminB).get(`/report-schedule/report/${mine[0]!.id}`);
    expect(other.json().code).toBe(ErrorCode.notFound);
    const unknown = await api(t.app, tokens.adminA).get('/report-schedule/report/99999999');
    expect(unknown.json()).toMatchObject({ code: ErrorCode.validationFailed, errors: [{ field: 'id' }] });
    // Organisation B's schedules are its own: A's saved one does not show there.
    const b = (await api(t.app, tokens.adminB).get('/report-schedule')).json().data as { kind: string; enabled: boolean }[];
    expect(b.find((s) => s.kind === 'alert_burden')?.enabled).toBe(false);
  });

  it('refuses a schedule it could not keep, naming the field, and staff without the page', async () => {
    const bad = async (body: object, field: string) => {
      const res = await api(t.app, tokens.adminA).put('/report-schedule/shift_summary', { ...schedule, ...body });
      expect(res.json().code).toBe(ErrorCode.validationFailed);
      expect((res.json().errors as { field: string }[]).map((e) => e.field)).toContain(field);
    };
    await bad({ recipients: ['not-a-mailbox'] }, 'recipients.0');
    await bad({ hour: 24 }, 'hour');
    await bad({ keep_days: 0 }, 'keep_days');
    await bad({ lang: 'fr' }, 'lang');
    const kind = await api(t.app, tokens.adminA).put('/report-schedule/hourly', schedule);
    expect(kind.json().code).toBe(ErrorCode.validationFailed);
    expect((await api(t.app, tokens.staffA).get('/report-schedule')).json().code).toBe(ErrorCode.noPermission);
  });
});
