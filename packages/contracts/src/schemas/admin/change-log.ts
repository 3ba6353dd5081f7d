import { z } from 'zod';
import { listQuery } from '../envelope.ts';
import { changeSnapshot, logAuditFields } from './common.ts';
import { Resource } from '../../permissions/resources.ts';
import { resourceContract } from '../resource.ts';

/**
 * GET /change/staff row (SPEC user change kind: enable 0, role 1, area 2). before/after hold the
 * changed field (`enable`, `role`, or `area_id` with `area_name`).
 */
export const staffChangeLogRow = z.object({
  id: z.number().int(),
  org_id: z.number().int(),
  staff_id: z.number().int(),
  staff_name: z.string(),
  staff_account: z.string(),
  /** The staff member's current area. */
  area_id: z.number().int().nullable(),
  kind: z.number().int(),
  before: changeSnapshot,
  after: changeSnapshot,
  operator_id: z.number().int().nullable(),
  operator_name: z.string().nullable(),
  ...logAuditFields,
});
export type StaffChangeLogRow = z.infer<typeof staffChangeLogRow>;

/**
 * GET /change/user row (SPEC member change status: removed 0, area changed 1, status changed 2,
 * organisation changed 3). before/after hold `area_id`/`area_name`, `org_id`/`org_name`,
 * `enable` or `removed`.
 */
export const memberChangeLogRow = z.object({
  id: z.number().int(),
  org_id: z.number().int(),
  member_id: z.number().int(),
  member_name: z.string(),
  /** The member's current area. */
  area_id: z.number().int().nullable(),
  status: z.number().int(),
  before: changeSnapshot,
  after: changeSnapshot,
  operator_id: z.number().int().nullable(),
  operator_name: z.string().nullable(),
  ...logAuditFields,
});
export type MemberChangeLogRow = z.infer<typeof memberChangeLogRow>;

/**
 * Both logs are read-only lists. Filters: start_date/end_date (created_at), type (kind or status),
 * user_id (staff or member id), area_id, org_id, keyword (staff name and account, or member name).
 */
export const staffChangeLogListQuery = listQuery(['id', 'created_at']);
export const memberChangeLogListQuery = listQuery(['id', 'created_at']);
export type ChangeLogListQuery = z.infer<typeof staffChangeLogListQuery>;

export const staffChangeLogResource = resourceContract({
  path: Resource.changeStaff,
  row: staffChangeLogRow,
  listQuery: staffChangeLogListQuery,
});
export const memberChangeLogResource = resourceContract({
  path: Resource.changeUser,
  row: memberChangeLogRow,
  listQuery: memberChangeLogListQuery,
});

/** What a write did to a record: the resource kit's generic calls. */
export const recordActions = ['create', 'update', 'enable', 'delete'] as const;
export const recordAction = z.enum(recordActions);
export type RecordAction = z.infer<typeof recordAction>;

/**
 * GET /change/record row: one write to a record of any resource that keeps history (care records
 * and the like). `resource` is the API path ('/care/health'); before/after are the API rows as the
 * resource answered them (before null on create, after null on delete).
 */
export const recordChangeRow = z.object({
  id: z.number().int(),
  org_id: z.number().int(),
  area_id: z.number().int().nullable(),
  resource: z.string(),
  record_id: z.number().int(),
  member_id: z.number().int().nullable(),
  member_name: z.string().nullable(),
  action: recordAction,
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  operator_id: z.number().int().nullable(),
  operator_name: z.string().nullable(),
  ...logAuditFields,
});
export type RecordChangeRow = z.infer<typeof recordChangeRow>;

/**
 * Read-only list, newest first when asked with order desc. Filters: resource (the API path),
 * record_id, user_id (the member), start_date/end_date (created_at), org_id, area_id.
 */
export const recordChangeListQuery = listQuery(['id', 'created_at']).extend({
  resource: z
    .string()
    .max(100)
    .regex(/^\/[a-z0-9/-]+$/, { message: 'validation.invalidOption' })
    .optional(),
});
export type RecordChangeListQuery = z.infer<typeof recordChangeListQuery>;

export const recordChangeResource = resourceContract({
  path: Resource.changeRecord,
  row: recordChangeRow,
  listQuery: recordChangeListQuery,
});
