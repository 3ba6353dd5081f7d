import { and, asc, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { CHART_MAX_RANGE_DAYS, SECONDS_PER_DAY, fromUnix, nowUnix, type PhysiologicChart, type PhysiologicChartQuery } from '@vigil/contracts';
import type { Principal } from '../../auth/principal.ts';
import { scopeCondition } from '../../auth/scope.ts';
import type { Db } from '../../db/client.ts';
import { members, readings } from '../../db/schema/index.ts';
import { invalid, notFound } from '../../http/errors.ts';
import { pageWindow } from '../../resources/paging.ts';
import { chartOf } from './chart.ts';
import type { ReadingRow } from './records.ts';

/** Readings belong to the member's organisation and area; related organisations see them with the members grant. */
const scopeOf = (p: Principal) => scopeCondition(p, { org: readings.orgId, area: readings.areaId, grant: 'members' });

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
export type ReadingListQuery = Filters & { page: number; per_page: number; order: 'asc' | 'desc'; order_by: string };

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

/**
 * A page of readings, or (per_page -1) every reading of a bounded range: unpaged, a member's whole
 * history could be millions of rows, so the range must be given and at most CHART_MAX_RANGE_DAYS.
 * The unpaged answer skips the count (the charts ask for a week of one-minute rows at once).
 */
export async function listReadings(db: Db, kind: number, p: Principal, q: ReadingListQuery): Promise<{ rows: ReadingRow[]; total: number }> {
  const condition = where(kind, p, q);
  const direction = q.order === 'desc' ? desc : asc;
  const orderColumn = q.order_by === 'id' ? readings.id : readings.occurTime;
  const { offset, limit } = pageWindow(q);
  const query = db
    .select(fields)
    .from(readings)
    .innerJoin(members, eq(members.id, readings.memberId))
    .where(condition)
    .orderBy(direction(orderColumn), direction(readings.id))
    .$dynamic();
  if (limit === undefined) {
    if (q.start_date === undefined || q.end_date === undefined || q.end_date - q.start_date > CHART_MAX_RANGE_DAYS * SECONDS_PER_DAY) {
      throw invalid(
        [{ field: q.start_date === undefined ? 'start_date' : 'end_date', message: 'validation.required' }],
        `an unpaged list needs start_date and end_date at most ${CHART_MAX_RANGE_DAYS} days apart`,
      );
    }
    const rows = await query;
    return { rows, total: rows.length };
  }
  const [{ total }] = await db.select({ total: count() }).from(readings).innerJoin(members, eq(members.id, readings.memberId)).where(condition);
  return { rows: await query.limit(limit).offset(offset), total };
}

/** SPEC §9 chart points of one kind: the last week unless a range (at most CHART_MAX_RANGE_DAYS) is given. */
export async function readingChart(db: Db, kind: number, p: Principal, q: PhysiologicChartQuery): Promise<PhysiologicChart> {
  const end = q.end_date ?? nowUnix();
  const start = q.start_date ?? end - 7 * SECONDS_PER_DAY;
  // The query schema checks a range it is given whole; one half given leaves the other to the default.
  if (end - start > CHART_MAX_RANGE_DAYS * SECONDS_PER_DAY || start > end) {
    throw invalid([{ field: 'start_date', message: 'validation.invalidNumber' }], `a chart covers at most ${CHART_MAX_RANGE_DAYS} days`);
  }
  // Served by readings_member_chart_idx alone (an index-only scan): no heap page is read.
  const rows = await db
    .select({ t: epoch(readings.occurTime), value: readings.value, source: readings.source })
    .from(readings)
    .where(where(kind, p, { ...q, start_date: start, end_date: end }))
    .orderBy(asc(readings.occurTime), asc(readings.id));
  return chartOf(rows, { start, end, width: q.width, gapSeconds: q.gap_seconds });
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
  return reading;
}
