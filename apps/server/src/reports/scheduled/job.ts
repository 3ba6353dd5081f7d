import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Principal, principalOfRequester } from '../../auth/principal.ts';
import type { Db } from '../../db/client.ts';
import { reportSchedules, scheduledReports } from '../../db/schema/index.ts';
import type { OutboundMessage } from '../../notify/channel.ts';
import { textsOf, type Language } from '../../texts.ts';
import { makeReport, periodText, subjectsOf, type ReportFile, type Subject } from './make.ts';
import { duePeriod, type Period } from './periods.ts';

/** How often the job looks for a due report (and drops the expired ones). */
export const SCHEDULED_REPORT_EVERY_MS = 60_000;
/** A claim left `making` this long by an instance that died is taken over by another. */
export const MAKING_LEASE_SECONDS = 15 * 60;

type Schedule = typeof reportSchedules.$inferSelect;

/**
 * Claims the report of one subject and period: the instance whose insert makes the row owns it;
 * one whose insert meets an existing row takes it over only when the row is still `making` and
 * its lease ran out. Exactly one caller gets the id, however many instances ask at once.
 */
async function claim(db: Db, s: Schedule, subject: Subject, period: Period, me: string): Promise<number | null> {
  const expires = new Date((period.end + s.keepDays * 86_400) * 1000);
  const values = {
    orgId: s.orgId,
    kind: s.kind,
    subjectId: subject.id,
    subjectName: subject.name,
    periodStart: new Date(period.start * 1000),
    periodEnd: new Date(period.end * 1000),
    claimedBy: me,
    expiresAt: expires,
  };
  const [won] = await db.insert(scheduledReports).values(values).onConflictDoNothing().returning({ id: scheduledReports.id });
  if (won) return won.id;
  const taken = await db.execute<{ id: number }>(sql`
    update ${scheduledReports} set claimed_by = ${me}, claimed_at = now()
    where org_id = ${s.orgId} and kind = ${s.kind} and subject_id = ${subject.id}
      and period_start = ${values.periodStart.toISOString()}::timestamptz
      and status = 'making' and claimed_at < now() - make_interval(secs => ${MAKING_LEASE_SECONDS})
    returning id`);
  return taken.rows[0] ? Number(taken.rows[0].id) : null;
}

/**
 * Mails a made report to each recipient through the email channel (the notification core's
 * adapter), when it is configured. Each mail's Message-ID is the report and recipient, so a peer
 * that sees one twice drops the copy. Answers how many were accepted.
 */
async function mail(app: FastifyInstance, s: Schedule, id: number, subject: Subject, period: Period, file: ReportFile, expires: Date): Promise<number> {
  if (!s.recipients.length) return 0;
  const email = app.notify.channels.get('email');
  await app.notify.settings.load();
  if (!email || !(await email.adapter.configured(s.orgId))) return 0;
  const lang = s.lang as Language;
  const t = textsOf(lang);
  const { from, to } = periodText(period, s.utcOffset);
  const values = {
    report: t(`scheduledReports.kindShort.${s.kind}`),
    subject: subject.name,
    from,
    to,
    until: periodText({ start: expires.getTime() / 1000, end: expires.getTime() / 1000 + 1 }, s.utcOffset).from,
  };
  let sent = 0;
  for (const address of s.recipients) {
    const message: OutboundMessage = {
      idempotencyKey: `scheduled-report-${id}-${address}`,
      organizationId: s.orgId,
      alertId: null,
      priority: null,
      language: lang,
      title: t('scheduledReports.mail.subject', values),
      body: t('scheduledReports.mail.body', values),
      link: '/scheduled-reports',
      attachments: [file],
    };
    const outcome = await email.adapter.send(address, message);
    if (outcome.status === 'failed') app.log.warn({ reportId: id, reason: outcome.reason }, 'scheduled report: a mail was refused');
    else sent += 1;
  }
  return sent;
}

/** Makes, keeps and mails one claimed report; a failure is kept on the row (and not retried). */
async function deliver(app: FastifyInstance, s: Schedule, principal: Principal, id: number, subject: Subject, period: Period): Promise<void> {
  const { db } = app.database;
  try {
    const file = await makeReport(db, principal, s.kind, subject, period, s.lang as Language, s.utcOffset);
    const [row] = await db
      .update(scheduledReports)
      .set({ status: 'ready', filename: file.filename, contentType: file.contentType, content: file.content, size: file.content.length })
      .where(eq(scheduledReports.id, id))
      .returning({ expiresAt: scheduledReports.expiresAt });
    const mailed = await mail(app, s, id, subject, period, file, row!.expiresAt);
    await db.update(scheduledReports).set({ mailed }).where(eq(scheduledReports.id, id));
  } catch (err) {
    app.log.error({ err, reportId: id }, 'scheduled report: making it failed');
    await db
      .update(scheduledReports)
      .set({ status: 'failed', error: err instanceof Error ? err.message.slice(0, 500) : String(err) })
      .where(eq(scheduledReports.id, id));
  }
}

/**
 * The scheduled-report job (docs/reports.md "Scheduled reports"): drops the reports whose keeping
 * time is up, then for every enabled schedule makes the latest due period's report of each of its
 * subjects that no instance has claimed yet, with the rights of the schedule's owner, keeps it and
 * mails it. Runs on the periodic-job helper on every instance; the claim row makes each report once.
 */
export function scheduledReportJob(app: FastifyInstance): () => Promise<void> {
  const me = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  return async () => {
    const { db } = app.database;
    await db.delete(scheduledReports).where(lt(scheduledReports.expiresAt, new Date()));
    const schedules = await db.select().from(reportSchedules).where(eq(reportSchedules.enabled, true));
    const now = Math.floor(Date.now() / 1000);
    for (const s of schedules) {
      const principal = principalOfRequester(s.requester);
      const period = duePeriod(s.kind, now, s.hour, s.utcOffset);
      // Skip the subjects made (or being made under a live claim) for this period without a claim round-trip each.
      const done = await db
        .select({ subjectId: scheduledReports.subjectId })
        .from(scheduledReports)
        .where(
          and(
            eq(scheduledReports.orgId, s.orgId),
            eq(scheduledReports.kind, s.kind),
            eq(scheduledReports.periodStart, new Date(period.start * 1000)),
            sql`(${scheduledReports.status} <> 'making' or ${scheduledReports.claimedAt} >= now() - make_interval(secs => ${MAKING_LEASE_SECONDS}))`,
          ),
        );
      const made = new Set(done.map((d) => d.subjectId));
      for (const subject of await subjectsOf(db, s.kind, principal)) {
        if (made.has(subject.id)) continue;
        const id = await claim(db, s, subject, period, me);
        if (id !== null) await deliver(app, s, principal, id, subject, period);
      }
    }
  };
}
