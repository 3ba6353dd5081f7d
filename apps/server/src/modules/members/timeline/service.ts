import { eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  CARE_UTC_OFFSET_MINUTES,
  SECONDS_PER_DAY,
  StandardKind,
  TimelineKind,
  localDayStart,
  type TimelineEvent,
  type TimelinePage,
  type TimelineQuery,
} from '@vigil/contracts';
import type { Db, Tx } from '../../../db/client.ts';
import { members, readingRollups, readings } from '../../../db/schema/index.ts';
import type { Principal } from '../../../auth/principal.ts';
import { scopeCondition } from '../../../auth/scope.ts';
import { invalid, notFound } from '../../../http/errors.ts';
import { resolveStandards } from '../../../alerts/standards.ts';
import { rolledUpKinds } from '../../../ingest/rollups.ts';
import { readingKindCode } from '../../../ingest/kinds.ts';
import { pgArray } from '../../../db/pg-array.ts';
import { memberScope } from '../member/rows.ts';
import { timelineSources, VITAL_SUMMARY_RANK, type TimelineSource } from './sources.ts';
import { summaryResource } from './summary-links.ts';

/** An event's position in the stream: newest first by time, then rank, then row id (all descending). */
type Position = { us: bigint; rank: number; id: bigint };

const MAX_ID = 9_223_372_036_854_775_807n;
const OFFSET_SECONDS = CARE_UTC_OFFSET_MINUTES * 60;

function parseCursor(cursor: string): Position {
  const [us, rank, id] = cursor.split('_');
  return { us: BigInt(us), rank: Number(rank), id: BigInt(id) };
}

const instant = (us: bigint) => sql`(timestamptz 'epoch' + ${us.toString()}::bigint * interval '1 microsecond')`;

/**
 * Rows strictly after `after` in the stream's order, for a branch of rank `rank`: at the cursor's
 * instant, a lower rank comes after it, a higher one before it, the same rank by id.
 */
function afterCursor(time: SQL | AnyPgColumn, id: SQL | AnyPgColumn, rank: number, after: Position | undefined): SQL | undefined {
  if (!after) return undefined;
  const t = instant(after.us);
  if (rank < after.rank) return sql`${time} <= ${t}`;
  if (rank > after.rank) return sql`${time} < ${t}`;
  return sql`${time} <= ${t} and (${time} < ${t} or ${id} < ${(after.id < MAX_ID ? after.id : MAX_ID).toString()}::bigint)`;
}

type Range = { start?: number; end?: number };

function inRange(time: SQL | AnyPgColumn, range: Range): SQL[] {
  const out: SQL[] = [];
  if (range.start !== undefined) out.push(sql`${time} >= to_timestamp(${range.start})`);
  // end_date is inclusive (SPEC §3), to the second.
  if (range.end !== undefined) out.push(sql`${time} < to_timestamp(${range.end + 1})`);
  return out;
}

const nothing = sql`null::int as reading_kind, null::int as readings, null::float8 as vmin, null::float8 as vmax, null::float8 as vsum, null::int as vcount`;

/** One source's branch: the member's rows after the cursor, in range, newest first, `limit` of them. */
function branch(source: TimelineSource, memberId: number, range: Range, after: Position | undefined, limit: number): SQL {
  const conditions = [
    sql`${source.memberColumn} = ${memberId}`,
    sql`${source.time} is not null`,
    source.where,
    ...inRange(source.time, range),
    afterCursor(source.time, source.id, source.rank, after),
  ].filter((c): c is SQL => c !== undefined);
  const join = source.join ? sql` join ${source.join.table} on ${source.join.on}` : sql``;
  return sql`(select ${source.kind}::text as kind, ${source.rank}::int as rank, ${source.time} as t, ${source.id}::bigint as id,
    ${source.refId}::bigint as ref_id, ${source.resource}::text as resource, ${source.sub ?? sql`null`}::text as sub,
    ${source.code ?? sql`null`}::int as code, ${source.text ?? sql`null`}::text as txt, ${source.staffName ?? sql`null`}::text as staff_name, ${nothing}
    from ${source.table}${join}
    where ${sql.join(conditions, sql` and `)}
    order by ${source.time} desc, ${source.id} desc limit ${limit})`;
}

/** Reading kinds summarised per day: the charted ones (one value per reading). */
const summaryKinds = rolledUpKinds;

/**
 * The daily vital summaries: the hourly rollups of one member grouped by local day and kind, for
 * the days from `fromDay` (a local day start) on. An event stands at the end of the last hour of
 * the day that has readings, so a summary sorts above that day's other events only once it is over.
 */
function summaryBranch(memberId: number, range: Range, after: Position | undefined, limit: number, fromDay: number): SQL {
  const upperDay = after ? localDayStart(Number(after.us / 1_000_000n)) + SECONDS_PER_DAY : range.end !== undefined ? localDayStart(range.end) + SECONDS_PER_DAY : undefined;
  const buckets = [
    sql`${readingRollups.memberId} = ${memberId}`,
    sql`${readingRollups.kind} in (${sql.join(summaryKinds.map((k) => sql`${k}`), sql`, `)})`,
    sql`${readingRollups.bucket} >= to_timestamp(${fromDay})`,
    upperDay === undefined ? undefined : sql`${readingRollups.bucket} < to_timestamp(${upperDay})`,
  ].filter((c): c is SQL => c !== undefined);
  const conditions = [...inRange(sql.raw('s.t'), range), afterCursor(sql.raw('s.t'), sql.raw('s.id'), VITAL_SUMMARY_RANK, after)].filter(
    (c): c is SQL => c !== undefined,
  );
  return sql`(select * from (select ${TimelineKind.vitalSummary}::text as kind, ${VITAL_SUMMARY_RANK}::int as rank,
      max(r.bucket) + interval '1 hour' - interval '1 microsecond' as t, (r.day * 100 + r.kind)::bigint as id,
      r.day::bigint as ref_id, null::text as resource, null::text as sub, null::int as code, null::text as txt, null::text as staff_name,
      r.kind::int as reading_kind, sum(r.n)::int as readings, min(r.min)::float8 as vmin, max(r.max)::float8 as vmax,
      sum(r.sum)::float8 as vsum, sum(r.count)::int as vcount
    from (select ${readingRollups.kind} as kind, ${readingRollups.bucket} as bucket, ${readingRollups.n} as n, ${readingRollups.count} as count,
        ${readingRollups.sum} as sum, ${readingRollups.min} as min, ${readingRollups.max} as max,
        floor((extract(epoch from ${readingRollups.bucket}) + ${OFFSET_SECONDS}) / ${SECONDS_PER_DAY})::bigint as day
      from ${readingRollups} where ${sql.join(buckets, sql` and `)}) r
    group by r.kind, r.day) s
    ${conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``}
    order by s.t desc, s.id desc limit ${limit})`;
}

type Row = {
  kind: string;
  rank: number;
  us: string;
  id: string;
  ref_id: string;
  resource: string | null;
  sub: string | null;
  code: number | null;
  txt: string | null;
  staff_name: string | null;
  reading_kind: number | null;
  readings: number | null;
  vmin: number | null;
  vmax: number | null;
  vsum: number | null;
  vcount: number | null;
};

async function readStream(db: Db | Tx, memberId: number, kinds: Set<string>, range: Range, after: Position | undefined, limit: number, summaryFrom: number | undefined): Promise<Row[]> {
  const branches = timelineSources.filter((s) => kinds.has(s.kind)).map((s) => branch(s, memberId, range, after, limit));
  if (summaryFrom !== undefined) branches.push(summaryBranch(memberId, range, after, limit, summaryFrom));
  if (!branches.length) return [];
  const { rows } = await db.execute<Row>(sql`select kind, rank, ((extract(epoch from t) * 1000000)::bigint)::text as us, id::text as id, ref_id::text as ref_id,
      resource, sub, code, txt, staff_name, reading_kind, readings, vmin, vmax, vsum, vcount
    from (${sql.join(branches, sql` union all `)}) e
    order by t desc, rank desc, id desc limit ${limit}`);
  return rows;
}

/** The first local day with a rollup of the member: where widening the summaries' window stops. */
async function firstSummaryDay(db: Db | Tx, memberId: number): Promise<number | undefined> {
  const { rows } = await db.execute<{ first: string | null }>(sql`select extract(epoch from min(x.b))::bigint::text as first
    from unnest(array[${sql.join(summaryKinds.map((k) => sql`${k}`), sql`, `)}]::int[]) as k(kind),
    lateral (select min(${readingRollups.bucket}) as b from ${readingRollups} where ${readingRollups.memberId} = ${memberId} and ${readingRollups.kind} = k.kind) x`);
  return rows[0]?.first == null ? undefined : localDayStart(Number(rows[0].first));
}

/**
 * The page: every source's branch in one UNION ALL, each reading at most a page past the cursor.
 * The summaries read a window of days back from the cursor; when the page reaches past it (sparse
 * days, the end of the data) the window widens until it covers the member's first day.
 */
async function readPage(db: Db | Tx, memberId: number, kinds: Set<string>, range: Range, after: Position | undefined, limit: number): Promise<Row[]> {
  if (!kinds.has(TimelineKind.vitalSummary)) return readStream(db, memberId, kinds, range, after, limit, undefined);
  const top = after ? Number(after.us / 1_000_000n) : (range.end ?? Math.floor(Date.now() / 1000));
  const floorDay = range.start !== undefined ? localDayStart(range.start) : undefined;
  let days = Math.max(limit, 7);
  let first: number | undefined;
  for (;;) {
    let fromDay = localDayStart(top) - days * SECONDS_PER_DAY;
    if (floorDay !== undefined && fromDay <= floorDay) fromDay = floorDay;
    else if (first !== undefined && fromDay <= first) fromDay = first;
    const rows = await readStream(db, memberId, kinds, range, after, limit, fromDay);
    const last = rows.at(-1);
    const covered = rows.length === limit && last !== undefined && BigInt(last.us) >= BigInt(fromDay) * 1_000_000n;
    if (covered || fromDay === floorDay || fromDay === first) return rows;
    if (first === undefined) {
      first = await firstSummaryDay(db, memberId);
      if (first === undefined || fromDay <= first) return rows;
    }
    days *= 8;
  }
}

/** Reading kind → the standard kind its value is judged by (blood pressure: systolic, and diastolic on value2). */
const standardOf: Partial<Record<number, number>> = {
  [readingKindCode.heartRate]: StandardKind.instantHeartRate,
  [readingKindCode.bloodPressure]: StandardKind.systolic,
  [readingKindCode.bloodOxygen]: StandardKind.oxygen,
  [readingKindCode.bodyTemperature]: StandardKind.bodyTemperature,
  [readingKindCode.cholesterol]: StandardKind.cholesterol,
  [readingKindCode.uricAcid]: StandardKind.uricAcid,
};

/**
 * How many of each summarised day's readings lie outside the member's standard, read for the page's
 * summaries only, in one statement (one plan, not one per summary: planning a branch over the
 * partitioned readings costs more than running it). A one-value kind reads only the hours whose
 * rollup reaches past the standard (its min or max outside it), so a day of one-minute heart rate
 * within range reads no reading at all; the rollups are what the summary's own figures come from,
 * so both agree on the hours they cover. Blood pressure (two values, rollups of the first only)
 * reads its day's readings, a few a day.
 */
async function outsideCounts(db: Db, memberId: number, summaries: { kind: number; day: number }[]): Promise<Map<string, number>> {
  const judged = summaries.filter((s) => standardOf[s.kind] !== undefined);
  const counts = new Map<string, number>();
  if (!judged.length) return counts;
  const standards = (await resolveStandards(db, [memberId])).get(memberId);
  if (!standards) return counts;
  const dia = standards[StandardKind.diastolic];
  const bounds = judged.map(({ kind, day }) => ({ kind, day, ...standards[standardOf[kind] as StandardKind] }));
  const column = <K extends keyof (typeof bounds)[number]>(k: K) => pgArray(bounds.map((b) => b[k] as number));
  const { rows } = await db.execute<{ kind: number; day: string; n: number }>(sql`select q.kind, q.day::text as day,
      case when q.kind = ${readingKindCode.bloodPressure} then
        (select count(*) from ${readings} r where r.member_id = ${memberId} and r.kind = q.kind
          and r.occur_time >= to_timestamp(q.day) and r.occur_time < to_timestamp(q.day + ${SECONDS_PER_DAY})
          and r.value <> 0 and (r.value < q.lo or r.value > q.hi or r.value2 < ${dia.min} or r.value2 > ${dia.max}))
      else
        (select count(*) from (select distinct h.bucket from ${readingRollups} h
            where h.member_id = ${memberId} and h.kind = q.kind
              and h.bucket >= to_timestamp(q.day) and h.bucket < to_timestamp(q.day + ${SECONDS_PER_DAY})
              and (h.min < q.lo or h.max > q.hi)) b
          join ${readings} r on r.member_id = ${memberId} and r.kind = q.kind and r.occur_time >= b.bucket and r.occur_time < b.bucket + interval '1 hour'
          where r.value <> 0 and (r.value < q.lo or r.value > q.hi))
      end::int as n
    from unnest(${column('kind')}::int[], ${column('day')}::bigint[], ${column('min')}::float8[], ${column('max')}::float8[]) as q(kind, day, lo, hi)`);
  for (const r of rows) counts.set(`${r.kind}:${r.day}`, Number(r.n));
  return counts;
}

function toEvent(row: Row, outside: Map<string, number>): TimelineEvent {
  const us = BigInt(row.us);
  const time = Number(us / 1_000_000n);
  const key = `${row.us}_${row.rank}_${row.id}`;
  if (row.kind === TimelineKind.vitalSummary) {
    const kind = Number(row.reading_kind);
    const day = Number(row.ref_id) * SECONDS_PER_DAY - OFFSET_SECONDS;
    const count = Number(row.vcount ?? 0);
    return {
      key,
      kind: TimelineKind.vitalSummary,
      time,
      resource: summaryResource(kind),
      ref_id: day,
      sub: null,
      code: kind,
      text: null,
      staff_name: null,
      summary: {
        reading_kind: kind,
        day,
        readings: Number(row.readings ?? 0),
        min: row.vmin === null ? null : Number(row.vmin),
        max: row.vmax === null ? null : Number(row.vmax),
        mean: count > 0 ? Math.round((Number(row.vsum) / count) * 10) / 10 : null,
        outside: standardOf[kind] === undefined ? null : (outside.get(`${kind}:${day}`) ?? 0),
      },
    };
  }
  return {
    key,
    kind: row.kind as TimelineKind,
    time,
    resource: row.resource ?? '',
    ref_id: Number(row.ref_id),
    sub: row.sub,
    code: row.code === null ? null : Number(row.code),
    text: row.txt,
    staff_name: row.staff_name,
    summary: null,
  };
}

/**
 * The member the timeline is asked for: an id that names no member is bad input (-5 on `id`); a
 * member outside the caller's scope (another organisation's) is not found (-7).
 */
async function checkMember(db: Db | Tx, p: Principal, id: number): Promise<void> {
  const [row] = await db
    .select({ id: members.id, inScope: sql<boolean>`${scopeCondition(p, memberScope)}` })
    .from(members)
    .where(eq(members.id, id));
  if (!row) throw invalid([{ field: 'id', message: 'timeline.unknownMember' }], 'No member has this id');
  if (!row.inScope) throw notFound();
}

/** GET /user/timeline/{id}: one page of the member's timeline (docs/timeline.md). */
export async function memberTimeline(db: Db, p: Principal, memberId: number, query: TimelineQuery): Promise<TimelinePage> {
  await checkMember(db, p, memberId);
  const kinds = new Set<string>(query.kinds ?? Object.values(TimelineKind));
  const range: Range = { start: query.start_date, end: query.end_date };
  const after = query.cursor === undefined ? undefined : parseCursor(query.cursor);
  // One row past the page says whether another page follows.
  const rows = await readPage(db, memberId, kinds, range, after, query.per_page + 1);
  const page = rows.slice(0, query.per_page);
  const summaries = page
    .filter((r) => r.kind === TimelineKind.vitalSummary)
    .map((r) => ({ kind: Number(r.reading_kind), day: Number(r.ref_id) * SECONDS_PER_DAY - OFFSET_SECONDS }));
  const outside = await outsideCounts(db, memberId, summaries);
  const list = page.map((r) => toEvent(r, outside));
  let emptyReason: TimelinePage['empty_reason'] = null;
  if (!list.length) {
    const any = range.start !== undefined || range.end !== undefined || after !== undefined ? await readPage(db, memberId, kinds, {}, undefined, 1) : [];
    emptyReason = any.length ? 'beyond_data' : 'no_events';
  }
  return {
    list,
    next_cursor: rows.length > query.per_page ? (list.at(-1)?.key ?? null) : null,
    empty_reason: emptyReason,
  };
}
