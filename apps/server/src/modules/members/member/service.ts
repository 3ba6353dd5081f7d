import type { FastifyInstance } from 'fastify';
import { and, eq, isNull, not, sql } from 'drizzle-orm';
import { MemberChangeStatus, type MedicalState, type MemberRow, type MemberStateChange } from '@vigil/contracts';
import type { Db } from '../../../db/client.ts';
import { deviceBindings, medicalStateLogs, members } from '../../../db/schema/index.ts';
import type { Principal } from '../../../auth/principal.ts';
import type { WriteContext } from '../../../resources/define.ts';
import { logMemberChange } from '../../administration/change-log/write.ts';
import { findOwnMember } from './rows.ts';

const placeOf = (m: Pick<MemberRow, 'org_id' | 'org_name' | 'area_id' | 'area_name'>) => ({
  org_id: m.org_id,
  org_name: m.org_name,
  area_id: m.area_id,
  area_name: m.area_name,
});

/** Member change log (organisation changed 3, area changed 1, status changed 2), in the write's transaction. */
export async function logChanges({ tx, principal, before, after }: WriteContext<MemberRow> & { after: MemberRow | null }): Promise<void> {
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
export async function unbindOnOrgMove(
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
  // Announced inside the transaction (the resource hooks end there): a directory lookup racing the
  // commit is re-read within the directory's one-minute expiry, the same bound as an edit made on
  // another instance.
  if (ended.length) app.events.emit('bindingChanged', { deviceId: null, memberId });
}

/**
 * Removes a member from the organisation (removed_at), ends their device bindings and writes
 * "removed" to the member change log, all in one transaction.
 */
export async function removeMember(app: FastifyInstance, p: Principal, id: number): Promise<void> {
  await app.database.db.transaction(async (tx) => {
    const member = await findOwnMember(tx, p, id);
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
  app.events.emit('bindingChanged', { deviceId: null, memberId: id });
}

/** Sets (or, without `wanted`, flips) the follow star of a member. */
export async function setFollow(db: Db, p: Principal, id: number, wanted: boolean | undefined): Promise<MemberRow> {
  return db.transaction(async (tx) => {
    const member = await findOwnMember(tx, p, id);
    await tx
      .update(members)
      .set({ isFollow: wanted ?? not(members.isFollow), updatedAt: new Date() })
      .where(eq(members.id, member.id));
    return findOwnMember(tx, p, member.id);
  });
}

/** Changes the medical state and writes the medical-state log in the same transaction; no change, no entry. */
export async function changeMedicalState(db: Db, p: Principal, id: number, change: MemberStateChange): Promise<MemberRow> {
  return db.transaction(async (tx) => {
    const member = await findOwnMember(tx, p, id);
    if (member.medical_state === change.medical_state) return member;
    await tx.update(members).set({ medicalState: change.medical_state, updatedAt: new Date() }).where(eq(members.id, member.id));
    await tx.insert(medicalStateLogs).values({
      orgId: member.org_id,
      memberId: member.id,
      previousState: member.medical_state as MedicalState,
      state: change.medical_state,
      remark: change.remark || null,
      operatorId: p.staffId,
    });
    return findOwnMember(tx, p, member.id);
  });
}
