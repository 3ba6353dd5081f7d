import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import {
  MEDICATION_DELAY_ALERT_HOURS,
  MEMBER_REPORT_CHART_POINTS,
  MEMBER_REPORT_MAX_ROWS,
  nowUnix,
  StandardKind,
  physiologicalKindMeta,
  toUnix,
  type MemberReport,
  type MemberReportQuery,
  type MemberReportVital,
  type PhysiologicalKind,
  type StandardRange,
} from '@vigil/contracts';
import type { Db } from '../../db/client.ts';
import { members, readingRollupProgress } from '../../db/schema/index.ts';
import type { Principal } from '../../auth/principal.ts';
import { invalid } from '../../http/errors.ts';
import { resolveStandards } from '../../alerts/standards.ts';
import { readingKindCode } from '../../ingest/kinds.ts';
import { ROLLUP_SECONDS, rolledUpKinds } from '../../ingest/rollups.ts';
import { findMember } from '../../modules/members/member/rows.ts';

/** The kinds a report summarises: one value per reading (blood pressure as its two series). */
const reportKinds: PhysiologicalKind[] = [
  'heartRate',
  'bloodPressure',
  'bloodOxygen',
  'bodyTemperature',
  'bloodSugar',
  'bloodGlucose',
  'weight',
  'hrv',
  'cholesterol',
  'uricAcid',
  'urineOutput',
  'drinkingWater',
];

/** Which standard judges a series; blood sugar has several by meal, so no single verdict. */
const standardOf: Partial<Record<string, StandardKind>> = {
  'heartRate.value': StandardKind.instantHeartRate,
  'bodyTemperature.value': StandardKind.bodyTemperature,
  'bloodOxygen.value': StandardKind.oxygen,
  'cholesterol.value': StandardKind.cholesterol,
  'uricAcid.value': StandardKind.uricAcid,
  'bloodPressure.systolic': StandardKind.systolic,
  'bloodPressure.diastolic': StandardKind.diastolic,
};

const round1 = (v: number | null): number | null => (v === null ? null : Math.round(v * 10) / 10);

/** Unknown member -5 naming `id`; a member outside the caller's scope -7 (findMember). */
async function reportMember(db: Db, p: Principal, id: number) {
  const [exists] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.id, id), isNull(members.removedAt)));
  if (!exists) throw invalid([{ field: 'id', message: 'validation.invalidOption' }], 'Unknown member');
  return findMember(db, p, id);
}

async function vitals(
  db: Db,
  memberId: number,
  from: Date,
  to: Date,
  standards: Record<number, StandardRange>,
): Promise<MemberReportVital[]> {
  const codes = reportKinds.map((k) => readingKindCode[k]);
  const rolled = codes.filter((c) => rolledUpKinds.includes(c));
  /** The standard judging a kind's first series (blood pressure's systolic), if any. */
  const standardOfCode = new Map(
    reportKinds.flatMap((kind) => {
      const std = standardOf[`${kind}.${kind === 'bloodPressure' ? 'systolic' : 'value'}`];
      return std === undefined ? [] : [[readingKindCode[kind], standards[std]!] as const];
    }),
  );
  /** Readings of a series outside its standard, one CASE over the kinds that have one. */
  const outside = (column: SQL, series: 'value' | 'diastolic'): SQL => {
    const arms =
      series === 'diastolic'
        ? [[readingKindCode.bloodPressure, standards[StandardKind.diastolic]!] as const]
        : [...standardOfCode.entries()];
    const cases = arms.map(([code, r]) => sql`when kind = ${code} and (${column} < ${r.min} or ${column} > ${r.max}) then 1`);
    return sql`count(case ${sql.join(cases, sql` `)} end)`;
  };
  const bucket = Math.max(60, Math.ceil((to.getTime() - from.getTime()) / 1000 / MEMBER_REPORT_CHART_POINTS));
  const bucketOf = (seconds: number) => Math.floor(seconds / bucket) * bucket;

  // Three months of one-minute heart rate are ~130,000 readings spread over as many table pages:
  // reading them is what made a report slow. The hours wholly inside the period come from the
  // hourly rollups instead (docs/charts.md), which hold every reading up to the rollup job's
  // watermark; the raw readings are read only where the rollups cannot answer: the kinds never
  // rolled up (blood pressure), the period's partial first and last hours, readings after the
  // watermark, and, for the count outside the standard, the hours whose extremes cross it.
  const [progress] = await db.select({ last: readingRollupProgress.lastReadingId }).from(readingRollupProgress).where(eq(readingRollupProgress.id, 1));
  const watermark = progress?.last ?? 0;
  const firstHour = Math.ceil(from.getTime() / 1000 / ROLLUP_SECONDS) * ROLLUP_SECONDS;
  const endHour = Math.floor((to.getTime() / 1000 + 1) / ROLLUP_SECONDS) * ROLLUP_SECONDS;
  const useRollups = rolled.length > 0 && endHour > firstHour;
  const hourRows = useRollups
    ? (
        await db.execute<{ kind: number; h: number; n: number; min: number | null; max: number | null; sum: number }>(sql`
          select kind, extract(epoch from bucket)::bigint as h, sum(count)::int as n, min(min) as min, max(max) as max, sum(sum) as sum
          from reading_rollups
          where member_id = ${memberId} and kind in ${rolled} and bucket >= to_timestamp(${firstHour}) and bucket < to_timestamp(${endHour}) and count > 0
          group by 1, 2`)
      ).rows
    : [];
  // The readings the rollups do not answer, as ranges an index seek can take: the kinds never rolled
  // up over the whole period; the rolled-up ones in the partial edge hours and after the watermark.
  const notRolled = codes.filter((c) => !rolled.includes(c));
  const rawPart = useRollups
    ? sql`((${notRolled.length ? sql`kind in ${notRolled}` : sql`false`} and occur_time >= ${from} and occur_time <= ${to})
        or (kind in ${rolled} and occur_time >= ${from} and occur_time < to_timestamp(${firstHour}))
        or (kind in ${rolled} and occur_time >= to_timestamp(${endHour}) and occur_time <= ${to})
        or (kind in ${rolled} and occur_time >= ${from} and occur_time <= ${to} and id > ${watermark}))`
    : sql`(kind in ${codes} and occur_time >= ${from} and occur_time <= ${to})`;
  const { rows: rawRows } = await db.execute<{
    kind: number;
    t: number;
    n: number;
    min: number;
    max: number;
    sum: number;
    out: number;
    n2: number;
    min2: number | null;
    max2: number | null;
    sum2: number | null;
    out2: number;
  }>(sql`
    select kind, (floor(extract(epoch from occur_time) / ${bucket}) * ${bucket})::bigint as t,
      count(*)::int as n, min(value) as min, max(value) as max, sum(value) as sum, ${outside(sql`value`, 'value')}::int as out,
      count(value2)::int as n2, min(value2) as min2, max(value2) as max2, sum(value2) as sum2, ${outside(sql`value2`, 'diastolic')}::int as out2
    from readings
    where member_id = ${memberId} and value <> 0 and ${rawPart}
    group by 1, 2`);

  // Readings outside the standard in the rolled-up hours: none in an hour whose extremes lie within
  // it; the hours that cross it are counted from their readings, consecutive hours as one range.
  const crossing = new Map<number, [number, number][]>();
  for (const r of hourRows) {
    const range = standardOfCode.get(Number(r.kind));
    if (!range || (Number(r.min) >= range.min && Number(r.max) <= range.max)) continue;
    const list = crossing.get(Number(r.kind)) ?? [];
    const h = Number(r.h);
    const last = list[list.length - 1];
    if (last && last[1] === h) last[1] = h + ROLLUP_SECONDS;
    else list.push([h, h + ROLLUP_SECONDS]);
    crossing.set(Number(r.kind), list);
  }
  const outsideByKind = new Map<number, number>();
  if (crossing.size) {
    const arms = [...crossing.entries()].map(([code, ranges]) => {
      const r = standardOfCode.get(code)!;
      const hours = ranges.map(([a, b]) => sql`(occur_time >= to_timestamp(${a}) and occur_time < to_timestamp(${b}))`);
      return sql`(kind = ${code} and (value < ${r.min} or value > ${r.max}) and (${sql.join(hours, sql` or `)}))`;
    });
    const { rows } = await db.execute<{ kind: number; n: number }>(sql`
      select kind, count(*)::int as n from readings
      where member_id = ${memberId} and kind in ${[...crossing.keys()]} and value <> 0 and id <= ${watermark} and (${sql.join(arms, sql` or `)})
      group by 1`);
    for (const r of rows) outsideByKind.set(Number(r.kind), Number(r.n));
  }

  type Cells = { n: number; sum: number };
  type Sum = { n: number; min: number | null; max: number | null; sum: number; out: number; buckets: Map<number, Cells> };
  const empty = (): Sum => ({ n: 0, min: null, max: null, sum: 0, out: 0, buckets: new Map() });
  const add = (into: Sum, t: number, n: number, min: unknown, max: unknown, sum: unknown, out: number) => {
    if (!n) return;
    const lo = Number(min);
    const hi = Number(max);
    into.n += n;
    into.min = into.min === null ? lo : Math.min(into.min, lo);
    into.max = into.max === null ? hi : Math.max(into.max, hi);
    into.sum += Number(sum);
    into.out += Number(out);
    const b = into.buckets.get(t) ?? { n: 0, sum: 0 };
    b.n += n;
    b.sum += Number(sum);
    into.buckets.set(t, b);
  };
  const sums = new Map<number, { v: Sum; v2: Sum }>();
  const entry = (code: number) => {
    const e = sums.get(code) ?? { v: empty(), v2: empty() };
    sums.set(code, e);
    return e;
  };
  for (const r of hourRows) add(entry(Number(r.kind)).v, bucketOf(Number(r.h)), Number(r.n), r.min, r.max, r.sum, 0);
  for (const [code, n] of outsideByKind) entry(code).v.out += n;
  for (const r of rawRows) {
    const e = entry(Number(r.kind));
    add(e.v, Number(r.t), Number(r.n), r.min, r.max, r.sum, r.out);
    add(e.v2, Number(r.t), Number(r.n2), r.min2, r.max2, r.sum2, r.out2);
  }
  /** The chart's points: each bucket's mean, in time order. */
  const points = (x: Sum): [number, number][] =>
    [...x.buckets.entries()].sort((a, b) => a[0] - b[0]).map(([t, b]) => [t, round1(b.sum / b.n)!]);

  const out: MemberReportVital[] = [];
  for (const kind of reportKinds) {
    const code = readingKindCode[kind];
    const s = sums.get(code);
    if (!s?.v.n) continue;
    const unit = physiologicalKindMeta[kind].unit;
    const series = (name: MemberReportVital['series'], suffix: '' | '2'): MemberReportVital => {
      const std = standardOf[`${kind}.${name}`];
      const range = std === undefined ? null : standards[std]!;
      const x = suffix ? s.v2 : s.v;
      return {
        kind,
        series: name,
        unit,
        count: s.v.n,
        min: round1(x.min),
        max: round1(x.max),
        mean: x.n ? round1(x.sum / x.n) : null,
        out_of_standard: std === undefined ? null : x.out,
        standard: range ? { min: range.min, max: range.max } : null,
        points: points(x),
      };
    };
    if (kind === 'bloodPressure') out.push(series('systolic', ''), series('diastolic', '2'));
    else out.push(series('value', ''));
  }
  return out;
}

async function alerts(db: Db, memberId: number, from: Date, to: Date): Promise<MemberReport['alerts']> {
  const {
    rows: [totals],
  } = await db.execute<{ total: number; handled: number; recovered: number }>(sql`
    select count(*)::int as total, count(*) filter (where is_handle)::int as handled,
      count(*) filter (where not is_handle and recovered_at is not null)::int as recovered
    from abnormal_events where member_id = ${memberId} and occur_time >= ${from} and occur_time <= ${to}`);
  const { rows } = await db.execute<{
    id: number;
    type: number;
    occur_time: Date;
    is_handle: boolean;
    recovered_at: Date | null;
    handle_time: Date | null;
    staff_name: string | null;
    content: string | null;
  }>(sql`
    select e.id, e.type, e.occur_time, e.is_handle, e.recovered_at, h.handle_time, h.staff_name, h.content
    from abnormal_events e
    left join lateral (select handle_time, staff_name, content from abnormal_handles where abnormal_id = e.id order by handle_time desc limit 1) h on true
    where e.member_id = ${memberId} and e.occur_time >= ${from} and e.occur_time <= ${to}
    order by e.occur_time desc, e.id desc limit ${MEMBER_REPORT_MAX_ROWS}`);
  const total = Number(totals?.total ?? 0);
  const handled = Number(totals?.handled ?? 0);
  const recovered = Number(totals?.recovered ?? 0);
  return {
    total,
    handled,
    recovered,
    open: total - handled - recovered,
    items: rows.map((r) => ({
      id: Number(r.id),
      type: Number(r.type),
      occur_time: toUnix(new Date(r.occur_time)),
      status: r.is_handle ? 'handled' : r.recovered_at ? 'recovered' : 'open',
      handled_at: r.handle_time ? toUnix(new Date(r.handle_time)) : null,
      handled_by: r.staff_name,
      content: r.content,
    })),
  };
}

async function medication(
  db: Db,
  memberId: number,
  from: Date,
  to: Date,
): Promise<MemberReport['medication']> {
  const lateSeconds = MEDICATION_DELAY_ALERT_HOURS * 3600;
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    select m.name,
      count(*) filter (where d.scheduled_at is not null)::int as scheduled,
      count(*) filter (where d.scheduled_at is not null and h.outcome = 0)::int as given,
      count(*) filter (where d.scheduled_at is not null and h.outcome = 0 and h.given_at > d.scheduled_at + make_interval(secs => ${lateSeconds}))::int as late,
      count(*) filter (where d.scheduled_at is not null and h.outcome = 1)::int as not_given,
      count(*) filter (where d.scheduled_at is not null and h.outcome is null and d.scheduled_at < now())::int as not_recorded,
      count(*) filter (where d.scheduled_at is null and h.outcome = 0)::int as prn_given
    from care_package_doses d
    join care_packages p on p.id = d.package_id
    join medicines m on m.id = p.medicine_id
    left join lateral (
      select outcome, given_at from care_handles
      where kind = 'package-medicine' and item_id = d.id and not entered_in_error order by handle_time desc limit 1
    ) h on true
    where d.member_id = ${memberId}
      and coalesce(d.scheduled_at, d.created_at) >= ${from} and coalesce(d.scheduled_at, d.created_at) <= ${to}
      and (d.scheduled_at is null or d.scheduled_at <= now())
    group by m.name order by m.name`);
  const medicines = rows.map((r) => ({
    name: String(r.name),
    scheduled: Number(r.scheduled),
    given: Number(r.given),
    late: Number(r.late),
    not_given: Number(r.not_given),
    not_recorded: Number(r.not_recorded),
    prn_given: Number(r.prn_given),
  }));
  const sum = (k: keyof (typeof medicines)[number]) => medicines.reduce((a, m) => a + (m[k] as number), 0);
  return {
    scheduled: sum('scheduled'),
    given: sum('given'),
    late: sum('late'),
    not_given: sum('not_given'),
    not_recorded: sum('not_recorded'),
    prn_given: sum('prn_given'),
    medicines,
  };
}

/** Each care and clinical record kind: its page key, table, time column and a one-line title. */
const recordSources: { kind: string; from: SQL; time: SQL; title: SQL }[] = [
  { kind: 'educate', from: sql`care_educations`, time: sql`educate_at`, title: sql`topic` },
  {
    kind: 'reconsultation',
    from: sql`care_follow_ups`,
    time: sql`appointment_at`,
    title: sql`hospital || ' · ' || left(reason, 80)`,
  },
  {
    kind: 'symptom-manage',
    from: sql`care_symptoms`,
    time: sql`assessed_at`,
    title: sql`coalesce(score::text, '') || coalesce(' · ' || left(notes, 80), '')`,
  },
  {
    kind: 'diet-manage',
    from: sql`care_diets`,
    time: sql`meal_at`,
    title: sql`left(served, 80) || ' · ' || fluid_ml || ' ml'`,
  },
  {
    kind: 'stethoscope',
    from: sql`care_stethoscopes`,
    time: sql`recorded_at`,
    title: sql`coalesce(left(findings, 80), '')`,
  },
  { kind: 'health-report', from: sql`care_reports`, time: sql`report_date`, title: sql`title` },
  {
    kind: 'medical-record',
    from: sql`medical_records`,
    time: sql`diagnosed_at`,
    title: sql`diagnosis || ' · ' || hospital`,
  },
  {
    kind: 'opd',
    from: sql`opd_visits`,
    time: sql`visit_date`,
    title: sql`doctor || coalesce(' · ' || left(notes, 80), '')`,
  },
];

async function records(db: Db, memberId: number, from: Date, to: Date): Promise<MemberReport['records']> {
  const union = sql.join(
    recordSources.map(
      (s) =>
        sql`select ${s.kind}::text as kind, id, ${s.time} as time, ${s.title} as title from ${s.from} where member_id = ${memberId} and ${s.time} >= ${from} and ${s.time} <= ${to}`,
    ),
    sql` union all `,
  );
  const { rows: countRows } = await db.execute<{ kind: string; n: number }>(
    sql`select kind, count(*)::int as n from (${union}) r group by kind`,
  );
  const { rows } = await db.execute<{ kind: string; id: number; time: Date; title: string | null }>(
    sql`select * from (${union}) r order by time desc, id desc limit ${MEMBER_REPORT_MAX_ROWS}`,
  );
  const counts: Record<string, number> = {};
  for (const s of recordSources) counts[s.kind] = 0;
  for (const r of countRows) counts[r.kind] = Number(r.n);
  return {
    counts,
    items: rows.map((r) => ({
      kind: r.kind,
      id: Number(r.id),
      time: toUnix(new Date(r.time)),
      title: r.title ?? '',
    })),
  };
}

/**
 * Everything one member report shows, read with the caller's scope. Queries run one after another
 * outside any transaction: PGlite has one connection, and nothing here needs a snapshot.
 */
export async function buildMemberReport(
  db: Db,
  p: Principal,
  memberId: number,
  q: MemberReportQuery,
): Promise<MemberReport> {
  const member = await reportMember(db, p, memberId);
  // A period wholly in the future holds no data yet: refused, never an empty report that looks made.
  if (q.from > nowUnix()) throw invalid([{ field: 'from', message: 'validation.futureTime' }], 'The period has not begun');
  const from = new Date(q.from * 1000);
  const to = new Date(q.to * 1000);
  const set = (await resolveStandards(db, [memberId])).get(memberId)!;
  const standards = set as unknown as Record<number, StandardRange>;
  // The sections read independent tables: on PostgreSQL each takes its own pooled connection.
  const [vitalSections, alertSection, medicationSection, recordSection] = await Promise.all([
    vitals(db, memberId, from, to, standards),
    alerts(db, memberId, from, to),
    medication(db, memberId, from, to),
    records(db, memberId, from, to),
  ]);
  const sections = { vitals: vitalSections, alerts: alertSection, medication: medicationSection, records: recordSection };
  return {
    generated_at: Math.floor(Date.now() / 1000),
    from: q.from,
    to: q.to,
    lang: q.lang,
    utc_offset: q.utc_offset,
    member: {
      id: member.id,
      name: member.name,
      gender: member.gender ?? null,
      birthday: member.birthday ?? null,
      org_name: member.org_name ?? '',
      area_name: member.area_name ?? null,
      room: member.room ?? null,
      bed: member.bed ?? null,
      medical_state: member.medical_state,
    },
    standards: Object.entries(standards).map(([kind, r]) => ({
      kind: Number(kind),
      min: r.min,
      max: r.max,
      over_max: r.overMax ?? null,
    })),
    ...sections,
  };
}

