import { index, integer, jsonb, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';
import { members } from './member.ts';
import { areas, orgs, staff } from './organisation.ts';

/**
 * One history for every record kind (GET /change/record): what a write did to a row, written by the
 * resource kit in the write's own transaction. `resource` is the API path ('/care/health'), so a new
 * record kind needs no table of its own; `before` and `after` are the API rows (null on create and
 * delete). `record_id` is not a foreign key: the history outlives a deleted record.
 */
export const recordChanges = pgTable(
  'record_changes',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => orgs.id),
    areaId: integer('area_id').references(() => areas.id, { onDelete: 'set null' }),
    resource: varchar('resource', { length: 100 }).notNull(),
    recordId: integer('record_id').notNull(),
    memberId: integer('member_id').references(() => members.id),
    action: varchar('action', { length: 10 }).notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    staffId: integer('staff_id').references(() => staff.id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('record_changes_record_idx').on(t.resource, t.recordId, t.createdAt),
    index('record_changes_member_idx').on(t.memberId, t.createdAt),
    index('record_changes_org_idx').on(t.orgId, t.createdAt),
  ],
);
