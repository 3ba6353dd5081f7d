import { z } from 'zod';
import { Gender, MedicalState, MemberChangeStatus } from '../../enums/member.ts';
import { StandardKind } from '../../enums/physiological.ts';
import { ValidationMessage } from '../../rules/messages.ts';
import { optionalText, textField } from '../../rules/text.ts';
import { auditFields, listQuery, unixSeconds } from '../envelope.ts';
import { codeOf, enableFilter, id, logAuditFields, optionalPhone } from './common.ts';
import { Resource } from '../../permissions/resources.ts';
import { resourceContract } from '../resource.ts';

export const medicalStateSchema = codeOf(MedicalState);
export const genderSchema = codeOf(Gender);
export const standardKindSchema = codeOf(StandardKind);
export const memberChangeStatusSchema = codeOf(MemberChangeStatus);

/** GET /user (and /user-system/user) row; the detail's basic-data and personal-info tabs read it too. */
export const memberRow = z.object({
  id: z.number().int(),
  org_id: z.number().int(),
  org_name: z.string(),
  area_id: z.number().int().nullable(),
  area_name: z.string().nullable(),
  name: z.string(),
  gender: z.number().int().nullable(),
  /** YYYY-MM-DD. */
  birthday: z.string().nullable(),
  id_number: z.string().nullable(),
  phone: z.string().nullable(),
  room: z.string().nullable(),
  bed: z.string().nullable(),
  medical_state: z.number().int(),
  emergency_contact: z.string().nullable(),
  emergency_phone: z.string().nullable(),
  enable: z.boolean(),
  is_follow: z.boolean(),
  /** Set when the member was removed from the organisation (DELETE); removed members are not listed. */
  removed_at: unixSeconds.nullable(),
  remark: z.string().nullable(),
  ...auditFields,
});
export type MemberRow = z.infer<typeof memberRow>;
export const memberDetail = memberRow;

const birthday = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: ValidationMessage.invalidInput })
  .refine((v) => !Number.isNaN(Date.parse(v)) && Date.parse(v) <= Date.now(), { message: ValidationMessage.invalidInput })
  .nullable()
  .optional();
/** National id / passport number: letters and digits. */
const idNumber = z
  .string()
  .max(20, { message: ValidationMessage.tooLong })
  .regex(/^[A-Za-z0-9]*$/, { message: ValidationMessage.specialChars })
  .nullable()
  .optional();

const memberFields = {
  name: textField({ max: 100 }),
  gender: genderSchema.nullable().optional(),
  birthday,
  id_number: idNumber,
  phone: optionalPhone,
  room: optionalText(30),
  bed: optionalText(30),
  emergency_contact: optionalText(100),
  emergency_phone: optionalPhone,
  area_id: id.nullable().optional(),
  remark: optionalText(1000),
};

/** POST /user. org_id is for operators; area-scoped roles create in their own area. */
export const memberCreate = z.strictObject({
  ...memberFields,
  org_id: id.optional(),
  medical_state: medicalStateSchema.optional(),
  enable: z.boolean().optional(),
});
export type MemberCreate = z.infer<typeof memberCreate>;

/**
 * PUT/PATCH /user/{id}. A new area_id or (operators) org_id moves the member and is written to the
 * member change log; the medical state changes through PATCH /user/state/{id}.
 */
export const memberUpdate = z.strictObject({ ...memberFields, org_id: id.optional() });
export type MemberUpdate = z.infer<typeof memberUpdate>;

/**
 * Filters: name, keyword (name, room, id number), org_id, area_id, state (medical state), enable,
 * and writable=1: only the members the caller may write records for (its own organisation's, not
 * those a relation only shares), so that a form's member picker offers only what can be saved.
 */
export const memberListQuery = listQuery(['id', 'name', 'room', 'medical_state', 'created_at', 'updated_at']).extend({
  enable: enableFilter,
  writable: z.coerce
    .number({ error: ValidationMessage.invalidNumber })
    .int()
    .refine((v) => v === 0 || v === 1, { message: ValidationMessage.invalidOption })
    .optional(),
});
export type MemberListQuery = z.infer<typeof memberListQuery>;

export const memberResource = resourceContract({
  path: Resource.user,
  row: memberRow,
  create: memberCreate,
  update: memberUpdate,
  listQuery: memberListQuery,
});
/** The same member resource at the member-care path (docs/admin-api.md). */
export const memberCareResource = resourceContract({
  path: Resource.userSystemUser,
  row: memberRow,
  create: memberCreate,
  update: memberUpdate,
  listQuery: memberListQuery,
});

/** PATCH /user/follow/{id}: the row (as the list sends it) or { is_follow }; without it the flag flips. */
export const memberFollow = z.looseObject({ is_follow: z.boolean().optional() }).optional();

/** PATCH /user/state/{id}: change the medical state; written to the medical-state log. */
export const memberStateChange = z.strictObject({
  medical_state: medicalStateSchema,
  remark: optionalText(500),
});
export type MemberStateChange = z.infer<typeof memberStateChange>;

/** One physiological standard as it applies: the member's override, else the org's, else SPEC §9's. */
export const standardRow = z.object({
  kind: standardKindSchema,
  min: z.number(),
  max: z.number(),
  over_max: z.number().nullable(),
  /** Where the values come from. */
  source: z.enum(['member', 'org', 'default']),
  /** Whether this level (member on /user/standard, org on /user/standard/org) overrides it. */
  overridden: z.boolean(),
});
export type StandardRow = z.infer<typeof standardRow>;

/** GET /user/standard/{id} and GET /user/standard/org: the 13 kinds in order. */
export const standardList = z.object({
  member_id: z.number().int().nullable(),
  org_id: z.number().int(),
  list: z.array(standardRow),
});
export type StandardList = z.infer<typeof standardList>;

const standardValue = z
  .strictObject({
    kind: standardKindSchema,
    min: z.number({ error: ValidationMessage.invalidNumber }).min(0).max(1000),
    max: z.number({ error: ValidationMessage.invalidNumber }).min(0).max(1000),
    over_max: z.number({ error: ValidationMessage.invalidNumber }).min(0).max(1000).nullable().optional(),
  })
  .refine((v) => v.min < v.max, { path: ['max'], message: ValidationMessage.invalidNumber })
  .refine((v) => v.over_max == null || v.over_max > v.max, { path: ['over_max'], message: ValidationMessage.invalidNumber });

/**
 * PUT /user/standard/{id} and PUT /user/standard/org: set overrides for some kinds and drop the
 * overrides of `reset` (back to the level below). A kind may appear once.
 */
export const standardUpdate = z
  .strictObject({
    standards: z.array(standardValue).max(13).default([]),
    reset: z.array(standardKindSchema).max(13).default([]),
  })
  .refine(
    (v) => {
      const kinds = [...v.standards.map((s) => s.kind), ...v.reset];
      return new Set(kinds).size === kinds.length;
    },
    { path: ['standards'], message: ValidationMessage.invalidOption },
  );
export type StandardUpdate = z.infer<typeof standardUpdate>;

/** GET /user/standard/org?org_id (operators pick the organisation). */
export const orgStandardQuery = z.object({ org_id: z.coerce.number().int().min(1).optional() });

/** GET /user/device/{id} row: a device bound to the member, now or before. */
export const memberDeviceRecord = z.object({
  /** The binding id (SPEC's bind id). */
  id: z.number().int(),
  device_id: z.number().int(),
  device_type: z.number().int(),
  serial: z.string(),
  device_name: z.string().nullable(),
  model: z.string().nullable(),
  bound_at: unixSeconds,
  unbound_at: unixSeconds.nullable(),
  bound_by_name: z.string().nullable(),
  unbound_by_name: z.string().nullable(),
});
export type MemberDeviceRecord = z.infer<typeof memberDeviceRecord>;

/** GET /medical/user row: one change of a member's medical state. */
export const medicalStateLogRow = z.object({
  id: z.number().int(),
  org_id: z.number().int(),
  member_id: z.number().int(),
  member_name: z.string(),
  area_id: z.number().int().nullable(),
  area_name: z.string().nullable(),
  previous_state: z.number().int().nullable(),
  state: z.number().int(),
  remark: z.string().nullable(),
  operator_id: z.number().int().nullable(),
  operator_name: z.string().nullable(),
  ...logAuditFields,
});
export type MedicalStateLogRow = z.infer<typeof medicalStateLogRow>;

/** Filters: user_id (member), area_id, org_id, state (new state), keyword (member name), start_date/end_date. */
export const medicalStateLogListQuery = listQuery(['id', 'created_at']);
export type MedicalStateLogListQuery = z.infer<typeof medicalStateLogListQuery>;

export const medicalStateLogResource = resourceContract({
  path: Resource.medicalUser,
  row: medicalStateLogRow,
  listQuery: medicalStateLogListQuery,
});
