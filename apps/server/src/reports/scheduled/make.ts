import { and, asc, eq, isNull } from 'drizzle-orm';
import type { AlertBurden, ScheduledReportKind } from '@vigil/contracts';
import type { Principal } from '../../auth/principal.ts';
import type { Db } from '../../db/client.ts';
import { areas, members, orgs } from '../../db/schema/index.ts';
import { alertBurden } from '../../modules/alerts/abnormal/burden.ts';
import { CSV_BOM, csvLine, type Cell } from '../../resources/export/csv.ts';
import { textsOf, type Language } from '../../texts.ts';
import { buildMemberReport } from '../member/data.ts';
import { renderMemberReportPdf } from '../member/pdf.ts';
import type { Period } from './periods.ts';

/** What one report is about: an area (shift summary), a member (weekly report) or the organisation (id 0). */
export type Subject = { id: number; name: string };

/** A made report: its file, ready to keep and attach. */
export type ReportFile = { filename: string; contentType: string; content: Buffer };

/** The subjects of one kind for the schedule's owner: the areas or members they may see, or their organisation. */
export async function subjectsOf(db: Db, kind: ScheduledReportKind, p: Principal): Promise<Subject[]> {
  if (kind === 'shift_summary')
    return db
      .select({ id: areas.id, name: areas.name })
      .from(areas)
      .where(and(eq(areas.orgId, p.orgId), eq(areas.enabled, true), p.areaId === null ? undefined : eq(areas.id, p.areaId)))
      .orderBy(asc(areas.id));
  if (kind === 'member_weekly')
    return db
      .select({ id: members.id, name: members.name })
      .from(members)
      .where(and(eq(members.orgId, p.orgId), isNull(members.removedAt), p.areaId === null ? undefined : eq(members.areaId, p.areaId)))
      .orderBy(asc(members.id));
  const [org] = await db.select({ name: orgs.name }).from(orgs).where(eq(orgs.id, p.orgId));
  return [{ id: 0, name: org?.name ?? '' }];
}

const localDate = (seconds: number, offsetMinutes: number) => new Date((seconds + offsetMinutes * 60) * 1000).toISOString().slice(0, 10);

/** The period as the organisation reads it: its first and last local day. */
export function periodText(period: Period, offsetMinutes: number): { from: string; to: string } {
  return { from: localDate(period.start, offsetMinutes), to: localDate(period.end - 1, offsetMinutes) };
}

/**
 * The alert figures of an area's day or the organisation's month as a CSV (UTF-8 with BOM, formulas
 * escaped, like the list exports): a block of totals, then one row per member.
 */
function burdenCsv(burden: AlertBurden, lang: Language, subjectLabel: string, subject: string, period: string): Buffer {
  const t = textsOf(lang);
  const f = (key: string) => t(`scheduledReports.file.${key}`);
  const lines: Cell[][] = [
    [subjectLabel, subject],
    [f('period'), period],
    [f('totalAlerts'), burden.total],
    [f('handled'), burden.handled],
    [f('noAction'), burden.no_action],
    [f('responded'), burden.response.responded],
    [f('responseP50'), burden.response.p50],
    [f('responseP90'), burden.response.p90],
    [],
    [f('member'), f('alerts'), f('perDay')],
    ...burden.members.map((m) => [m.user_name ?? f('noMember'), m.total, m.per_day]),
  ];
  return Buffer.from(CSV_BOM + lines.map(csvLine).join(''));
}

/** Makes one report of a kind for one subject and period, with the schedule owner's rights. */
export async function makeReport(
  db: Db,
  p: Principal,
  kind: ScheduledReportKind,
  subject: Subject,
  period: Period,
  lang: Language,
  utcOffset: number,
): Promise<ReportFile> {
  const { from, to } = periodText(period, utcOffset);
  const range = `${from} – ${to}`;
  const t = textsOf(lang);
  if (kind === 'member_weekly') {
    const report = await buildMemberReport(db, p, subject.id, { from: period.start, to: period.end - 1, lang, utc_offset: utcOffset });
    return { filename: `member-${subject.id}-${from}-${to}.pdf`, contentType: 'application/pdf', content: await renderMemberReportPdf(report) };
  }
  const burden = await alertBurden(db, p, {
    start_date: period.start,
    end_date: period.end - 1,
    area_id: kind === 'shift_summary' ? subject.id : undefined,
    utc_offset: utcOffset,
  });
  if (kind === 'shift_summary')
    return {
      filename: `shift-summary-area-${subject.id}-${from}.csv`,
      contentType: 'text/csv; charset=utf-8',
      content: burdenCsv(burden, lang, t('scheduledReports.file.area'), subject.name, range),
    };
  return {
    filename: `alert-burden-${from.slice(0, 7)}.csv`,
    contentType: 'text/csv; charset=utf-8',
    content: burdenCsv(burden, lang, t('scheduledReports.file.organisation'), subject.name, range),
  };
}
