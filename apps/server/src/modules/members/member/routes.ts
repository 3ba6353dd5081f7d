import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { dataEnvelope, idParam, memberCareResource, memberFollow, memberResource, memberRow, memberStateChange } from '@vigil/contracts';
import { members } from '../../../db/schema/index.ts';
import { isOperator, resolvePlacement } from '../../../auth/scope.ts';
import { emptyData, errorResponses } from '../../../http/schemas.ts';
import { defineResource } from '../../../resources/define.ts';
import { invalidateStandards } from '../../../alerts/standards.ts';
import { assertOwnMember, memberJoins, memberScope, memberWire } from './rows.ts';
import { changeMedicalState, logChanges, removeMember, setFollow, unbindOnOrgMove } from './service.ts';

/**
 * The member resource at its contract's path (/user, and /user-system/user for the member-care
 * routes). Related organisations read shared members; writes stay with the member's own
 * organisation. Moves between areas or (operators) organisations go through the same placement
 * rules as creation.
 */
function memberCrudRoutes(app: FastifyInstance, resource: typeof memberResource | typeof memberCareResource) {
  return defineResource({
    resource,
    tag: 'user',
    table: members,
    wire: memberWire,
    joins: memberJoins,
    scope: memberScope,
    toInsert: (body, placement) => ({
      orgId: body.org_id ?? placement.orgId,
      areaId: body.area_id ?? placement.areaId,
      name: body.name,
      gender: body.gender ?? null,
      birthday: body.birthday ?? null,
      idNumber: body.id_number || null,
      phone: body.phone || null,
      room: body.room || null,
      bed: body.bed || null,
      medicalState: body.medical_state,
      emergencyContact: body.emergency_contact || null,
      emergencyPhone: body.emergency_phone || null,
      remark: body.remark || null,
      enabled: body.enable ?? true,
    }),
    toUpdate: (body) => ({
      ...(body.org_id !== undefined && { orgId: body.org_id }),
      ...(body.area_id !== undefined && { areaId: body.area_id }),
      ...(body.name !== undefined && { name: body.name }),
      ...(body.gender !== undefined && { gender: body.gender }),
      ...(body.birthday !== undefined && { birthday: body.birthday }),
      ...(body.id_number !== undefined && { idNumber: body.id_number || null }),
      ...(body.phone !== undefined && { phone: body.phone || null }),
      ...(body.room !== undefined && { room: body.room || null }),
      ...(body.bed !== undefined && { bed: body.bed || null }),
      ...(body.emergency_contact !== undefined && { emergencyContact: body.emergency_contact || null }),
      ...(body.emergency_phone !== undefined && { emergencyPhone: body.emergency_phone || null }),
      ...(body.remark !== undefined && { remark: body.remark || null }),
    }),
    // writable=1 leaves out the members a relation only shares: their records are written by their own organisation.
    restrict: (principal, query) => (query.writable === 1 && !isOperator(principal) ? eq(members.orgId, principal.orgId) : undefined),
    filters: {
      state: (v) => eq(members.medicalState, v),
      enable: (v) => eq(members.enabled, v === 1),
    },
    search: { name: members.name, keyword: [members.name, members.room, members.idNumber] },
    enable: 'enabled',
    operations: ['list', 'detail', 'create', 'put', 'patch', 'enable'],
    beforeWrite: async ({ tx, principal, action, before, values }) => {
      if (action === 'create') {
        const placed = await resolvePlacement(tx, principal, { orgId: values.orgId, areaId: values.areaId ?? null }, true);
        return { ...values, ...placed };
      }
      if (!before) return;
      assertOwnMember(principal, before);
      if (values.orgId === undefined && values.areaId === undefined) return;
      const orgId = values.orgId ?? before.org_id;
      // A member moving to another organisation leaves its areas behind unless a new one is named.
      const areaId = values.areaId !== undefined ? values.areaId : orgId === before.org_id ? before.area_id : null;
      const placed = await resolvePlacement(tx, principal, { orgId, areaId }, true);
      return { ...values, ...placed };
    },
    afterWrite: async (ctx) => {
      await logChanges(ctx);
      if (ctx.before && ctx.after && ctx.before.org_id !== ctx.after.org_id) {
        await unbindOnOrgMove(app, ctx.tx, ctx.principal.staffId, ctx.after.id);
        // The organisation's defaults now apply to the member; the rules' cache must not keep the old ones.
        invalidateStandards(app.database.db, { memberId: ctx.after.id });
      }
    },
  });
}

/** DELETE {path}/{id}: removes the member from the organisation (service.ts removeMember). */
function removeRoute(app: FastifyInstance, path: string): void {
  app.withTypeProvider<ZodTypeProvider>().delete(
    `${path}/:id`,
    {
      config: { permission: `DELETE ${path}/{id}` as `DELETE /${string}` },
      schema: { tags: ['user'], summary: 'Remove from the organisation', params: idParam, response: { 200: emptyData, ...errorResponses } },
    },
    async (request) => {
      await removeMember(app, request.principal, request.params.id);
      return { data: null };
    },
  );
}

/** /user and /user-system/user, with the follow toggle and medical-state change of the member pages. */
export async function memberRoutes(app: FastifyInstance): Promise<void> {
  for (const resource of [memberResource, memberCareResource]) {
    await app.register(memberCrudRoutes(app, resource));
    removeRoute(app, resource.path);
  }
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  r.patch(
    '/user/follow/:id',
    {
      // A list-row toggle of the member: the member's own update pair.
      config: { permission: 'PATCH /user/{id}' },
      schema: { tags: ['user'], summary: 'Follow or unfollow', params: idParam, body: memberFollow, response: { 200: dataEnvelope(memberRow), ...errorResponses } },
    },
    async (request) => ({ data: await setFollow(db, request.principal, request.params.id, request.body?.is_follow) }),
  );

  r.patch(
    '/user/state/:id',
    {
      config: { permission: 'PATCH /user/{id}' },
      schema: {
        tags: ['user'],
        summary: 'Change the medical state (written to the medical-state log)',
        params: idParam,
        body: memberStateChange,
        response: { 200: dataEnvelope(memberRow), ...errorResponses },
      },
    },
    async (request) => ({ data: await changeMedicalState(db, request.principal, request.params.id, request.body) }),
  );
}
