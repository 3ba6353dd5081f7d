import { z } from 'zod';
import { staffRoles, type StaffRole } from '../../enums/roles.ts';
import { ValidationMessage } from '../../rules/messages.ts';
import { loginField, newPasswordField, textField } from '../../rules/text.ts';
import { auditFields, listQuery, unixSeconds } from '../envelope.ts';
import { enableFilter, id, optionalEmail, optionalHeadshot, optionalPhone } from './common.ts';
import { Resource } from '../../permissions/resources.ts';
import { resourceContract } from '../resource.ts';

/** A SPEC §6 staff role (0–17; guest is never stored). */
export const staffRoleSchema = z
  .number({ error: ValidationMessage.invalidOption })
  .int()
  .refine((v): v is StaffRole => (staffRoles as number[]).includes(v), { message: ValidationMessage.invalidOption });

/** GET /staff row; the detail (GET /staff/{id}) is the same shape. */
export const staffRow = z.object({
  id: z.number().int(),
  account: z.string(),
  name: z.string(),
  role: z.number().int(),
  org_id: z.number().int(),
  org_name: z.string(),
  area_id: z.number().int().nullable(),
  area_name: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  headshot: z.string().nullable(),
  enable: z.boolean(),
  password_changed_at: unixSeconds.nullable(),
  ...auditFields,
});
export type StaffRow = z.infer<typeof staffRow>;
export const staffDetail = staffRow;

/**
 * POST /staff. The role must belong to the organisation's type (guard roles only in security
 * companies); area_id is required for area-scoped roles (3, 13, 15) and must be the org's.
 * org_id is for operators; others create in their own organisation.
 */
export const staffCreate = z.strictObject({
  account: loginField,
  password: newPasswordField,
  name: textField({ max: 50 }),
  role: staffRoleSchema,
  org_id: id.optional(),
  area_id: id.nullable().optional(),
  phone: optionalPhone,
  email: optionalEmail,
  headshot: optionalHeadshot,
  enable: z.boolean().optional(),
});
export type StaffCreate = z.infer<typeof staffCreate>;

/** PUT/PATCH /staff/{id}. Role and area changes are written to the staff change log. */
export const staffUpdate = z.strictObject({
  name: textField({ max: 50 }),
  role: staffRoleSchema,
  area_id: id.nullable().optional(),
  phone: optionalPhone,
  email: optionalEmail,
  headshot: optionalHeadshot,
});
export type StaffUpdate = z.infer<typeof staffUpdate>;

/** PATCH /staff/password/{id}: an administrator sets a new password; the account is signed out. */
export const staffPasswordReset = z
  .strictObject({
    password: newPasswordField,
    confirm_password: z.string({ error: ValidationMessage.required }),
  })
  .refine((v) => v.password === v.confirm_password, {
    path: ['confirm_password'],
    message: ValidationMessage.passwordMismatch,
  });
export type StaffPasswordReset = z.infer<typeof staffPasswordReset>;

/** Filters: name, keyword (account, name, phone, email), org_id, area_id, role_id, enable. */
export const staffListQuery = listQuery(['id', 'account', 'name', 'role', 'created_at', 'updated_at']).extend({
  enable: enableFilter,
});
export type StaffListQuery = z.infer<typeof staffListQuery>;

export const staffResource = resourceContract({
  path: Resource.staff,
  row: staffRow,
  create: staffCreate,
  update: staffUpdate,
  listQuery: staffListQuery,
});
