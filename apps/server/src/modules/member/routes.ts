import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, isNull, not, sql } from 'drizzle-orm';
import {
  MemberChangeStatus,
  dataEnvelope,
  idParam,
  memberCreate,
  memberFollow,
  memberListQuery,
  memberRow,
  memberStateChange,
  memberUpdate,
  type MemberRow,
  type MedicalState,
} from '@vigil/contracts';
import { deviceBindings, medicalStateLogs, members } from '../../db/schema/index.ts';
import { resolvePlacement } from '../../auth/scope.ts';
import { emptyData, errorResponses } from '../../http/schemas.ts';
import { defineResource, type WriteContext } from '../../resources/define.ts';
import { ingestServiceOf } from '../../ingest/index.ts';
import { invalidateStandards } from '../standards/resolver.ts';
import { logMemberChange } from '../change-log/write.ts';
import { assertOwnMember, findOwnMember, memberJoins, memberScope, memberWire } from './rows.ts';

const placeOf = (m: Pick<MemberRow, 'org_id' | 'org_name' | 'area_id' | 'area_name'>) => ({
  org_id: m.org_id,
  org_name: m.org_name,
  area_id: m.area_id,
  area_name: m.area_name,
});

/** Member change log (organisation changed 3, area changed 1, status changed 2), in the write's transaction. */
async function logChanges({ tx, principal, before, after }: WriteContext<MemberRow> & { after: MemberRow | null }): Promise<void> {
  if (!before || !after) return;
  const entry = { orgId: after.org_id, memberId: after.id, operatorId: principal.staffId };
  if (before.org_id !== after.org_id) {
    // Logged under the organisation the member left: its log must show where they went.
    await logMemberChange(tx, { ...entry, orgId: before.org_id, status: MemberChangeStatus.orgChanged, before: placeOf(before), after: placeOf(after) });
  } else if (before.area_id !== after.area_id) {
    await logMemberChange(tx, { ...entry, status: MemberChangeStatus.areaChanged, before: placeOf(before), after: placeOf(after) });
  }
  if (before.enable !== after.enable) {
    await logMemberChange(tx, { ...entry, status: MemberChangeStatus.statusChanged, before: { enable: before.enable }, after: { enable: after.enable } });
  }
}

/** Written to the binding history of each device a member leaves behind on an organisation move. */
export const ORG_MOVE_UNBIND_REMARK = 'Unbound: the member moved to another organisation';

/**
 * A member moving to another organisation leaves their wearables behind: the devices are the old
 * organisation's (registered, keyed and billed there; the new one can neither see nor manage them),
 * and a binding across organisations would file the new organisation's readings under a device it
 * does not own. So every open binding of the member ends with the move, in the same transaction,
 * stamped with who moved them and why; the device stays with its organisation, free to bind again.
 * Readings taken before the move stay with the member (bindings are kept as history).
 */
async function unbindOnOrgMove(
  app: FastifyInstance,
  tx: WriteContext<MemberRow>['tx'],
  staffId: number,
  memberId: number,
): Promise<void> {
  const ended = await tx
    .update(deviceBindings)
    .set({
      unboundAt: new Date(),
      unboundBy: staffId,
      remark: sql`concat_ws('; ', ${deviceBindings.remark}, ${ORG_MOVE_UNBIND_REMARK}::text)`,
    })
    .where(and(eq(deviceBindings.memberId, memberId), isNull(deviceBindings.unboundAt)))
    .returning({ id: deviceBindings.id });
  // Ingestion files readings by the cached binding history. Cleared inside the transaction (the
  // resource hooks end there); a lookup racing the commit is re-read within the directory's
  // one-minute expiry, the same bound as an edit made on another instance.
  if (ended.length) ingestServiceOf(app).directory.invalidate();
}

/**
 * The member resource at `path` (/user, and /user-system/user for the member-care routes). Related
 * organisations read shared members; writes stay with the member's own organisation. Moves between
 * areas or (operators) organisations go through the same placement rules as creation.
 */
function memberResource(app: FastifyInstance, path: string) {
  return defineResource({
    path,
    tag: 'user',
    table: members,
    rowSchema: memberRow,
    wire: memberWire,
    joins: memberJoins,
    createSchema: memberCreate,
    updateSchema: memberUpdate,
    listQuery: memberListQuery,
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

/**
 * DELETE {path}/{id}: removes the member from the organisation (removed_at), ends their device
 * bindings and writes "removed" to the member change log, all in one transaction.
 */
function removeRoute(app: FastifyInstance, path: string): void {
  app.withTypeProvider<ZodTypeProvider>().delete(
    `${path}/:id`,
    {
      config: { permission: `DELETE ${path}/{id}` as `DELETE /${string}` },
      schema: { tags: ['user'], summary: 'Remove from the organisation', params: idParam, response: { 200: emptyData, ...errorResponses } },
    },
    async (request) => {
      const p = request.principal;
      await app.database.db.transaction(async (tx) => {
        const member = await findOwnMember(tx, p, request.params.id);
        const now = new Date();
        await tx.update(members).set({ removedAt: now, updatedAt: now }).where(eq(members.id, member.id));
        await tx
          .update(deviceBindings)
          .set({ unboundAt: now, unboundBy: p.staffId })
          .where(and(eq(deviceBindings.memberId, member.id), isNull(deviceBindings.unboundAt)));
        await logMemberChange(tx, {
          orgId: member.org_id,
          memberId: member.id,
          status: MemberChangeStatus.removed,
          before: { ...placeOf(member), removed: false },
          after: { removed: true },
          operatorId: p.staffId,
        });
      });
      ingestServiceOf(app).directory.invalidate();
      return { data: null };
    },
  );
}

/** /user and /user-system/user, with the follow toggle and medical-state change of the member pages. */
export async function memberRoutes(app: FastifyInstance): Promise<void> {
  for (const path of ['/user', '/user-system/user']) {
    await app.register(memberResource(app, path));
    removeRoute(app, path);
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
    async (request) => {
      const wanted = request.body?.is_follow;
      const data = await db.transaction(async (tx) => {
        const member = await findOwnMember(tx, request.principal, request.params.id);
        await tx
          .update(members)
          .set({ isFollow: wanted ?? not(members.isFollow), updatedAt: new Date() })
          .where(eq(members.id, member.id));
        return findOwnMember(tx, request.principal, member.id);
      });
      return { data };
    },
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
    async (request) => {
      const p = request.principal;
      const { medical_state, remark } = request.body;
      const data = await db.transaction(async (tx) => {
        const member = await findOwnMember(tx, p, request.params.id);
        if (member.medical_state === medical_state) return member;
        await tx.update(members).set({ medicalState: medical_state, updatedAt: new Date() }).where(eq(members.id, member.id));
        await tx.insert(medicalStateLogs).values({
          orgId: member.org_id,
          memberId: member.id,
          previousState: member.medical_state as MedicalState,
          state: medical_state,
          remark: remark || null,
          operatorId: p.staffId,
        });
        return findOwnMember(tx, p, member.id);
      });
      return { data };
    },
  );
}
