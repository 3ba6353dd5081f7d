import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  SCHEDULED_REPORT_KEEP_DAYS,
  dataEnvelope,
  idParam,
  keptReport,
  keptReportQuery,
  paginated,
  reportSchedule,
  reportScheduleKindParam,
  reportScheduleUpdate,
  scheduledReportKinds,
  toUnix,
  type KeptReport,
  type ReportSchedule,
  type ScheduledReportKind,
} from '@vigil/contracts';
import { type Principal, requesterOf } from '../../../auth/principal.ts';
import type { Db } from '../../../db/client.ts';
import { reportSchedules, scheduledReports, staff } from '../../../db/schema/index.ts';
import { errorResponses } from '../../../http/schemas.ts';
import { invalid, notFound } from '../../../http/errors.ts';
import { paginate, pageWindow } from '../../../resources/paging.ts';

const tag = 'report-schedule';

/** A kind never saved: off, no recipients, made at 06:00 Taipei time, kept the default time. */
const defaults = (kind: ScheduledReportKind, mailConfigured: boolean): ReportSchedule => ({
  kind,
  enabled: false,
  recipients: [],
  lang: 'zh-TW',
  hour: 6,
  utc_offset: 480,
  keep_days: SCHEDULED_REPORT_KEEP_DAYS.default,
  mail_configured: mailConfigured,
  updated_at: null,
  updated_by_name: null,
});

async function schedules(app: FastifyInstance, orgId: number): Promise<ReportSchedule[]> {
  const { db } = app.database;
  await app.notify.settings.load();
  const mailConfigured = (await app.notify.channels.get('email')?.adapter.configured(orgId)) ?? false;
  const rows = await db
    .select({ s: reportSchedules, name: staff.name })
    .from(reportSchedules)
    .leftJoin(staff, eq(staff.id, reportSchedules.updatedBy))
    .where(eq(reportSchedules.orgId, orgId));
  return scheduledReportKinds.map((kind) => {
    const row = rows.find((r) => r.s.kind === kind);
    if (!row) return defaults(kind, mailConfigured);
    const s = row.s;
    return {
      kind,
      enabled: s.enabled,
      recipients: s.recipients,
      lang: s.lang,
      hour: s.hour,
      utc_offset: s.utcOffset,
      keep_days: s.keepDays,
      mail_configured: mailConfigured,
      updated_at: toUnix(s.updatedAt),
      updated_by_name: row.name ?? null,
    };
  });
}

const keptColumns = {
  id: scheduledReports.id,
  kind: scheduledReports.kind,
  subjectId: scheduledReports.subjectId,
  subjectName: scheduledReports.subjectName,
  periodStart: scheduledReports.periodStart,
  periodEnd: scheduledReports.periodEnd,
  filename: scheduledReports.filename,
  size: scheduledReports.size,
  mailed: scheduledReports.mailed,
  status: scheduledReports.status,
  createdAt: scheduledReports.createdAt,
  expiresAt: scheduledReports.expiresAt,
};

type KeptRow = Pick<typeof scheduledReports.$inferSelect, keyof typeof keptColumns>;

const toKept = (r: KeptRow): KeptReport => ({
  id: r.id,
  kind: r.kind,
  subject_id: r.subjectId === 0 ? null : r.subjectId,
  subject_name: r.subjectId === 0 ? null : r.subjectName,
  period_start: toUnix(r.periodStart),
  period_end: toUnix(r.periodEnd),
  filename: r.filename,
  size: r.size,
  mailed: r.mailed,
  status: r.status,
  created_at: toUnix(r.createdAt),
  expires_at: toUnix(r.expiresAt),
});

/** The kept reports of the caller's organisation still within their keeping time. */
const keptScope = (orgId: number) => and(eq(scheduledReports.orgId, orgId), sql`${scheduledReports.expiresAt} > now()`);

/** A kept report's row by id: unknown (or expired) -5 naming `id`, another organisation's -7 (SPEC §8). */
async function keptRow(db: Db, p: Principal, id: number) {
  const [row] = await db
    .select({ orgId: scheduledReports.orgId, expiresAt: scheduledReports.expiresAt })
    .from(scheduledReports)
    .where(eq(scheduledReports.id, id));
  if (!row || row.expiresAt.getTime() <= Date.now()) throw invalid([{ field: 'id', message: 'validation.invalidOption' }], 'Unknown report');
  if (row.orgId !== p.orgId) throw notFound();
}

/**
 * The organisation's scheduled reports (docs/reports.md "Scheduled reports"): GET and PUT the
 * schedule of each kind, list the kept reports and download one. Everything is the caller's own
 * organisation's; a schedule runs with the rights of whoever saved it (stored as its requester).
 * A download is a read of health data: recorded in the audit trail with the action `report`.
 */
export async function reportScheduleRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  r.get(
    '/report-schedule',
    {
      config: { permission: 'GET /report-schedule' },
      schema: {
        tags: [tag],
        summary: "The organisation's report schedules: daily shift summary, weekly member report, monthly alert burden",
        response: { 200: dataEnvelope(z.array(reportSchedule)), ...errorResponses },
      },
    },
    async (request) => ({ data: await schedules(app, request.principal.orgId) }),
  );

  r.put(
    '/report-schedule/:kind',
    {
      config: { permission: 'PUT /report-schedule/{kind}' },
      schema: {
        tags: [tag],
        summary: 'Set the schedule of one report kind (the reports are made with the rights of whoever saves it)',
        params: reportScheduleKindParam,
        body: reportScheduleUpdate,
        response: { 200: dataEnvelope(reportSchedule), ...errorResponses },
      },
    },
    async (request) => {
      const p = request.principal;
      const b = request.body;
      const set = {
        enabled: b.enabled,
        recipients: [...new Set(b.recipients.map((a) => a.toLowerCase()))],
        lang: b.lang,
        hour: b.hour,
        utcOffset: b.utc_offset,
        keepDays: b.keep_days,
        requester: requesterOf(p),
        updatedBy: p.staffId,
        updatedAt: new Date(),
      };
      await db
        .insert(reportSchedules)
        .values({ orgId: p.orgId, kind: request.params.kind, ...set })
        .onConflictDoUpdate({ target: [reportSchedules.orgId, reportSchedules.kind], set });
      const all = await schedules(app, p.orgId);
      return { data: all.find((s) => s.kind === request.params.kind)! };
    },
  );

  r.get(
    '/report-schedule/report',
    {
      config: { permission: 'GET /report-schedule/report' },
      schema: {
        tags: [tag],
        summary: 'The reports kept for download, newest first',
        querystring: keptReportQuery,
        response: { 200: dataEnvelope(paginated(keptReport)), ...errorResponses },
      },
    },
    async (request) => {
      const q = request.query;
      const where = and(keptScope(request.principal.orgId), q.kind ? eq(scheduledReports.kind, q.kind) : undefined);
      const [{ total }] = await db.select({ total: count() }).from(scheduledReports).where(where);
      const { offset, limit } = pageWindow(q);
      const base = db.select(keptColumns).from(scheduledReports).where(where).orderBy(desc(scheduledReports.createdAt), desc(scheduledReports.id)).offset(offset);
      const rows = limit === undefined ? await base : await base.limit(limit);
      return { data: paginate(q, total, rows.map(toKept)) };
    },
  );

  r.get(
    '/report-schedule/report/:id',
    {
      config: { permission: 'GET /report-schedule/report/{id}' },
      schema: {
        tags: [tag],
        summary: 'Download one kept report (PDF or CSV)',
        params: idParam,
        response: { 200: z.any().describe('the report file'), ...errorResponses },
      },
    },
    async (request, reply) => {
      await keptRow(db, request.principal, request.params.id);
      const [row] = await db
        .select({ filename: scheduledReports.filename, contentType: scheduledReports.contentType, content: scheduledReports.content, kind: scheduledReports.kind, subjectId: scheduledReports.subjectId })
        .from(scheduledReports)
        .where(eq(scheduledReports.id, request.params.id));
      if (!row?.content) throw invalid([{ field: 'id', message: 'scheduledReports.notReady' }], 'The report is not ready');
      recordDownload(app, request, request.params.id, row.kind === 'member_weekly' ? row.subjectId : null);
      return reply
        .header('content-type', row.contentType)
        .header('content-disposition', `attachment; filename="${row.filename}"`)
        .header('cache-control', 'no-store')
        .send(row.content);
    },
  );
}

/** A kept report holds health data: its download is recorded like a member report (`report`). */
function recordDownload(app: FastifyInstance, request: FastifyRequest, id: number, memberId: number | null): void {
  const p = request.principal;
  app.audit.record({
    at: new Date(),
    orgId: p.orgId,
    staffId: p.staffId,
    role: p.role,
    memberId,
    resource: '/report-schedule/report',
    method: 'GET',
    route: '/report-schedule/report/{id}',
    action: 'report',
    recordId: id,
    ip: request.ip.slice(0, 64),
    requestId: String(request.id).slice(0, 64),
  });
}
