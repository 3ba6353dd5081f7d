import { and, eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  CHART_MAX_RANGE_DAYS,
  SECONDS_PER_DAY,
  fromUnix,
  nowUnix,
  physiologicListQuery,
  sleepListQuery,
  type PhysiologicChart,
  type PhysiologicChartQuery,
  type PhysiologicalKind,
  type PhysiologicListQuery,
  type SleepListQuery,
} from '@vigil/contracts';
import type { Principal } from '../../../auth/principal.ts';
import { scopeCondition, type ScopeColumns } from '../../../auth/scope.ts';
import type { Db } from '../../../db/client.ts';
import { members, readingRollups, readings } from '../../../db/schema/index.ts';
import { invalid, notFound } from '../../../http/errors.ts';
import { defineList } from '../../../resources/list.ts';
import { readingsOfBindings } from '../../../resources/bindings.ts';
import type { WireMap } from '../../../resources/wire.ts';
import { readingKindCode } from '../../../ingest/kinds.ts';
import { ROLLUP_SECONDS, refreshRollupHour } from '../../../ingest/rollups.ts';
import { type ChartReading, type ChartRollup, chartOf, chartOfRollups } from './chart.ts';
import { recordShapes, type ReadingRow } from './records.ts';

/** Readings belong to the member's organisation and area; related organisations see them with the members grant. */
const readingScope: ScopeColumns = { org: readings.orgId, area: readings.areaId, grant: 'members' };
const scopeOf = (p: Principal) => scopeCondition(p, readingScope);

/**
 * Only the columns a record needs, with times turned into unix seconds by PostgreSQL: a week of
 * one-minute readings is 10,080 rows, and parsing three timestamps per row into Dates in Node
 * cost more than the query itself.
 */
const epoch = (column: AnyPgColumn) => sql<number>`extract(epoch from ${column})::bigint`.mapWith(Number);
const fields = {
  id: readings.id,
  memberId: readings.memberId,
  source: readings.source,
  value: readings.value,
  value2: readings.value2,
  data: readings.data,
  remark: readings.remark,
  userName: members.name,
  occurTime: epoch(readings.occurTime),
  createdAt: epoch(readings.createdAt),
  updatedAt: epoch(readings.updatedAt),
};

type Filters = { user_id?: number; types?: number[]; start_date?: number; end_date?: number };
export type ReadingListQuery = PhysiologicListQuery | SleepListQuery;

function where(kind: number, p: Principal, q: Filters): SQL | undefined {
  return and(
    eq(readings.kind, kind),
    scopeOf(p),
    q.user_id === undefined ? undefined : eq(readings.memberId, q.user_id),
    q.types === undefined ? undefined : inArray(readings.source, q.types),
    q.start_date === undefined ? undefined : gte(readings.occurTime, fromUnix(q.start_date)),
    q.end_date === undefined ? undefined : lte(readings.occurTime, fromUnix(q.end_date)),
  );
}

/** One reading of `kind` in the caller's scope, or -7. */
export async function findReading(db: Db, kind: number, p: Principal, id: number): Promise<ReadingRow> {
  const [row] = await db
    .select(fields)
    .from(readings)
    .innerJoin(members, eq(members.id, readings.memberId))
    .where(and(eq(readings.id, id), eq(readings.kind, kind), scopeOf(p)));
  if (!row) throw notFound();
  return row;
}

const readingWire: WireMap<ReadingRow> = fields;

/** One kind's list (SPEC §7 /physiologic/*): user_id, types, start_date/end_date, by time or id. */
function readingListOf(kindName: PhysiologicalKind) {
  const shape = recordShapes[kindName];
  return defineList({
    table: readings,
    wire: readingWire,
    joins: [{ table: members, on: eq(members.id, readings.memberId) }],
    listQuery: kindName === 'sleep' ? sleepListQuery : physiologicListQuery,
    scope: readingScope,
    restrict: () => eq(readings.kind, readingKindCode[kindName]),
    filters: {
      user_id: (v: number) => eq(readings.memberId, v),
      types: (v: number[]) => inArray(readings.source, v),
    },
    dateColumn: readings.occurTime,
    binding: readingsOfBindings,
    orderColumns: { start_time: readings.occurTime },
    toItems: (_db, rows) => rows.map((row) => shape.toRow(row)),
  });
}

const readingLists = Object.fromEntries(
  (Object.keys(recordShapes) as PhysiologicalKind[]).map((kindName) => [kindName, readingListOf(kindName)]),
) as Record<PhysiologicalKind, ReturnType<typeof readingListOf>>;

/**
 * A page of readings, or (per_page -1) every reading of a bounded range: unpaged, a member's whole
 * history could be millions of rows, so the range must be given and at most CHART_MAX_RANGE_DAYS.
 */
export async function listReadings(db: Db, kindName: PhysiologicalKind, p: Principal, q: ReadingListQuery) {
  if (q.per_page === -1 && (q.start_date === undefined || q.end_date === undefined || q.end_date - q.start_date > CHART_MAX_RANGE_DAYS * SECONDS_PER_DAY)) {
    throw invalid(
      [{ field: q.start_date === undefined ? 'start_date' : 'end_date', message: 'validation.required' }],
      `an unpaged list needs start_date and end_date at most ${CHART_MAX_RANGE_DAYS} days apart`,
    );
  }
  return readingLists[kindName].page(db, p, q);
}

/**
 * A range's readings as three comma-separated lists in one row (docs/charts.md): unix seconds,
 * values (empty when null) and sources, each aggregated in the same scan order. Each row a query
 * returns costs its driver a protocol message and per-column parsing; on the embedded database
 * (PGlite, in the server's own thread) a week of one-minute rows took ten times longer to hand
 * over as rows than to find. Three lists of bare numbers print a quarter faster than one list of
 * "t,value,source" triples. Seconds come from date_part's float (readings are stored on whole
 * seconds, so it is exact), which skips the numeric arithmetic of `extract`; a `real` prints as
 * its shortest round-trip text, which parses to the same number the drivers would have made.
 */
export type PackedReadings = { times: string | null; values: string | null; sources: string | null };

const packedColumns = {
  times: sql<string | null>`string_agg(date_part('epoch', ${readings.occurTime})::int8::text, ',')`,
  values: sql<string | null>`string_agg(coalesce(${readings.value}::text, ''), ',')`,
  sources: sql<string | null>`string_agg(${readings.source}::text, ',')`,
};

const byTime = (a: ChartReading, b: ChartReading) => a.t - b.t;

/** Readings from their packed lists, in time order (the aggregates leave the order to the scan). */
export function unpackReadings(packed: PackedReadings | undefined): ChartReading[] {
  if (!packed?.times || packed.values === null || packed.sources === null) return [];
  const times = packed.times.split(',');
  const values = packed.values.split(',');
  const sources = packed.sources.split(',');
  const list: ChartReading[] = new Array(times.length);
  let ordered = true;
  for (let i = 0; i < times.length; i++) {
    const t = Number(times[i]);
    list[i] = { t, value: values[i] === '' ? null : Number(values[i]), source: Number(sources[i]) };
    if (i > 0 && t < list[i - 1].t) ordered = false;
  }
  return ordered ? list : list.sort(byTime);
}

/** SPEC §9 chart points of one kind: the last week unless a range (at most CHART_MAX_RANGE_DAYS) is given. */
export async function readingChart(db: Db, kind: number, p: Principal, q: PhysiologicChartQuery): Promise<PhysiologicChart> {
  const end = q.end_date ?? nowUnix();
  const start = q.start_date ?? end - 7 * SECONDS_PER_DAY;
  // The query schema checks a range it is given whole; one half given leaves the other to the default.
  if (end - start > CHART_MAX_RANGE_DAYS * SECONDS_PER_DAY || start > end) {
    throw invalid([{ field: 'start_date', message: 'validation.invalidNumber' }], `a chart covers at most ${CHART_MAX_RANGE_DAYS} days`);
  }
  if (end - start > ROLLUP_AFTER_SECONDS) return rolledUpChart(db, kind, p, q, start, end);
  const rows = await packedReadings(db, where(kind, p, { ...q, start_date: start, end_date: end }));
  return chartOf(rows, { start, end, width: q.width, gapSeconds: q.gap_seconds });
}

/** Charts longer than this (a week and a day) read the hourly rollups; a week keeps every reading and the gap rule. */
export const ROLLUP_AFTER_SECONDS = 8 * SECONDS_PER_DAY;

/**
 * Readings in `condition`, in order, as one row of packed lists. Served by readings_member_chart_idx
 * alone (an index-only scan), which already yields them by time: an ORDER BY inside the aggregates
 * would sort them again (PostgreSQL 15 does not skip it), a third of the statement's time for a
 * week, so the order is checked, and only restored when another plan was chosen, in `unpackReadings`.
 */
async function packedReadings(db: Db, condition: SQL | undefined): Promise<ChartReading[]> {
  const [packed] = await db.select(packedColumns).from(readings).where(condition);
  return unpackReadings(packed);
}

/** A rollup hour packed as "hour,n,count,sum,min,minTime,max,maxTime" (empty for null), every source of the range merged. */
const packedHour = sql`extract(epoch from bucket)::bigint || ',' || n || ',' || count || ',' || sum || ',' || coalesce(min::text, '') || ',' ||
  coalesce(extract(epoch from min_time)::bigint::text, '') || ',' || coalesce(max::text, '') || ',' || coalesce(extract(epoch from max_time)::bigint::text, '')`;

/**
 * The whole UTC hours of the range from the rollups, the partial hours at its edges from the
 * readings: the same readings the raw chart would count, about 2,200 hours for three months
 * instead of 130,000 readings.
 */
async function rolledUpChart(db: Db, kind: number, p: Principal, q: PhysiologicChartQuery, start: number, end: number): Promise<PhysiologicChart> {
  const wholeFrom = Math.ceil(start / ROLLUP_SECONDS) * ROLLUP_SECONDS;
  const wholeTo = Math.floor((end + 1) / ROLLUP_SECONDS) * ROLLUP_SECONDS;
  const head = await packedReadings(db, where(kind, p, { ...q, start_date: start, end_date: wholeFrom - 1 }));
  const tail = await packedReadings(db, where(kind, p, { ...q, start_date: wholeTo, end_date: end }));
  const r = readingRollups;
  const hourly = db
    .select({
      bucket: r.bucket,
      n: sql`sum(${r.n})`.as('n'),
      count: sql`sum(${r.count})`.as('count'),
      sum: sql`sum(${r.sum})`.as('sum'),
      min: sql`min(${r.min})`.as('min'),
      min_time: sql`(array_agg(${r.minTime} order by ${r.min}, ${r.minTime}) filter (where ${r.min} is not null))[1]`.as('min_time'),
      max: sql`max(${r.max})`.as('max'),
      max_time: sql`(array_agg(${r.maxTime} order by ${r.max} desc, ${r.maxTime}) filter (where ${r.max} is not null))[1]`.as('max_time'),
    })
    .from(r)
    .where(
      and(
        eq(r.memberId, q.user_id),
        eq(r.kind, kind),
        scopeCondition(p, { org: r.orgId, area: r.areaId, grant: 'members' }),
        q.types === undefined ? undefined : inArray(r.source, q.types),
        gte(r.bucket, fromUnix(wholeFrom)),
        lt(r.bucket, fromUnix(wholeTo)),
      ),
    )
    .groupBy(r.bucket)
    .as('hourly');
  const [packed] = await db.select({ hours: sql<string | null>`string_agg(${packedHour}, ';' ORDER BY bucket)` }).from(hourly);
  const hours: ChartRollup[] = (packed?.hours ? packed.hours.split(';') : []).map((item) => {
    const [hour, n, count, total, min, minTime, max, maxTime] = item.split(',');
    const num = (text: string) => (text === '' ? null : Number(text));
    return { hour: Number(hour), n: Number(n), count: Number(count), sum: Number(total), min: num(min), minTime: num(minTime), max: num(max), maxTime: num(maxTime) };
  });
  return chartOfRollups([...head, ...tail], hours, { start, end, width: q.width });
}

/** Sets a reading's remark (blank clears it) and answers the reading after it. */
export async function updateRemark(db: Db, kind: number, p: Principal, id: number, remark: string | null | undefined): Promise<ReadingRow> {
  await findReading(db, kind, p, id);
  if (remark !== undefined) await db.update(readings).set({ remark: remark || null, updatedAt: new Date() }).where(eq(readings.id, id));
  return findReading(db, kind, p, id);
}

/** Deletes one reading of `kind` in the caller's scope (-7 otherwise); answers what it was. */
export async function deleteReading(db: Db, kind: number, p: Principal, id: number): Promise<ReadingRow> {
  const reading = await findReading(db, kind, p, id);
  await db.delete(readings).where(eq(readings.id, id));
  if (reading.memberId !== null) await refreshRollupHour(db, reading.memberId, kind, new Date(reading.occurTime * 1000));
  return reading;
}
