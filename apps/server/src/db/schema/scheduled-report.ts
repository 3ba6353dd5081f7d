import { boolean, customType, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { Locale, ScheduledReportKind } from '@vigil/contracts';
import { ts } from './columns.ts';
import type { ExportRequester } from './fhir.ts';
import { orgs, staff } from './organisation.ts';

/** A file's bytes (PostgreSQL bytea). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => Buffer.from(v),
});

/**
 * One organisation's schedule of one report kind (docs/reports.md "Scheduled reports"). The
 * reports are made with the rights of whoever saved the schedule last (`requester`), as they had
 * them then, like a FHIR bulk export: a scheduled report never shows more than its owner may see.
 */
export const reportSchedules = pgTable(
  'report_schedules',
  {
    orgId: integer('org_id')
      .notNull()
      .references(() => orgs.id),
    kind: varchar('kind', { length: 20 }).$type<ScheduledReportKind>().notNull(),
    enabled: boolean('enabled').notNull(),
    recipients: jsonb('recipients').$type<string[]>().notNull(),
    lang: varchar('lang', { length: 8 }).$type<Locale>().notNull(),
    /** The local hour after which the past period's report is made. */
    hour: smallint('hour').notNull(),
    utcOffset: smallint('utc_offset').notNull(),
    keepDays: smallint('keep_days').notNull(),
    requester: jsonb('requester').$type<ExportRequester>().notNull(),
    updatedBy: integer('updated_by')
      .notNull()
      .references(() => staff.id),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.kind] })],
);

/**
 * One made report, and the claim on making it: the instance whose insert wins the unique
 * (organisation, kind, subject, period) row makes and mails it; another instance's insert finds
 * the row and does nothing, so a report is mailed once however many instances run the job. A claim
 * left `making` by an instance that died is taken over after a lease (`claimed_at`).
 */
export const scheduledReports = pgTable(
  'scheduled_reports',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => orgs.id),
    kind: varchar('kind', { length: 20 }).$type<ScheduledReportKind>().notNull(),
    /** The area or member the report is about; 0 for the whole organisation. */
    subjectId: integer('subject_id').notNull(),
    subjectName: text('subject_name'),
    periodStart: ts('period_start').notNull(),
    periodEnd: ts('period_end').notNull(),
    status: varchar('status', { length: 10 }).$type<'making' | 'ready' | 'failed'>().notNull().default('making'),
    /** Which instance holds the claim, and since when. */
    claimedBy: text('claimed_by').notNull(),
    claimedAt: ts('claimed_at').notNull().defaultNow(),
    filename: text('filename').notNull().default(''),
    contentType: text('content_type').notNull().default(''),
    content: bytea('content'),
    size: integer('size').notNull().default(0),
    mailed: integer('mailed'),
    error: text('error'),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [
    uniqueIndex('scheduled_reports_claim').on(t.orgId, t.kind, t.subjectId, t.periodStart),
    index('scheduled_reports_org_created').on(t.orgId, t.createdAt),
    index('scheduled_reports_expires').on(t.expiresAt),
  ],
);
