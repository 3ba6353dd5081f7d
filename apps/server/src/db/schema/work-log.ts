import { index, integer, jsonb, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { auditColumns, ts } from './columns.ts';
import { areas, orgs, staff } from './organisation.ts';

/** One stored work log entry (docs/handover.md); member names are read when the log is. */
export type WorkLogEntryValue = { time: number; member_ids: number[]; category: number; content: string; attachments: string[] };

/**
 * A staff member's log of one shift. Entries live in the row (at most a hundred, always read with
 * the log); `entries @> '[{"member_ids":[id]}]'` finds a member's across logs with the GIN index.
 */
export const workLogs = pgTable(
  'work_logs',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => orgs.id),
    areaId: integer('area_id').references(() => areas.id),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    shiftDate: ts('shift_date').notNull(),
    shift: smallint('shift').notNull(),
    summary: text('summary'),
    entries: jsonb('entries').$type<WorkLogEntryValue[]>().notNull().default([]),
    ...auditColumns,
  },
  (t) => [
    index('work_logs_org_date_idx').on(t.orgId, t.shiftDate),
    index('work_logs_staff_idx').on(t.staffId, t.shiftDate),
    index('work_logs_entries_idx').using('gin', t.entries),
  ],
);
