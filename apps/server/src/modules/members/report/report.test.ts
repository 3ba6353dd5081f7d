import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { ErrorCode, MEMBER_REPORT_MAX_DAYS, OrgType, StandardKind, dataEnvelope, memberReport } from '@vigil/contracts';
import { advanceRollups } from '../../../ingest/rollups.ts';
import { auditLog, members, orgs } from '../../../db/schema/index.ts';
import { DEMO_PASSWORD } from '../../../demo/data.ts';
import { seedHistory } from '../../../demo/history/index.ts';
import { seedDemo } from '../../../demo/seed.ts';
import { api, login, useTestApp } from '../../../../test/helpers.ts';

/**
 * Issue 28's member report on the demo world: the zh-TW PDF of a care-home resident, read back as
 * text with poppler's pdftotext, names the resident in Chinese and summarises the heart rate.
 */
const t = useTestApp();
let memberId: number;
let memberName: string;
const now = Math.floor(Date.now() / 1000);
const week = { from: now - 7 * 86_400, to: now };

beforeAll(async () => {
  await seedDemo(t.db);
  await seedHistory(t.db, new Date());
  const [care] = await t.db
    .select({ id: orgs.id })
    .from(orgs)
    .where(eq(orgs.type, OrgType.care))
    .orderBy(asc(orgs.id))
    .limit(1);
  // A resident with heart-rate readings in the week (kind 0).
  const [row] = await t.db
    .select({ id: members.id, name: members.name })
    .from(members)
    .where(
      and(
        eq(members.orgId, care.id),
        sql`exists (select 1 from readings r where r.member_id = ${members.id} and r.kind = 0)`,
      ),
    )
    .orderBy(asc(members.id))
    .limit(1);
  memberId = row.id;
  memberName = row.name;
}, 180_000);

function pdfText(pdf: Buffer): string {
  const file = join(mkdtempSync(join(tmpdir(), 'vigil-report-')), 'report.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

describe('GET /user/report/{id}', () => {
  it('renders the zh-TW report of a demo resident: the Chinese name and a heart-rate summary in the PDF text', async () => {
    const token = await login(t.app, 'orgstaff', DEMO_PASSWORD);
    const res = await api(t.app, token).get(`/user/report/${memberId}`, { ...week, lang: 'zh-TW' });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename="member-\d+-/);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // The CJK font is subset: the whole Noto Sans TC face is 7 MB.
    expect(pdf.length).toBeLessThan(1_500_000);

    const data = dataEnvelope(memberReport).parse(
      (await api(t.app, token).get(`/user/report/${memberId}/data`, { ...week, lang: 'zh-TW' })).json(),
    ).data;
    const heart = data.vitals.find((v) => v.kind === 'heartRate')!;
    expect(heart.count).toBeGreaterThan(0);
    expect(heart.min! <= heart.mean! && heart.mean! <= heart.max!).toBe(true);

    const text = pdfText(pdf).replace(/\s+/g, ' ');
    expect(memberName).toMatch(/[\u4e00-\u9fff]/);
    expect(text).toContain(memberName);
    expect(text).toContain('個案報告');
    // The summary row: 心率 (次/分), then the count, lowest, highest and mean of the week.
    expect(text).toMatch(
      new RegExp(`心率 \\(次/分\\) ${heart.count} ${heart.min} ${heart.max} ${heart.mean}`),
    );
  });

  it('is audited with the action report, naming the member', async () => {
    const token = await login(t.app, 'orgadmin', DEMO_PASSWORD);
    expect(
      (await api(t.app, token).get(`/user/report/${memberId}`, { ...week, lang: 'en' })).statusCode,
    ).toBe(200);
    const audited = async () => {
      await t.app.audit.flush();
      return t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'report'), eq(auditLog.memberId, memberId)));
    };
    await expect.poll(async () => (await audited()).length).toBeGreaterThanOrEqual(1);
    expect((await audited())[0]).toMatchObject({ route: '/user/report/{id}', method: 'GET' });
  });

  it('refuses bad periods and unknown members (-5 naming the field) and other organisations (-7)', async () => {
    const token = await login(t.app, 'orgstaff', DEMO_PASSWORD);
    const client = api(t.app, token);
    const reversed = (await client.get(`/user/report/${memberId}`, { from: week.to, to: week.from })).json();
    expect(reversed).toMatchObject({
      code: ErrorCode.validationFailed,
      errors: [{ field: 'from', message: 'report.fromAfterTo' }],
    });
    const long = (
      await client.get(`/user/report/${memberId}`, {
        from: now - (MEMBER_REPORT_MAX_DAYS + 1) * 86_400,
        to: now,
      })
    ).json();
    expect(long).toMatchObject({
      code: ErrorCode.validationFailed,
      errors: [{ field: 'to', message: 'report.rangeTooLong' }],
    });
    expect((await client.get(`/user/report/${memberId}`, { ...week, lang: 'fr' })).json()).toMatchObject({
      code: ErrorCode.validationFailed,
      errors: [{ field: 'lang' }],
    });
    expect((await client.get(`/user/report/${memberId}`, { to: now })).json()).toMatchObject({
      code: ErrorCode.validationFailed,
      errors: [{ field: 'from' }],
    });
    // A period beyond the data (not begun yet) is refused rather than answered with an empty report.
    expect((await client.get(`/user/report/${memberId}`, { from: now + 86_400, to: now + 2 * 86_400 })).json()).toMatchObject({
      code: ErrorCode.validationFailed,
      errors: [{ field: 'from', message: 'validation.futureTime' }],
    });
    expect((await client.get('/user/report/99999999', week)).json()).toMatchObject({
      code: ErrorCode.validationFailed,
      errors: [{ field: 'id' }],
    });

    const [hotel] = await t.db
      .select({ id: orgs.id })
      .from(orgs)
      .where(eq(orgs.type, OrgType.hotel))
      .limit(1);
    const [guest] = await t.db
      .select({ id: members.id })
      .from(members)
      .where(eq(members.orgId, hotel.id))
      .limit(1);
    expect((await client.get(`/user/report/${guest.id}`, week)).json().code).toBe(ErrorCode.notFound);
  });
});

describe('GET /user/report/{id}/data', () => {
  it('summarises a vital from the hourly rollups exactly as from the readings themselves', async () => {
    // Roll every reading up, so the report's whole hours come from the rollups and its partial
    // first and last hours from the readings; the figures must not tell the two apart.
    await advanceRollups(t.db, 0);
    const token = await login(t.app, 'orgstaff', DEMO_PASSWORD);
    const report = dataEnvelope(memberReport).parse((await api(t.app, token).get(`/user/report/${memberId}/data`, week)).json()).data;
    const heart = report.vitals.find((v) => v.kind === 'heartRate')!;
    const std = report.standards.find((s) => s.kind === StandardKind.instantHeartRate)!;
    const {
      rows: [raw],
    } = await t.db.execute<{ n: number; min: number; max: number; mean: number; out: number }>(sql`
      select count(*)::int as n, min(value) as min, max(value) as max, avg(value) as mean,
        count(*) filter (where value < ${std.min} or value > ${std.max})::int as out
      from readings where member_id = ${memberId} and kind = 0 and value <> 0
        and occur_time >= to_timestamp(${week.from}) and occur_time <= to_timestamp(${week.to})`);
    const round1 = (v: unknown) => Math.round(Number(v) * 10) / 10;
    expect(heart).toMatchObject({ count: raw.n, min: round1(raw.min), max: round1(raw.max), mean: round1(raw.mean), out_of_standard: raw.out });
    expect(heart.points.length).toBeGreaterThan(1);
  });
});
