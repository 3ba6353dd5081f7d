import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  CareHandleKind,
  careDueQuery,
  doseLateLimitMinutes,
  type CareDueRow,
} from '@vigil/contracts';
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
import { defineList, type TableWithId } from '../../../resources/list.ts';
import { areaName, memberName } from '../../../resources/names.ts';
import { mapped, time, type WireMap } from '../../../resources/wire.ts';
import { careScope } from '../care-common/record.ts';
import { loadHandles } from './handles.ts';

/** Where the due items of one handle kind live (docs/care.md "The shared handle shape"). */
type DueSource = {
  table: TableWithId;
  joins: { table: PgTable; on: SQL }[];
  id: AnyPgColumn;
  recordId: AnyPgColumn;
  cols: { orgId: AnyPgColumn; areaId: AnyPgColumn; memberId: AnyPgColumn };
  due: AnyPgColumn;
  state: AnyPgColumn | SQL<number>;
  title: SQL<string>;
  late: SQL<boolean>;
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

const notLate = sql<boolean>`false`;

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
    late: sql<boolean>`(${carePackageDoses.state} = 0 and ${carePackageDoses.scheduledAt} < now()
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
    late: sql<boolean>`(${careSymptoms.state} = 0 and ${careSymptoms.reassessAt} < now())`,
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

/** A due item as its source selects it; its kind and latest handle are added per page. */
type DueSelected = Omit<CareDueRow, 'kind' | 'last_handle'>;

function dueListOf(kind: CareHandleKind) {
  const s = sources[kind];
  const wire: WireMap<DueSelected> = {
    id: s.id,
    record_id: s.recordId,
    org_id: s.cols.orgId,
    area_id: s.cols.areaId,
    area_name: areaName(s.cols.areaId),
    member_id: s.cols.memberId,
    member_name: mapped(memberName(s.cols.memberId), (name) => name ?? ''),
    title: s.title,
    due_at: time(s.due),
    state: s.state,
    late: s.late,
    status: s.status ?? sql<null>`null`,
  };
  return defineList({
    table: s.table,
    wire,
    joins: s.joins,
    listQuery: careDueQuery,
    scope: careScope(s.cols),
    restrict: () => s.where,
    filters: {
      user_id: (v) => eq(s.cols.memberId, v),
      state: (v) => sql`${s.state} = ${v}`,
    },
    dateColumn: s.due,
    toItems: async (db, rows): Promise<CareDueRow[]> => {
      const handles = await loadHandles(
        db,
        kind,
        rows.map((r) => r.id),
      );
      return rows.map((r) => ({ ...r, kind, last_handle: (handles.get(r.id) ?? []).filter((h) => !h.entered_in_error).at(-1) ?? null }));
    },
  });
}

/**
 * GET /handle/{kind}: the items of one kind due across the members in the caller's scope, by area,
 * member, due date and state, oldest due first, each with its latest handle.
 */
export const dueLists = Object.fromEntries(Object.values(CareHandleKind).map((kind) => [kind, dueListOf(kind)])) as Record<
  CareHandleKind,
  ReturnType<typeof dueListOf>
>;
