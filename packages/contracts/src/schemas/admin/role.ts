import { z } from 'zod';
import { OrgType } from '../../enums/roles.ts';
import { ValidationMessage } from '../../rules/messages.ts';
import { optionalText, textField } from '../../rules/text.ts';
import { apiPermission, sidebarItem, type SidebarItem } from '../auth.ts';
import { Page } from '../../permissions/pages.ts';
import { auditFields, listQuery, unixSeconds } from '../envelope.ts';
import { codeOf, id } from './common.ts';
import { staffRoleSchema } from './staff.ts';
import { Resource } from '../../permissions/resources.ts';
import { resourceContract } from '../resource.ts';

/** GET /role row (also the detail): one of the 18 SPEC §6 roles and its current API group. */
export const roleRow = z.object({
  id: z.number().int(),
  /** i18n key of the role's name (enum.role.*). */
  i18n: z.string(),
  org_type: codeOf(OrgType),
  /** Whether the role belongs to security companies only. */
  is_guard: z.boolean(),
  api_group_id: z.number().int(),
  api_group_name: z.string(),
  ...auditFields,
});
export type RoleRow = z.infer<typeof roleRow>;
export const roleDetail = roleRow;

/** PATCH /role/{id} (and PUT): switch the role's current API group. */
export const roleUpdate = z.strictObject({ api_group_id: id });
export type RoleUpdate = z.infer<typeof roleUpdate>;

/** Filters: type (organisation type of the role). Eighteen rows: ask per_page -1. */
export const roleListQuery = listQuery(['id']);
export type RoleListQuery = z.infer<typeof roleListQuery>;

export const roleResource = resourceContract({
  path: Resource.role,
  row: roleRow,
  update: roleUpdate,
  listQuery: roleListQuery,
});

/** A named permission list; role_ids are the roles currently using it. */
export const apiGroupRow = z.object({
  id: z.number().int(),
  name: z.string(),
  remark: z.string().nullable(),
  permission_count: z.number().int(),
  role_ids: z.array(z.number().int()),
  ...auditFields,
});
export type ApiGroupRow = z.infer<typeof apiGroupRow>;

/** GET /api/group rows and GET /api/group/{id}: the group with its permission pairs. */
export const apiGroupDetail = apiGroupRow.extend({ permissions: z.array(apiPermission) });
export type ApiGroupDetail = z.infer<typeof apiGroupDetail>;

/** Pairs must come from the server's catalogue (GET /api); an unknown pair is -5. */
const permissionList = z
  .array(apiPermission, { error: ValidationMessage.required })
  .max(2000)
  .refine((v) => new Set(v.map((p) => `${p.method} ${p.route}`)).size === v.length, {
    message: ValidationMessage.invalidOption,
  });

/** POST /api/group and PUT /api/group/{id}. */
export const apiGroupCreate = z.strictObject({
  name: textField({ max: 100 }),
  remark: optionalText(500),
  permissions: permissionList,
});
export type ApiGroupCreate = z.infer<typeof apiGroupCreate>;
export const apiGroupUpdate = apiGroupCreate;
export type ApiGroupUpdate = ApiGroupCreate;

/** Filters: name, keyword (name, remark). */
export const apiGroupListQuery = listQuery(['id', 'name', 'created_at', 'updated_at']);
export type ApiGroupListQuery = z.infer<typeof apiGroupListQuery>;

/** List rows carry the pairs too (`apiGroupDetail`): a group holds at most a few hundred. */
export const apiGroupResource = resourceContract({
  path: Resource.apiGroup,
  row: apiGroupDetail,
  create: apiGroupCreate,
  update: apiGroupUpdate,
  listQuery: apiGroupListQuery,
});

/** Longest grant of a temporary role. */
export const TEMP_ROLE_MAX_DAYS = 90;
const DAY_SECONDS = 86_400;

/** GET /temp/role row (also the detail): a staff member acting in another role until expires_at. */
export const tempRoleRow = z.object({
  id: z.number().int(),
  staff_id: z.number().int(),
  staff_name: z.string(),
  staff_account: z.string(),
  org_id: z.number().int(),
  org_name: z.string(),
  area_id: z.number().int().nullable(),
  /** The staff member's own role, for comparison with the granted one. */
  staff_role: z.number().int(),
  role: z.number().int(),
  starts_at: unixSeconds,
  expires_at: unixSeconds,
  /** starts_at ≤ now < expires_at: the role's group currently adds to the staff member's permissions. */
  active: z.boolean(),
  granted_by_name: z.string().nullable(),
  remark: z.string().nullable(),
  ...auditFields,
});
export type TempRoleRow = z.infer<typeof tempRoleRow>;
export const tempRoleDetail = tempRoleRow;

/**
 * POST /temp/role. starts_at defaults to now; expires_at must be in the future, after starts_at
 * and at most 90 days from now. The role must fit the staff member's organisation.
 */
export const tempRoleCreate = z
  .strictObject({
    staff_id: id,
    role: staffRoleSchema,
    starts_at: unixSeconds.optional(),
    expires_at: unixSeconds,
    remark: optionalText(500),
  })
  .superRefine((v, ctx) => {
    const now = Math.floor(Date.now() / 1000);
    if (v.expires_at <= Math.max(now, v.starts_at ?? now)) {
      ctx.addIssue({ code: 'custom', path: ['expires_at'], message: ValidationMessage.invalidInput });
    }
    if (v.expires_at > now + TEMP_ROLE_MAX_DAYS * DAY_SECONDS) {
      ctx.addIssue({ code: 'custom', path: ['expires_at'], message: ValidationMessage.tooLong });
    }
  });
export type TempRoleCreate = z.infer<typeof tempRoleCreate>;

/** Filters: user_id (staff id), role_id, keyword (staff name, account), state (1 active, 0 not). */
export const tempRoleListQuery = listQuery(['id', 'starts_at', 'expires_at', 'created_at']);
export type TempRoleListQuery = z.infer<typeof tempRoleListQuery>;

export const tempRoleResource = resourceContract({
  path: Resource.tempRole,
  row: tempRoleRow,
  create: tempRoleCreate,
  listQuery: tempRoleListQuery,
});

/** PUT /sidebar/role/{role}, GET /sidebar/role/{role}: path parameter. */
export const sidebarRoleParam = z.object({ role: z.coerce.number().pipe(staffRoleSchema) });

const pagePaths = new Set(Object.keys(Page).map((key) => `/${key}`));

/**
 * One item of an edited sidebar: a group (type 0) has lower items and no path; a link (type 1)
 * has a known page path (a PageKey) and no lower items.
 */
function checkItem(item: SidebarItem, ctx: z.RefinementCtx, path: (string | number)[], depth: number): void {
  if (item.type === 0) {
    if (item.lower.length === 0) ctx.addIssue({ code: 'custom', path: [...path, 'lower'], message: ValidationMessage.required });
    if (depth > 1) ctx.addIssue({ code: 'custom', path: [...path, 'type'], message: ValidationMessage.invalidOption });
    item.lower.forEach((child, i) => checkItem(child, ctx, [...path, 'lower', i], depth + 1));
  } else {
    if (!pagePaths.has(item.path)) ctx.addIssue({ code: 'custom', path: [...path, 'path'], message: ValidationMessage.invalidOption });
    if (item.lower.length > 0) ctx.addIssue({ code: 'custom', path: [...path, 'lower'], message: ValidationMessage.invalidInput });
  }
  if (item.name.trim() === '') ctx.addIssue({ code: 'custom', path: [...path, 'name'], message: ValidationMessage.notBlank });
  if (!/^[A-Za-z0-9._-]+$/.test(item.i18n)) ctx.addIssue({ code: 'custom', path: [...path, 'i18n'], message: ValidationMessage.invalidInput });
}

/** A role's sidebar tree as the sidebar settings page saves it (at most two levels). */
export const sidebarTree = z
  .array(sidebarItem)
  .max(50)
  .superRefine((items, ctx) => items.forEach((item, i) => checkItem(item, ctx, [i], 1)));

/** PUT /sidebar/role/{role} body. */
export const sidebarRoleUpdate = z.strictObject({ sidebar: sidebarTree });
export type SidebarRoleUpdate = z.infer<typeof sidebarRoleUpdate>;

/** GET /sidebar/role/{role} answer. */
export const sidebarRoleDetail = z.object({ role: z.number().int(), sidebar: z.array(sidebarItem), updated_at: unixSeconds });
export type SidebarRoleDetail = z.infer<typeof sidebarRoleDetail>;
