import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { auditColumns, ts } from './columns.ts';
import { abnormalEvents } from './abnormal.ts';
import { members } from './member.ts';
import { areas, orgs, staff } from './organisation.ts';

/**
 * Care records I (docs/care.md). Every record belongs to a member: `org_id` and `area_id` are the
 * member's when the record was written, so the tenant guard scopes them like the member.
 */

export const memberColumns = () => ({
  orgId: integer('org_id')
    .notNull()
    .references(() => orgs.id),
  areaId: integer('area_id').references(() => areas.id),
  memberId: integer('member_id')
    .notNull()
    .references(() => members.id),
});

/** An organisation's medicine catalogue (`/medicine`). */
export const medicines = pgTable(
  'medicines',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => orgs.id),
    name: varchar('name', { length: 100 }).notNull(),
    genericName: varchar('generic_name', { length: 100 }),
    strength: varchar('strength', { length: 50 }),
    form: smallint('form').notNull(),
    unit: varchar('unit', { length: 20 }).notNull(),
    medicationType: smallint('medication_type').notNull(),
    controlledLevel: smallint('controlled_level').notNull().default(0),
    timeCritical: boolean('time_critical').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    remark: text('remark'),
    ...auditColumns,
  },
  (t) => [index('medicines_org_idx').on(t.orgId, t.name)],
);

/** Health education (`/care/health`); handled by its teach-back review. */
export const careEducations = pgTable(
  'care_educations',
  {
    id: serial('id').primaryKey(),
    ...memberColumns(),
    type: smallint('type').notNull(),
    educateAt: ts('educate_at').notNull(),
    topic: varchar('topic', { length: 100 }).notNull(),
    content: text('content').notNull(),
    recipient: smallint('recipient').notNull(),
    method: smallint('method').notNull(),
    understanding: smallint('understanding').notNull(),
    educatorId: integer('educator_id')
      .notNull()
      .references(() => staff.id),
    reviewAt: ts('review_at').notNull(),
    state: smallint('state').notNull().default(0),
    abnormalId: integer('abnormal_id').references(() => abnormalEvents.id),
    attachments: jsonb('attachments').$type<string[]>().notNull().default([]),
    remark: text('remark'),
    ...auditColumns,
  },
  (t) => [
    index('care_educations_member_idx').on(t.memberId, t.educateAt),
    index('care_educations_due_idx').on(t.orgId, t.state, t.reviewAt),
  ],
);

/** Follow-up visits (`/care/follow-up`); handled when the visit's outcome is recorded. */
export const careFollowUps = pgTable(
  'care_follow_ups',
  {
    id: serial('id').primaryKey(),
    ...memberColumns(),
    hospital: varchar('hospital', { length: 100 }).notNull(),
    department: smallint('department').notNull(),
    doctor: varchar('doctor', { length: 50 }),
    appointmentAt: ts('appointment_at').notNull(),
    appointmentNo: varchar('appointment_no', { length: 20 }),
    reason: text('reason').notNull(),
    transport: smallint('transport').notNull(),
    companion: smallint('companion').notNull(),
    companionName: varchar('companion_name', { length: 50 }),
    companionPhone: varchar('companion_phone', { length: 30 }),
    bringItems: varchar('bring_items', { length: 200 }),
    result: text('result'),
    nextAppointmentAt: ts('next_appointment_at'),
    state: smallint('state').notNull().default(0),
    abnormalId: integer('abnormal_id').references(() => abnormalEvents.id),
    remark: text('remark'),
    ...auditColumns,
  },
  (t) => [
    index('care_follow_ups_member_idx').on(t.memberId, t.appointmentAt),
    index('care_follow_ups_due_idx').on(t.orgId, t.state, t.appointmentAt),
  ],
);

/** Service schedules (`/care/schedule`): the rule; its occurrences are expanded below. */
export const careSchedules = pgTable(
  'care_schedules',
  {
    id: serial('id').primaryKey(),
    ...memberColumns(),
    service: smallint('service').notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    startDate: ts('start_date').notNull(),
    endDate: ts('end_date'),
    timeOfDay: smallint('time_of_day').notNull(),
    durationMinutes: smallint('duration_minutes').notNull(),
    repeat: smallint('repeat').notNull(),
    weekdays: jsonb('weekdays').$type<number[]>().notNull().default([]),
    staffId: integer('staff_id').references(() => staff.id),
    enabled: boolean('enabled').notNull().default(true),
    remark: text('remark'),
    ...auditColumns,
  },
  (t) => [index('care_schedules_member_idx').on(t.memberId, t.startDate)],
);

/** One occurrence of a schedule, expanded ahead by the scheduler; unique per time, so re-expanding is idempotent. */
export const careScheduleOccurrences = pgTable(
  'care_schedule_occurrences',
  {
    id: serial('id').primaryKey(),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => careSchedules.id, { onDelete: 'cascade' }),
    ...memberColumns(),
    dueAt: ts('due_at').notNull(),
    state: smallint('state').notNull().default(0),
    /** Set by the handle: whether the service was done. */
    done: boolean('done'),
  },
  (t) => [
    uniqueIndex('care_schedule_occurrences_uq').on(t.scheduleId, t.dueAt),
    index('care_schedule_occurrences_due_idx').on(t.orgId, t.state, t.dueAt),
  ],
);

/** Medication packages (`/care/package`): one medicine for one member on one regimen. */
export const carePackages = pgTable(
  'care_packages',
  {
    id: serial('id').primaryKey(),
    ...memberColumns(),
    medicineId: integer('medicine_id')
      .notNull()
      .references(() => medicines.id),
    medicationType: smallint('medication_type').notNull(),
    prescriptionType: smallint('prescription_type').notNull(),
    frequency: smallint('frequency').notNull(),
    dose: doublePrecision('dose').notNull(),
    route: smallint('route').notNull(),
    dailyTimes: jsonb('daily_times').$type<number[]>().notNull().default([]),
    weekdays: jsonb('weekdays').$type<number[]>().notNull().default([]),
    startDate: ts('start_date').notNull(),
    endDate: ts('end_date'),
    timeCritical: boolean('time_critical').notNull().default(false),
    prnMinIntervalMinutes: smallint('prn_min_interval_minutes'),
    prnMaxPer24h: smallint('prn_max_per_24h'),
    prnIndication: varchar('prn_indication', { length: 200 }),
    pharmacyOrgId: integer('pharmacy_org_id').references(() => orgs.id),
    pharmacyName: varchar('pharmacy_name', { length: 100 }),
    prescriber: varchar('prescriber', { length: 50 }),
    hospital: varchar('hospital', { length: 100 }),
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    enabled: boolean('enabled').notNull().default(true),
    remark: text('remark'),
    ...auditColumns,
  },
  (t) => [index('care_packages_member_idx').on(t.memberId, t.medicineId), index('care_packages_member_start_idx').on(t.memberId, t.startDate)],
);

/**
 * One dose of a package: scheduled (expanded ahead by the scheduler, unique per time) or as-needed
 * (no time). The late-dose alert is a job on this row: claimed with `alert_claimed_at` (FOR UPDATE
 * SKIP LOCKED), done with `alerted_at` (docs/care.md "The scheduler").
 */
export const carePackageDoses = pgTable(
  'care_package_doses',
  {
    id: serial('id').primaryKey(),
    packageId: integer('package_id')
      .notNull()
      .references(() => carePackages.id, { onDelete: 'cascade' }),
    ...memberColumns(),
    scheduledAt: ts('scheduled_at'),
    state: smallint('state').notNull().default(0),
    alertClaimedAt: ts('alert_claimed_at'),
    alertedAt: ts('alerted_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('care_package_doses_uq').on(t.packageId, t.scheduledAt),
    index('care_package_doses_due_idx').on(t.orgId, t.state, t.scheduledAt),
    index('care_package_doses_member_alerted_idx').on(t.memberId, t.alertedAt).where(sql`${t.alertedAt} is not null`),
    index('care_package_doses_late_idx')
      .on(t.scheduledAt)
      .where(sql`${t.state} = 0 and ${t.alertedAt} is null and ${t.scheduledAt} is not null`),
  ],
);

/**
 * Every handle of every care item (SPEC's handle: state, content, staff, time, remark), keyed by
 * the handle kind and the item it handles; a dose's handle also holds its administration.
 */
export const careHandles = pgTable(
  'care_handles',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 20 }).notNull(),
    // bigint: an ECG handle names a reading, and readings outgrow int4 (docs/care.md "Care records II").
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    orgId: integer('org_id')
      .notNull()
      .references(() => orgs.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    state: smallint('state').notNull().default(1),
    content: text('content').notNull(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    handleTime: ts('handle_time').notNull().defaultNow(),
    remark: text('remark'),
    outcome: smallint('outcome'),
    reason: smallint('reason'),
    reasonText: varchar('reason_text', { length: 200 }),
    givenAt: ts('given_at'),
    amount: doublePrecision('amount'),
    witnessId: integer('witness_id').references(() => staff.id),
    overrideReason: varchar('override_reason', { length: 200 }),
    effectDueAt: ts('effect_due_at'),
    effect: smallint('effect'),
    effectAt: ts('effect_at'),
    enteredInError: boolean('entered_in_error').notNull().default(false),
    errorReason: varchar('error_reason', { length: 200 }),
    errorBy: integer('error_by').references(() => staff.id),
    errorAt: ts('error_at'),
    /** A symptom reassessment's pain score (0–10). */
    score: smallint('score'),
    /** Files a handle carries (an ECG's 12-lead print), served by the handle kind's file path. */
    attachments: jsonb('attachments').$type<string[]>().notNull().default([]),
  },
  (t) => [
    index('care_handles_item_idx').on(t.kind, t.itemId),
    index('care_handles_member_idx').on(t.memberId, t.handleTime),
  ],
);

/** A member's running balance of a controlled medicine: one row, locked while it moves. */
export const careBalances = pgTable(
  'care_balances',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => orgs.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    medicineId: integer('medicine_id')
      .notNull()
      .references(() => medicines.id),
    balance: doublePrecision('balance').notNull().default(0),
  },
  (t) => [uniqueIndex('care_balances_uq').on(t.memberId, t.medicineId)],
);

/** Every movement of a controlled balance, with the balance after it. */
export const careBalanceLedger = pgTable(
  'care_balance_ledger',
  {
    id: serial('id').primaryKey(),
    balanceId: integer('balance_id')
      .notNull()
      .references(() => careBalances.id),
    packageId: integer('package_id').references(() => carePackages.id, { onDelete: 'set null' }),
    handleId: integer('handle_id').references(() => careHandles.id),
    kind: smallint('kind').notNull(),
    delta: doublePrecision('delta').notNull(),
    balance: doublePrecision('balance').notNull(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    witnessId: integer('witness_id').references(() => staff.id),
    remark: text('remark'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('care_balance_ledger_balance_idx').on(t.balanceId, t.createdAt)],
);
