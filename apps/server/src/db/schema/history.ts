import { bigint, index, integer, jsonb, pgTable, serial, smallint, varchar } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';
import { members } from './member.ts';
import { areas, orgs, staff } from './organisation.ts';

/** What an export sent (audit_log.detail): its format, the list filters and the row count. */
export type AuditDetail = { format: string; filters: Record<string, unknown>; rows: number };

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

/**
 * The audit trail (GET /audit, docs/security.md#audit-trail): every read of a member's health data
 * and every change, appended in batches by `src/audit/trail.ts` and never updated. Who (staff, role
 * and organisation at the time), whose data (member and the member's organisation then), what
 * (resource, route, action, record), when and from where. No foreign keys: an entry must outlive
 * and never block what it points at, and the batch insert stays one cheap statement.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    createdAt: ts('created_at').notNull().defaultNow(),
    orgId: integer('org_id').notNull(),
    staffId: integer('staff_id').notNull(),
    role: smallint('role').notNull(),
    memberId: integer('member_id'),
    memberOrgId: integer('member_org_id'),
    resource: varchar('resource', { length: 100 }).notNull(),
    method: varchar('method', { length: 10 }).notNull(),
    route: varchar('route', { length: 200 }).notNull(),
    action: varchar('action', { length: 10 }).notNull(),
    recordId: integer('record_id'),
    ip: varchar('ip', { length: 64 }).notNull(),
    requestId: varchar('request_id', { length: 64 }).notNull(),
    /** An export's format, filters and row count ; null for other calls. */
    detail: jsonb('detail').$type<AuditDetail>(),
  },
  (t) => [
    index('audit_log_org_idx').on(t.orgId, t.createdAt),
    index('audit_log_member_org_idx').on(t.memberOrgId, t.createdAt),
    index('audit_log_member_idx').on(t.memberId, t.createdAt),
  ],
);
