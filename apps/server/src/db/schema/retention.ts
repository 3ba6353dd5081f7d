import { integer, pgTable, smallint } from 'drizzle-orm/pg-core';
import { auditColumns, ts } from './columns.ts';
import { orgs, staff } from './organisation.ts';

/**
 * How long an organisation keeps each data class that the retention job removes (in months; null,
 * or no row, means the class's default in `@vigil/contracts` retentionClasses; the API refuses a
 * period below the floor), and how far the job has removed the organisation's rows. Records (spot clinical readings, abnormal events, care records and their history) have no
 * column here: nothing removes them automatically.
 */
export const orgRetention = pgTable('org_retention', {
  orgId: integer('org_id')
    .primaryKey()
    .references(() => orgs.id),
  /** Raw readings of the hot vital kinds (one-minute heart rate, blood oxygen, temperature). */
  rawVitalsMonths: smallint('raw_vitals_months'),
  /** Hourly reading rollups, which long charts and reports read once the raw rows are gone. */
  rollupMonths: smallint('rollup_months'),
  /**
   * The organisation's raw vitals before this were deleted from months kept for others (a month
   * every organisation lets go is dropped whole): the next pass deletes only from here on.
   */
  rawVitalsPurgedBefore: ts('raw_vitals_purged_before'),
  rollupPurgedBefore: ts('rollup_purged_before'),
  updatedBy: integer('updated_by').references(() => staff.id),
  ...auditColumns,
});
