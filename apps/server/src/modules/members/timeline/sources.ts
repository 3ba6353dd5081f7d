import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { CareHandleKind, Resource, TimelineKind } from '@vigil/contracts';
import {
  abnormalEvents,
  abnormalHandles,
  careDiets,
  careEducations,
  careFollowUps,
  careHandles,
  carePackageDoses,
  carePackages,
  careReports,
  careSchedules,
  careStethoscopes,
  careSymptoms,
  deliveryOrders,
  deviceBindings,
  devices,
  handoverActions,
  medicalRecords,
  medicalStateLogs,
  memberChangeLogs,
  memberStandards,
  opdVisits,
  staff,
} from '../../../db/schema/index.ts';

/**
 * The member timeline's sources (docs/timeline.md): one SELECT per kind of event, each reading one
 * member's rows newest first from an index on (member_id, time), so each branch of the UNION stops
 * after a page of rows however long the member's history is. `rank` orders events of one instant
 * and, with the row id, makes every event's position (its cursor) unique.
 */
export type TimelineSource = {
  kind: TimelineKind;
  rank: number;
  table: PgTable;
  memberColumn: AnyPgColumn;
  time: AnyPgColumn;
  id: AnyPgColumn | SQL;
  resource: SQL;
  refId: AnyPgColumn | SQL;
  sub?: SQL;
  code?: AnyPgColumn | SQL;
  text?: AnyPgColumn | SQL;
  staffName?: AnyPgColumn | SQL;
  /** A join the columns above read (at most one row per source row). */
  join?: { table: PgTable; on: SQL };
  /** More conditions on the source's rows. */
  where?: SQL;
};

const text = (value: string) => sql`${value}::text`;
const staffName = (column: AnyPgColumn) => sql`(select ${staff.name} from ${staff} where ${staff.id} = ${column})`;

/** A care record of one of the care resources: when it happened, what it is called. */
function careRecord(
  rank: number,
  table: PgTable & { id: AnyPgColumn; memberId: AnyPgColumn },
  time: AnyPgColumn,
  resource: string,
  extra: { code?: AnyPgColumn; text?: AnyPgColumn | SQL; staff?: AnyPgColumn },
): TimelineSource {
  return {
    kind: TimelineKind.careRecord,
    rank,
    table,
    memberColumn: table.memberId,
    time,
    id: table.id,
    resource: text(resource),
    refId: table.id,
    sub: text(resource),
    code: extra.code,
    text: extra.text,
    staffName: extra.staff ? staffName(extra.staff) : undefined,
  };
}

export const timelineSources: TimelineSource[] = [
  {
    kind: TimelineKind.alertRaised,
    rank: 0,
    table: abnormalEvents,
    memberColumn: abnormalEvents.memberId,
    time: abnormalEvents.occurTime,
    id: abnormalEvents.id,
    resource: text(Resource.abnormal),
    refId: abnormalEvents.id,
    code: abnormalEvents.type,
  },
  {
    kind: TimelineKind.alertEscalated,
    rank: 1,
    table: abnormalEvents,
    memberColumn: abnormalEvents.memberId,
    time: abnormalEvents.escalatedAt,
    id: abnormalEvents.id,
    resource: text(Resource.abnormal),
    refId: abnormalEvents.id,
    code: abnormalEvents.type,
  },
  {
    kind: TimelineKind.alertAcknowledged,
    rank: 2,
    table: abnormalEvents,
    memberColumn: abnormalEvents.memberId,
    time: abnormalEvents.acknowledgedAt,
    id: abnormalEvents.id,
    resource: text(Resource.abnormal),
    refId: abnormalEvents.id,
    code: abnormalEvents.type,
    staffName: abnormalEvents.acknowledgedByName,
  },
  {
    kind: TimelineKind.alertHandled,
    rank: 3,
    table: abnormalHandles,
    memberColumn: abnormalHandles.memberId,
    time: abnormalHandles.handleTime,
    id: abnormalHandles.id,
    resource: text(Resource.abnormal),
    refId: abnormalHandles.abnormalId,
    code: sql`(select ${abnormalEvents.type} from ${abnormalEvents} where ${abnormalEvents.id} = ${abnormalHandles.abnormalId})`,
    text: abnormalHandles.content,
    staffName: abnormalHandles.staffName,
  },
  careRecord(4, careEducations, careEducations.educateAt, Resource.careHealth, { code: careEducations.type, text: careEducations.topic, staff: careEducations.educatorId }),
  careRecord(5, careFollowUps, careFollowUps.appointmentAt, Resource.careFollowUp, { code: careFollowUps.state, text: careFollowUps.hospital }),
  careRecord(6, careSchedules, careSchedules.startDate, Resource.careSchedule, { code: careSchedules.service, text: careSchedules.title, staff: careSchedules.staffId }),
  careRecord(7, carePackages, carePackages.startDate, Resource.carePackage, { code: carePackages.frequency, text: carePackages.prescriber }),
  careRecord(8, careSymptoms, careSymptoms.assessedAt, Resource.careSymptom, { code: careSymptoms.score, text: careSymptoms.notes, staff: careSymptoms.assessorId }),
  careRecord(9, careDiets, careDiets.mealAt, Resource.careDiet, { code: careDiets.meal, text: careDiets.served }),
  careRecord(10, careStethoscopes, careStethoscopes.recordedAt, Resource.careStethoscope, { code: careStethoscopes.organ, text: careStethoscopes.findings, staff: careStethoscopes.recorderId }),
  careRecord(11, careReports, careReports.reportDate, Resource.careReport, { code: careReports.type, text: careReports.title }),
  careRecord(12, medicalRecords, medicalRecords.diagnosedAt, Resource.medicalRecords, { code: medicalRecords.state, text: medicalRecords.diagnosis }),
  careRecord(13, opdVisits, opdVisits.visitDate, Resource.opd, { code: opdVisits.type, text: opdVisits.doctor }),
  {
    // A care item's outcome: every handle of every kind but doses, which are their own kind below.
    kind: TimelineKind.careHandled,
    rank: 14,
    table: careHandles,
    memberColumn: careHandles.memberId,
    time: careHandles.handleTime,
    id: careHandles.id,
    resource: sql`'/handle/' || ${careHandles.kind}`,
    refId: careHandles.itemId,
    sub: sql`${careHandles.kind}::text`,
    code: careHandles.state,
    text: careHandles.content,
    staffName: staffName(careHandles.staffId),
    where: sql`${careHandles.kind} <> ${CareHandleKind.packageMedicine} and not ${careHandles.enteredInError}`,
  },
  {
    // A dose given or not given (DoseOutcome), as the medication round recorded it.
    kind: TimelineKind.dose,
    rank: 15,
    table: careHandles,
    memberColumn: careHandles.memberId,
    time: careHandles.handleTime,
    id: careHandles.id,
    resource: text(Resource.handlePackageMedicine),
    refId: careHandles.itemId,
    sub: sql`${careHandles.kind}::text`,
    code: careHandles.outcome,
    text: careHandles.content,
    staffName: staffName(careHandles.staffId),
    where: sql`${careHandles.kind} = ${CareHandleKind.packageMedicine} and not ${careHandles.enteredInError}`,
  },
  {
    // A scheduled dose the late-dose alert fired for, at the time it fired.
    kind: TimelineKind.doseLate,
    rank: 16,
    table: carePackageDoses,
    memberColumn: carePackageDoses.memberId,
    time: carePackageDoses.alertedAt,
    id: carePackageDoses.id,
    resource: text(Resource.carePackage),
    refId: carePackageDoses.packageId,
    code: carePackageDoses.state,
    text: sql`(select ${carePackages.prescriber} from ${carePackages} where ${carePackages.id} = ${carePackageDoses.packageId})`,
  },
  {
    kind: TimelineKind.delivery,
    rank: 17,
    table: deliveryOrders,
    memberColumn: deliveryOrders.memberId,
    time: deliveryOrders.createdAt,
    id: deliveryOrders.id,
    resource: text(Resource.deliveryMedicine),
    refId: deliveryOrders.id,
    code: deliveryOrders.state,
    text: deliveryOrders.remark,
    staffName: staffName(deliveryOrders.createdBy),
  },
  {
    kind: TimelineKind.medicalState,
    rank: 18,
    table: medicalStateLogs,
    memberColumn: medicalStateLogs.memberId,
    time: medicalStateLogs.createdAt,
    id: medicalStateLogs.id,
    resource: text(Resource.medicalUser),
    refId: medicalStateLogs.id,
    code: medicalStateLogs.state,
    text: medicalStateLogs.remark,
    staffName: staffName(medicalStateLogs.operatorId),
  },
  {
    // Removed, area changed, organisation changed; a status change is the medical-state log's event.
    kind: TimelineKind.memberChange,
    rank: 19,
    table: memberChangeLogs,
    memberColumn: memberChangeLogs.memberId,
    time: memberChangeLogs.createdAt,
    id: memberChangeLogs.id,
    resource: text(Resource.changeUser),
    refId: memberChangeLogs.id,
    code: memberChangeLogs.status,
    staffName: staffName(memberChangeLogs.operatorId),
    where: sql`${memberChangeLogs.status} <> 2`,
  },
  {
    // A standard the member's own override last changed (one row per kind: its latest change).
    kind: TimelineKind.standardChange,
    rank: 20,
    table: memberStandards,
    memberColumn: memberStandards.memberId,
    time: memberStandards.updatedAt,
    id: memberStandards.kind,
    resource: text('/user/standard'),
    refId: memberStandards.memberId,
    code: memberStandards.kind,
    text: sql`${memberStandards.min}::text || '–' || ${memberStandards.max}::text`,
  },
  {
    kind: TimelineKind.deviceBound,
    rank: 21,
    table: deviceBindings,
    memberColumn: deviceBindings.memberId,
    time: deviceBindings.boundAt,
    id: deviceBindings.id,
    resource: text(Resource.deviceBind),
    refId: deviceBindings.deviceId,
    code: devices.type,
    text: sql`coalesce(${devices.name}, ${devices.serial})`,
    staffName: staffName(deviceBindings.boundBy),
    join: { table: devices, on: sql`${devices.id} = ${deviceBindings.deviceId}` },
  },
  {
    kind: TimelineKind.deviceUnbound,
    rank: 22,
    table: deviceBindings,
    memberColumn: deviceBindings.memberId,
    time: deviceBindings.unboundAt,
    id: deviceBindings.id,
    resource: text(Resource.deviceBind),
    refId: deviceBindings.deviceId,
    code: devices.type,
    text: sql`coalesce(${devices.name}, ${devices.serial})`,
    staffName: staffName(deviceBindings.unboundBy),
    join: { table: devices, on: sql`${devices.id} = ${deviceBindings.deviceId}` },
  },
  {
    // An I-PASS action naming the member, at its due time.
    kind: TimelineKind.handoverItem,
    rank: 23,
    table: handoverActions,
    memberColumn: handoverActions.memberId,
    time: handoverActions.dueTime,
    id: handoverActions.id,
    resource: text(Resource.handover),
    refId: handoverActions.handoverId,
    code: sql`case when ${handoverActions.doneAt} is null then 0 else 1 end`,
    text: handoverActions.content,
    staffName: staffName(handoverActions.ownerId),
  },
];

/** The daily vital summary's rank: after every source above at one instant. */
export const VITAL_SUMMARY_RANK = 24;
