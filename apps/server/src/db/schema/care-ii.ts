import { index, integer, jsonb, pgTable, serial, smallint, text, varchar } from 'drizzle-orm/pg-core';
import type { PainadItems, SymptomSite } from '@vigil/contracts';
import { auditColumns, ts } from './columns.ts';
import { abnormalEvents } from './abnormal.ts';
import { memberColumns } from './care.ts';
import { staff } from './organisation.ts';

/**
 * Care records II (docs/care.md "Care records II"): symptoms on a body map, diet, stethoscope
 * recordings, health reports, medical records and outpatient visits. Each is placed and scoped
 * like its member, as the records of Care records I are.
 */

/** A symptom assessment (`/care/symptom`): its body-map sites, score, and the pain alert it raised. */
export const careSymptoms = pgTable(
  'care_symptoms',
  {
    id: serial('id').primaryKey(),
    ...memberColumns(),
    assessedAt: ts('assessed_at').notNull(),
    tool: smallint('tool').notNull(),
    painad: jsonb('painad').$type<PainadItems | null>(),
    sites: jsonb('sites').$type<SymptomSite[]>().notNull(),
    score: smallint('score'),
    onsetAt: ts('onset_at'),
    notes: text('notes'),
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    reassessAt: ts('reassess_at'),
    state: smallint('state').notNull().default(1),
    assessorId: integer('assessor_id').references(() => staff.id),
    abnormalId: integer('abnormal_id').references(() => abnormalEvents.id),
    /** The pain alert's claim and raise (the scheduler's pattern: one raise across instances). */
    alertClaimedAt: ts('alert_claimed_at'),
    alertedAt: ts('alerted_at'),
    ...auditColumns,
  },
  (t) => [
    index('care_symptoms_member_idx').on(t.memberId, t.assessedAt),
    index('care_symptoms_due_idx').on(t.orgId, t.state, t.reassessAt),
  ],
);

/** A meal (`/care/diet`). */
export const careDiets = pgTable(
  'care_diets',
  {
    id: serial('id').primaryKey(),
    ...memberColumns(),
    meal: smallint('meal').notNull(),
    mealAt: ts('meal_at').notNull(),
    texture: smallint('texture').notNull(),
    served: varchar('served', { length: 200 }).notNull(),
    eaten: smallint('eaten').notNull(),
    fluidMl: integer('fluid_ml').notNull(),
    appetite: smallint('appetite').notNull(),
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    remark: text('remark'),
    state: smallint('state').notNull().default(1),
    ...auditColumns,
  },
  (t) => [index('care_diets_member_idx').on(t.memberId, t.mealAt), index('care_diets_due_idx').on(t.orgId, t.state, t.mealAt)],
);

/** A stethoscope recording (`/care/stethoscope`). */
export const careStethoscopes = pgTable(
  'care_stethoscopes',
  {
    id: serial('id').primaryKey(),
    ...memberColumns(),
    recordedAt: ts('recorded_at').notNull(),
    mode: smallint('mode').notNull(),
    organ: smallint('organ').notNull(),
    position: smallint('position').notNull(),
    audio: varchar('audio', { length: 120 }).notNull(),
    findings: text('findings'),
    recorderId: integer('recorder_id').references(() => staff.id),
    ...auditColumns,
  },
  (t) => [index('care_stethoscopes_member_idx').on(t.memberId, t.recordedAt)],
);

/** An uploaded health report (`/care/report`). */
export const careReports = pgTable(
  'care_reports',
  {
    id: serial('id').primaryKey(),
    ...memberColumns(),
    type: smallint('type').notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    reportDate: ts('report_date').notNull(),
    hospital: varchar('hospital', { length: 100 }),
    files: jsonb('files').$type<string[]>().notNull().default([]),
    summary: text('summary'),
    ...auditColumns,
  },
  (t) => [index('care_reports_member_idx').on(t.memberId, t.reportDate)],
);

/** A diagnosis in a member's medical history (`/medical/records`). */
export const medicalRecords = pgTable(
  'medical_records',
  {
    id: serial('id').primaryKey(),
    ...memberColumns(),
    diagnosis: varchar('diagnosis', { length: 200 }).notNull(),
    icdCode: varchar('icd_code', { length: 10 }),
    hospital: varchar('hospital', { length: 100 }).notNull(),
    department: smallint('department').notNull(),
    doctor: varchar('doctor', { length: 50 }),
    diagnosedAt: ts('diagnosed_at').notNull(),
    endedAt: ts('ended_at'),
    medications: text('medications'),
    attachments: jsonb('attachments').$type<string[]>().notNull().default([]),
    remark: text('remark'),
    state: smallint('state').notNull().default(0),
    ...auditColumns,
  },
  (t) => [index('medical_records_member_idx').on(t.memberId, t.diagnosedAt), index('medical_records_due_idx').on(t.orgId, t.state)],
);

/** An outpatient visit (`/opd`) at a hospital or clinic. */
export const opdVisits = pgTable(
  'opd_visits',
  {
    id: serial('id').primaryKey(),
    ...memberColumns(),
    type: smallint('type').notNull(),
    period: smallint('period').notNull(),
    department: smallint('department').notNull(),
    doctor: varchar('doctor', { length: 50 }).notNull(),
    visitDate: ts('visit_date').notNull(),
    number: integer('number'),
    status: smallint('status').notNull().default(0),
    notes: text('notes'),
    ...auditColumns,
  },
  (t) => [index('opd_visits_member_idx').on(t.memberId, t.visitDate), index('opd_visits_org_idx').on(t.orgId, t.visitDate)],
);
