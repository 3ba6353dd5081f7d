import { and, asc, count, desc, eq, gte, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import {
  CareHandleKind,
  doseLateLimitMinutes,
  fromUnix,
  toUnix,
  type CareDueQuery,
  type CareDueRow,
  type Paginated,
} from '@vigil/contracts';
import type { Db } from '../../../db/client.ts';
import {
  careEducations,
  careFollowUps,
  carePackageDoses,
  carePackages,
  careScheduleOccurrences,
  careSchedules,
  careDiets,
  careHandles,
  careSymptoms,
  medicalRecords,
  medicines,
  readings,
} from '../../../db/schema/index.ts';
import { readingKindCode } from '../../../ingest/kinds.ts';
import type { Principal } from '../../../auth/principal.ts';
import { scopeCondition } from '../../../auth/scope.ts';
import { paginate, pageWindow } from '../../../resources/paging.ts';
import { areaName, memberName } from '../../../resources/names.ts';
import { careScope } from '../care-common/record.ts';
import { loadHandles } from './handles.ts';

/** Where the due items of one handle kind live (docs/care.md "The shared handle shape"). */
type DueSource = {
  table: PgTable;
  joins: { table: PgTable; on: SQL }[];
  id: AnyPgColumn;
  recordId: AnyPgColumn;
  cols: { orgId: AnyPgColumn; areaId: AnyPgColumn; memberId: AnyPgColumn };
  due: AnyPgColumn;
  state: AnyPgColumn | SQL<number>;
  title: SQL<string>;
  late: (now: Date) => SQL<boolean>;
  where?: SQL;
  /** An ECG reading's status; null for the other kinds. */
  status?: SQL<number | null>;
};

/**
 * An ECG reading is processed once a handle (not entered in error) reads it. The outer reading is
 * named in full: drizzle writes a lone table's columns unqualified, and a bare "id" here would be the handle's.
 */
const ecgState = sql<number>`(case when exists (select 1 from ${careHandles} h where h.kind = ${CareHandleKind.ecg}
  and h.item_id = "readings"."id" and not h.entered_in_error) then 1 else 0 end)`;

const notLate = () => sql<boolean>`false`;

const sources: Record<CareHandleKind, DueSource> = {
  [CareHandleKind.health]: {
    table: careEducations,
    joins: [],
    id: careEducations.id,
    recordId: careEducations.id,
    cols: careEducations,
    due: careEducations.reviewAt,
    state: careEducations.state,
    title: sql<string>`${careEducations.topic}`,
    late: notLate,
  },
  [CareHandleKind.follow]: {
    table: careFollowUps,
    joins: [],
    id: careFollowUps.id,
    recordId: careFollowUps.id,
    cols: careFollowUps,
    due: careFollowUps.appointmentAt,
    state: careFollowUps.state,
    title: sql<string>`${careFollowUps.hospital}`,
    late: notLate,
  },
  [CareHandleKind.schedule]: {
    table: careScheduleOccurrences,
    joins: [{ table: careSchedules, on: eq(careSchedules.id, careScheduleOccurrences.scheduleId) }],
    id: careScheduleOccurrences.id,
    recordId: careScheduleOccurrences.scheduleId,
    cols: careScheduleOccurrences,
    due: careScheduleOccurrences.dueAt,
    state: careScheduleOccurrences.state,
    title: sql<string>`${careSchedules.title}`,
    late: notLate,
  },
  [CareHandleKind.packageMedicine]: {
    table: carePackageDoses,
    joins: [
      { table: carePackages, on: eq(carePackages.id, carePackageDoses.packageId) },
      { table: medicines, on: eq(medicines.id, carePackages.medicineId) },
    ],
    id: carePackageDoses.id,
    recordId: carePackageDoses.packageId,
    cols: carePackageDoses,
    due: carePackageDoses.scheduledAt,
    state: carePackageDoses.state,
    title: sql<string>`${medicines.name} || ' ' || ${carePackages.dose} || ' ' || ${medicines.unit}`,
    // The late limit comes from contracts, so the list, the rule and the scheduler agree.
    late: (now) => sql<boolean>`(${carePackageDoses.state} = 0 and ${carePackageDoses.scheduledAt} < ${now}::timestamptz
      - make_interval(mins => case when ${carePackages.timeCritical} then ${doseLateLimitMinutes(true)}::int else ${doseLateLimitMinutes(false)}::int end))`,
    // As-needed doses have no time: they are recorded, never due.
    where: isNotNull(carePackageDoses.scheduledAt),
  },
  // Care records II (docs/care.md): a pain reassessment is late once its hour has passed.
  [CareHandleKind.symptom]: {
    table: careSymptoms,
    joins: [],
    id: careSymptoms.id,
    recordId: careSymptoms.id,
    cols: careSymptoms,
    due: careSymptoms.reassessAt,
    state: careSymptoms.state,
    title: sql<string>`${careSymptoms.score} || '/10'`,
    late: (now) => sql<boolean>`(${careSymptoms.state} = 0 and ${careSymptoms.reassessAt} < ${now}::timestamptz)`,
    where: isNotNull(careSymptoms.reassessAt),
  },
  [CareHandleKind.diet]: {
    table: careDiets,
    joins: [],
    id: careDiets.id,
    recordId: careDiets.id,
    cols: careDiets,
    due: careDiets.mealAt,
    state: careDiets.state,
    title: sql<string>`${careDiets.served}`,
    late: notLate,
  },
  [CareHandleKind.ecg]: {
    table: readings,
    joins: [],
    id: readings.id,
    recordId: readings.id,
    cols: readings,
    due: readings.occurTime,
    state: ecgState,
    title: sql<string>`coalesce((select string_agg(f, ', ') from jsonb_array_elements_text(
      case when jsonb_typeof(${readings.data}->'findings') = 'array' then ${readings.data}->'findings' else '[]'::jsonb end) f), '')`,
    late: notLate,
    where: and(eq(readings.kind, readingKindCode.ecg), isNotNull(readings.memberId)),
    status: sql<number | null>`${readings.value2}::int`,
  },
  [CareHandleKind.medicalRecord]: {
    table: medicalRecords,
    joins: [],
    id: medicalRecords.id,
    recordId: medicalRecords.id,
    cols: medicalRecords,
    due: medicalRecords.createdAt,
    state: medicalRecords.state,
    title: sql<string>`${medicalRecords.diagnosis}`,
    late: notLate,
  },
};

/**
 * GET /handle/{kind}: the items of one kind due across the members in the caller's scope, by area,
 * member, due date and state, oldest due first, each with its latest handle.
 */
export async function dueList(db: Db, p: Principal, kind: CareHandleKind, q: CareDueQuery, now: Date): Promise<Paginated<CareDueRow>> {
  const s = sources[kind];
  const where = and(
    scopeCondition(p, careScope(s.cols)),
    s.where,
    q.area_id !== undefined ? eq(s.cols.areaId, q.area_id) : undefined,
    q.user_id !== undefined ? eq(s.cols.memberId, q.user_id) : undefined,
    q.state !== undefined ? sql`${s.state} = ${q.state}` : undefined,
    q.start_date !== undefined ? gte(s.due, fromUnix(q.start_date)) : undefined,
    q.end_date !== undefined ? lte(s.due, fromUnix(q.end_date)) : undefined,
  );
  const withJoins = (query: PgSelect) => s.joins.reduce((acc, j) => acc.innerJoin(j.table, j.on) as unknown as PgSelect, query);
  const [{ total }] = (await withJoins(db.select({ total: count() }).from(s.table).$dynamic() as unknown as PgSelect).where(where)) as {
    total: number;
  }[];
  const direction = q.order === 'desc' ? desc : asc;
  let query = withJoins(
    db
      .select({
        id: s.id,
        recordId: s.recordId,
        orgId: s.cols.orgId,
        areaId: s.cols.areaId,
        areaName: areaName(s.cols.areaId),
        memberId: s.cols.memberId,
        memberName: memberName(s.cols.memberId),
        title: s.title,
        due: s.due,
        state: s.state,
        late: s.late(now),
        status: s.status ?? sql<null>`null`,
      })
      .from(s.table)
      .$dynamic() as unknown as PgSelect,
  )
    .where(where)
    .orderBy(direction(q.order_by === 'id' ? s.id : s.due), direction(s.id));
  const { offset, limit } = pageWindow(q);
  if (limit !== undefined) query = query.limit(limit).offset(offset);
  const rows = (await query) as {
    id: number;
    recordId: number;
    orgId: number;
    areaId: number | null;
    areaName: string | null;
    memberId: number;
    memberName: string | null;
    title: string;
    due: Date;
    state: number;
    late: boolean;
    status: number | null;
  }[];
  const handles = await loadHandles(db, kind, rows.map((r) => r.id));
  const list: CareDueRow[] = rows.map((r) => ({
    kind,
    id: r.id,
    record_id: r.recordId,
    org_id: r.orgId,
    area_id: r.areaId,
    area_name: r.areaName,
    member_id: r.memberId,
    member_name: r.memberName ?? '',
    title: r.title,
    due_at: toUnix(r.due),
    state: r.state as CareDueRow['state'],
    late: r.late,
    last_handle: (handles.get(r.id) ?? []).filter((h) => !h.entered_in_error).at(-1) ?? null,
    status: r.status,
  }));
  return paginate(q, total, list);
}
