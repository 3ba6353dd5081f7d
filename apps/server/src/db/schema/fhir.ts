import { index, integer, jsonb, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';
import { orgs, staff } from './organisation.ts';

/** Who asked for a bulk export, as the export reads for them: their organisation, area and role then. */
export type ExportRequester = { staffId: number; role: number; orgId: number; orgType: number; areaId: number | null };

/**
 * A FHIR bulk export (docs/fhir.md "Bulk export"): asked for by one staff member, run by the
 * export job, its NDJSON files kept in fhir_export_files until `expires_at`.
 */
export const fhirExports = pgTable(
  'fhir_exports',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => orgs.id),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    requester: jsonb('requester').$type<ExportRequester>().notNull(),
    /** What is exported: an organisation's, an area's or one patient's data. */
    scope: varchar('scope', { length: 10 }).$type<'org' | 'area' | 'patient'>().notNull(),
    targetId: integer('target_id').notNull(),
    /** The resource types asked for (`_type`). */
    types: jsonb('types').$type<string[]>().notNull(),
    /** `_since`: only resources updated from then on. */
    since: ts('since'),
    /** The kick-off URL, which the manifest repeats. */
    request: text('request').notNull(),
    status: varchar('status', { length: 10 }).$type<'queued' | 'running' | 'done' | 'failed'>().notNull().default('queued'),
    error: text('error'),
    createdAt: ts('created_at').notNull().defaultNow(),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('fhir_exports_status_idx').on(t.status, t.id), index('fhir_exports_expires_idx').on(t.expiresAt)],
);

/** One NDJSON file of an export: one resource type, at most FILE_LINES resources. */
export const fhirExportFiles = pgTable(
  'fhir_export_files',
  {
    id: serial('id').primaryKey(),
    exportId: integer('export_id')
      .notNull()
      .references(() => fhirExports.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 40 }).notNull(),
    lines: integer('lines').notNull(),
    body: text('body').notNull(),
  },
  (t) => [index('fhir_export_files_export_idx').on(t.exportId)],
);
