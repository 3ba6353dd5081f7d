import { z } from 'zod';
import { listQuery, optionalQueryInt, unixSeconds } from './envelope.ts';
import { Resource } from '../permissions/resources.ts';
import { resourceContract } from './resource.ts';

/**
 * What an audit entry records a caller doing: reading a member's health data (a list, one record,
 * a chart, a file, a member report), exporting a list, or changing anything (create, update, delete).
 */
export const auditActions = ['list', 'detail', 'chart', 'file', 'report', 'export', 'create', 'update', 'delete'] as const;
export const auditAction = z.enum(auditActions);
export type AuditAction = z.infer<typeof auditAction>;

/**
 * GET /audit row: one call, who made it (staff, role, organisation), whose data it touched (the
 * member, when the call names one), the resource and route, and from which address. Entries are
 * appended and never changed, so there is no updated_at.
 */
export const auditRow = z.object({
  id: z.number().int(),
  /** The caller's organisation. */
  org_id: z.number().int(),
  org_name: z.string().nullable(),
  staff_id: z.number().int(),
  staff_name: z.string().nullable(),
  staff_account: z.string().nullable(),
  role: z.number().int(),
  member_id: z.number().int().nullable(),
  member_name: z.string().nullable(),
  /** The organisation of that member when the call was made (null without a member). */
  member_org_id: z.number().int().nullable(),
  /** API path of the resource ('/physiologic/heart/rate'). */
  resource: z.string(),
  method: z.string(),
  /** The route as the catalogue names it ('/physiologic/heart/rate/{id}'). */
  route: z.string(),
  action: auditAction,
  record_id: z.number().int().nullable(),
  ip: z.string(),
  request_id: z.string(),
  /** An export's format, the list filters it was made with and the rows it sent; null for other calls. */
  detail: z
    .object({ format: z.string(), filters: z.record(z.string(), z.unknown()), rows: z.number().int() })
    .nullable(),
  created_at: unixSeconds,
});
export type AuditRow = z.infer<typeof auditRow>;

/**
 * Read-only list. Filters: start_date/end_date (created_at), user_id (the member), staff_id,
 * action, resource (path prefix: '/physiologic' covers every vital), keyword (staff name or
 * account, member name), org_id (operators).
 */
export const auditListQuery = listQuery(['id', 'created_at']).extend({
  staff_id: optionalQueryInt,
  action: auditAction.optional(),
  resource: z
    .string()
    .max(100)
    .regex(/^\/[a-z0-9/-]*$/, { message: 'validation.invalidOption' })
    .optional(),
});
export type AuditListQuery = z.infer<typeof auditListQuery>;

export const auditResource = resourceContract({
  path: Resource.audit,
  row: auditRow,
  listQuery: auditListQuery,
});
