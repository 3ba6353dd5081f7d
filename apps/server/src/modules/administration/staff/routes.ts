import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { idParam, staffResource, staffPasswordReset, type StaffRole } from '@vigil/contracts';
import { orgs, staff } from '../../../db/schema/index.ts';
import { hashPassword } from '../../../auth/password.ts';
import { resolvePlacement } from '../../../auth/scope.ts';
import { revokeStaffSessions } from '../../../auth/sessions.ts';
import { requireRecentAuthentication } from '../../../auth/second-factor/step-up.ts';
import { forbidden, processError } from '../../../http/errors.ts';
import { emptyData, errorResponses } from '../../../http/schemas.ts';
import { defineResource } from '../../../resources/define.ts';
import { areaName } from '../../../resources/names.ts';
import { checkRole, mayHandleRole } from './roles.ts';
import { logChanges, resetPassword, staffScope } from './service.ts';

/**
 * /staff: console accounts. Roles must fit the organisation (roles.ts); an administrator manages
 * staff at or below their own rank, an area admin only their area's (the tenant guard). Disabling
 * an account signs it out everywhere in the same transaction.
 */
const staffCrudRoutes = defineResource({
  resource: staffResource,
  table: staff,
  wire: {
    org_name: orgs.name,
    area_name: areaName(staff.areaId),
    enable: staff.enabled,
  },
  joins: [{ table: orgs, on: eq(orgs.id, staff.orgId) }],
  scope: staffScope,
  toInsert: (body, placement) => ({
    orgId: body.org_id ?? placement.orgId,
    areaId: body.area_id ?? placement.areaId,
    role: body.role,
    account: body.account,
    // Replaced by its hash in beforeWrite (hashing is asynchronous; toInsert is not).
    passwordHash: body.password,
    passwordChangedAt: new Date(),
    name: body.name,
    phone: body.phone || null,
    email: body.email || null,
    headshot: body.headshot || null,
    enabled: body.enable ?? true,
  }),
  toUpdate: (body) => ({
    ...(body.name !== undefined && { name: body.name }),
    ...(body.role !== undefined && { role: body.role }),
    ...(body.area_id !== undefined && { areaId: body.area_id }),
    ...(body.phone !== undefined && { phone: body.phone || null }),
    ...(body.email !== undefined && { email: body.email || null }),
    ...(body.headshot !== undefined && { headshot: body.headshot || null }),
  }),
  filters: {
    role_id: (v) => eq(staff.role, v),
    // SPEC §3 router: the role number, as sign-in answers it.
    router: (v) => eq(staff.role, v),
    enable: (v) => eq(staff.enabled, v === 1),
  },
  search: { name: staff.name, keyword: [staff.account, staff.name, staff.phone, staff.email] },
  enable: 'enabled',
  operations: ['list', 'detail', 'create', 'put', 'patch', 'enable'],
  beforeWrite: async ({ tx, principal, action, before, values }) => {
    if (action === 'create') {
      const placed = await resolvePlacement(tx, principal, { orgId: values.orgId, areaId: values.areaId ?? null }, true);
      await checkRole(tx, principal, values.role as StaffRole, placed.orgId, placed.areaId);
      return { ...values, ...placed, passwordHash: await hashPassword(values.passwordHash!) };
    }
    if (!before) return;
    if (!mayHandleRole(principal, before.role as StaffRole)) throw forbidden();
    if (action === 'enable' && before.id === principal.staffId) throw processError('You cannot disable your own account');
    if (action !== 'update') return;
    const role = (values.role ?? before.role) as StaffRole;
    const areaId = values.areaId === undefined ? before.area_id : values.areaId;
    if (areaId !== before.area_id) await resolvePlacement(tx, principal, { orgId: before.org_id, areaId }, true);
    if (role !== before.role || areaId !== before.area_id) await checkRole(tx, principal, role, before.org_id, areaId);
    // Giving someone another role changes what they may do, like editing a role's group: step-up first.
    if (role !== before.role) await requireRecentAuthentication(tx, principal.sessionId);
  },
  afterWrite: async (ctx) => {
    await logChanges(ctx);
    if (ctx.before?.enable && ctx.after && !ctx.after.enable) await revokeStaffSessions(ctx.tx, ctx.after.id);
  },
});

/** /staff plus PATCH /staff/password/{id}: an administrator sets a new password, which signs the account out. */
export async function staffRoutes(app: FastifyInstance): Promise<void> {
  await app.register(staffCrudRoutes);
  app.withTypeProvider<ZodTypeProvider>().patch(
    '/staff/password/:id',
    {
      // Part of editing the account: the same pair as PATCH /staff/{id}.
      config: { permission: 'PATCH /staff/{id}' },
      schema: { tags: ['staff'], summary: 'Reset the password', params: idParam, body: staffPasswordReset, response: { 200: emptyData, ...errorResponses } },
    },
    async (request) => {
      await resetPassword(app.database.db, request.principal, request.params.id, request.body.password);
      return { data: null };
    },
  );
}
