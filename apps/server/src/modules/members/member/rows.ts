import { and, eq, isNull } from 'drizzle-orm';
import type { MemberRow } from '@vigil/contracts';
import type { Db, Tx } from '../../../db/client.ts';
import { members, orgs } from '../../../db/schema/index.ts';
import type { Principal } from '../../../auth/principal.ts';
import { isOperator, scopeCondition, type ScopeColumns } from '../../../auth/scope.ts';
import { forbidden, notFound } from '../../../http/errors.ts';
import { areaName } from '../../../resources/names.ts';
import { compileWire, time, timeOrNull, type WireMap } from '../../../resources/wire.ts';

/** Members are read by their organisation and by organisations a relation grants `members`. */
export const memberScope: ScopeColumns = { org: members.orgId, area: members.areaId, grant: 'members' };

export const memberWire: WireMap<MemberRow> = {
  id: members.id,
  org_id: members.orgId,
  org_name: orgs.name,
  area_id: members.areaId,
  area_name: areaName(members.areaId),
  name: members.name,
  gender: members.gender,
  birthday: members.birthday,
  id_number: members.idNumber,
  phone: members.phone,
  room: members.room,
  bed: members.bed,
  medical_state: members.medicalState,
  emergency_contact: members.emergencyContact,
  emergency_phone: members.emergencyPhone,
  enable: members.enabled,
  is_follow: members.isFollow,
  removed_at: timeOrNull(members.removedAt),
  remark: members.remark,
  created_at: time(members.createdAt),
  updated_at: time(members.updatedAt),
};

/**
 * The join every member query makes. Its condition also hides removed members (removed_at set):
 * they have left the organisation and live on only in logs and readings.
 */
export const memberJoins = [{ table: orgs, on: and(eq(orgs.id, members.orgId), isNull(members.removedAt))! }];

const memberSelection = compileWire(memberWire);

/** A member in the caller's scope, or -7. */
export async function findMember(db: Db | Tx, p: Principal, id: number): Promise<MemberRow> {
  const [row] = await db
    .select(memberSelection.fields)
    .from(members)
    .innerJoin(memberJoins[0].table, memberJoins[0].on)
    .where(and(eq(members.id, id), scopeCondition(p, memberScope)));
  if (!row) throw notFound();
  return memberSelection.toRow(row);
}

/** Related organisations read members a relation shares; only the member's own organisation changes them. */
export function assertOwnMember(p: Principal, member: Pick<MemberRow, 'org_id'>): void {
  if (!isOperator(p) && member.org_id !== p.orgId) throw forbidden();
}

/** A member the caller may change, read inside the write's transaction. */
export async function findOwnMember(tx: Tx, p: Principal, id: number): Promise<MemberRow> {
  const member = await findMember(tx, p, id);
  assertOwnMember(p, member);
  return member;
}
