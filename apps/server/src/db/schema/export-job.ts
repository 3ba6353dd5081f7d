import { customType, index, integer, jsonb, pgTable, primaryKey, serial, text, varchar } from 'drizzle-orm/pg-core';
import type { ExportFormat, Locale } from '@vigil/contracts';
import { ts } from './columns.ts';
import type { ExportRequester } from './fhir.ts';
import { orgs, staff } from './organisation.ts';

/** A file's bytes (PostgreSQL bytea). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => Buffer.from(v),
});

/**
 * A list export too large to stream (docs/reports.md "Large exports"): asked for by one staff
 * member, rendered by the list-export job with the rights the requester had when asking, kept in
 * the database (so every instance serves it) until `expires_at`. Its file is stored in parts
 * (list_export_parts), so neither making nor serving it holds the whole file in memory.
 */
export const listExportJobs = pgTable(
  'list_export_jobs',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => orgs.id),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    requester: jsonb('requester').$type<ExportRequester>().notNull(),
    /** The list's path ('/abnormal'), which names its export. */
    path: varchar('path', { length: 100 }).notNull(),
    format: varchar('format', { length: 4 }).$type<ExportFormat>().notNull(),
    lang: varchar('lang', { length: 8 }).$type<Locale>().notNull(),
    /** The list's filters as the export route parsed them. */
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull(),
    status: varchar('status', { length: 10 }).$type<'queued' | 'running' | 'ready' | 'failed'>().notNull().default('queued'),
    rowsDone: integer('rows_done').notNull().default(0),
    rowsTotal: integer('rows_total').notNull(),
    error: text('error'),
    createdAt: ts('created_at').notNull().defaultNow(),
    startedAt: ts('started_at'),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('list_export_jobs_staff_idx').on(t.staffId), index('list_export_jobs_status_idx').on(t.status)],
);

/** About this many bytes of an export's file per stored part: memory stays flat whatever the file's size. */
export const EXPORT_PART_BYTES = 1024 * 1024;

/** One part of an export's file, in order: the file is the parts' bytes by `seq`. */
export const listExportParts = pgTable(
  'list_export_parts',
  {
    jobId: integer('job_id')
      .notNull()
      .references(() => listExportJobs.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.seq] })],
);
