import { and, eq, gte, inArray, isNull, lt, lte, notInArray, sql } from 'drizzle-orm';
import {
  AbnormalCategory,
  HandoverItemKind,
  HandleState,
  IllnessSeverity,
  MedicalState,
  Resource,
  deliveryFinalStates,
  fromUnix,
  toUnix,
  type HandoverItem,
  type IllnessSeverity as Severity,
} from '@vigil/contracts';
import type { Db, Tx } from '../../../db/client.ts';
import {
  abnormalEvents,
  abnormalHandles,
  careScheduleOccurrences,
  carePackageDoses,
  deliveryOrders,
  medicalStateLogs,
  members,
} from '../../../db/schema/index.ts';

/** A dose still open this long after its time is reported late (SPEC's medication-delay alert uses two hours). */
const DOSE_LATE_SECONDS = 3600;
/** How far back an unrecorded dose is still reported (older ones belong to the medication review). */
const LATE_DOSE_HORIZON_SECONDS = 24 * 3600;
/** Care due before the incoming shift ends (eight hours) is listed for it. */
const NEXT_SHIFT_SECONDS = 8 * 3600;

export type Window = { orgId: number; areaId: number; from: Date; to: Date };

/**
 * The generated items of an area's handover (docs/handover.md, Generated items): one query per
 * kind, each item linked to its source record. Kinds whose records this build does not keep yet
 * (refused and as-needed doses, pain scores, notable readings) are added beside their resources.
 */
export async function generateItems(db: Db | Tx, w: Window): Promise<HandoverItem[]> {
  const kinds = await Promise.all([openAlerts(db, w), handledAlerts(db, w), careItems(db, w), lateDoses(db, w), openDeliveries(db, w), medicalStates(db, w)]);
  return kinds.flat().sort((a, b) => a.time - b.time || a.source.id - b.source.id);
}

async function openAlerts(db: Db | Tx, w: Window): Promise<HandoverItem[]> {
  const rows = await db
    .select({ id: abnormalEvents.id, memberId: abnormalEvents.memberId, type: abnormalEvents.type, category: abnormalEvents.category, at: abnormalEvents.occurTime })
    .from(abnormalEvents)
    .where(
      and(
        eq(abnormalEvents.orgId, w.orgId),
        eq(abnormalEvents.areaId, w.areaId),
        eq(abnormalEvents.isHandle, false),
        isNull(abnormalEvents.recoveredAt),
        lte(abnormalEvents.occurTime, w.to),
      ),
    );
  return rows.map((r) => ({
    kind: HandoverItemKind.alertOpen,
    member_id: r.memberId,
    time: toUnix(r.at),
    source: { resource: Resource.abnormal, id: r.id },
    detail: { type: r.type, category: r.category },
  }));
}

async function handledAlerts(db: Db | Tx, w: Window): Promise<HandoverItem[]> {
  const rows = await db
    .select({ id: abnormalEvents.id, memberId: abnormalEvents.memberId, type: abnormalEvents.type, at: abnormalHandles.handleTime, content: abnormalHandles.content })
    .from(abnormalHandles)
    .innerJoin(abnormalEvents, eq(abnormalEvents.id, abnormalHandles.abnormalId))
    .where(and(eq(abnormalEvents.orgId, w.orgId), eq(abnormalEvents.areaId, w.areaId), gte(abnormalHandles.handleTime, w.from), lte(abnormalHandles.handleTime, w.to)));
  return rows.map((r) => ({
    kind: HandoverItemKind.alertHandled,
    member_id: r.memberId,
    time: toUnix(r.at),
    source: { resource: Resource.abnormal, id: r.id },
    detail: { type: r.type, content: r.content },
  }));
}

async function careItems(db: Db | Tx, w: Window): Promise<HandoverItem[]> {
  const until = fromUnix(toUnix(w.to) + NEXT_SHIFT_SECONDS);
  const rows = await db
    .select({ id: careScheduleOccurrences.id, memberId: careScheduleOccurrences.memberId, scheduleId: careScheduleOccurrences.scheduleId, at: careScheduleOccurrences.dueAt })
    .from(careScheduleOccurrences)
    .where(
      and(
        eq(careScheduleOccurrences.orgId, w.orgId),
        eq(careScheduleOccurrences.areaId, w.areaId),
        eq(careScheduleOccurrences.state, HandleState.notProcessed),
        lt(careScheduleOccurrences.dueAt, until),
      ),
    );
  return rows.map((r) => ({
    kind: r.at < w.to ? HandoverItemKind.careOverdue : HandoverItemKind.careDue,
    member_id: r.memberId,
    time: toUnix(r.at),
    source: { resource: Resource.careSchedule, id: r.scheduleId },
    detail: { occurrence_id: r.id },
  }));
}

async function lateDoses(db: Db | Tx, w: Window): Promise<HandoverItem[]> {
  const rows = await db
    .select({ id: carePackageDoses.id, memberId: carePackageDoses.memberId, packageId: carePackageDoses.packageId, at: carePackageDoses.scheduledAt })
    .from(carePackageDoses)
    .where(
      and(
        eq(carePackageDoses.orgId, w.orgId),
        eq(carePackageDoses.areaId, w.areaId),
        eq(carePackageDoses.state, HandleState.notProcessed),
        // Still open, whenever in the last day: a late dose concerns the next shift until someone records it.
        gte(carePackageDoses.scheduledAt, fromUnix(toUnix(w.to) - LATE_DOSE_HORIZON_SECONDS)),
        lt(carePackageDoses.scheduledAt, fromUnix(toUnix(w.to) - DOSE_LATE_SECONDS)),
      ),
    );
  return rows.map((r) => ({
    kind: HandoverItemKind.doseLate,
    member_id: r.memberId,
    time: toUnix(r.at!),
    source: { resource: Resource.carePackage, id: r.packageId },
    detail: { dose_id: r.id },
  }));
}

async function openDeliveries(db: Db | Tx, w: Window): Promise<HandoverItem[]> {
  const rows = await db
    .select({ id: deliveryOrders.id, memberId: deliveryOrders.memberId, state: deliveryOrders.state, at: deliveryOrders.updatedAt })
    .from(deliveryOrders)
    .where(and(eq(deliveryOrders.orgId, w.orgId), eq(deliveryOrders.areaId, w.areaId), notInArray(deliveryOrders.state, [...deliveryFinalStates])));
  return rows.map((r) => ({
    kind: HandoverItemKind.deliveryOpen,
    member_id: r.memberId,
    time: toUnix(r.at),
    source: { resource: Resource.deliveryMedicine, id: r.id },
    detail: { state: r.state },
  }));
}

async function medicalStates(db: Db | Tx, w: Window): Promise<HandoverItem[]> {
  const rows = await db
    .select({ id: medicalStateLogs.id, memberId: medicalStateLogs.memberId, from: medicalStateLogs.previousState, to: medicalStateLogs.state, at: medicalStateLogs.createdAt })
    .from(medicalStateLogs)
    .innerJoin(members, eq(members.id, medicalStateLogs.memberId))
    .where(and(eq(medicalStateLogs.orgId, w.orgId), eq(members.areaId, w.areaId), gte(medicalStateLogs.createdAt, w.from), lte(medicalStateLogs.createdAt, w.to)));
  return rows.map((r) => ({
    kind: HandoverItemKind.medicalState,
    member_id: r.memberId,
    time: toUnix(r.at),
    source: { resource: Resource.medicalUser, id: r.id },
    detail: { from: r.from, to: r.to },
  }));
}

const urgentCategories = new Set<number>([AbnormalCategory.fall, AbnormalCategory.sos]);
const urgentStates = new Set<number>([MedicalState.emergency, MedicalState.hospitalized]);

/**
 * The severity the generator proposes (the giver may change it): unstable for an open fall or SOS
 * alert or a move to emergency or hospital; watcher for anything else reported; stable otherwise.
 */
export function proposedSeverity(items: HandoverItem[]): Severity {
  const urgent = items.some(
    (i) =>
      (i.kind === HandoverItemKind.alertOpen && urgentCategories.has(Number(i.detail.category))) ||
      (i.kind === HandoverItemKind.medicalState && urgentStates.has(Number(i.detail.to))),
  );
  if (urgent) return IllnessSeverity.unstable;
  return items.length ? IllnessSeverity.watcher : IllnessSeverity.stable;
}

/** The members of an area a handover speaks of: everyone currently placed there, not removed. */
export async function areaMembers(db: Db | Tx, orgId: number, areaId: number, also: number[]) {
  return db
    .select({ id: members.id, name: members.name })
    .from(members)
    .where(and(eq(members.orgId, orgId), isNull(members.removedAt), also.length ? sql`(${members.areaId} = ${areaId} or ${inArray(members.id, also)})` : eq(members.areaId, areaId)))
    .orderBy(members.name);
}

