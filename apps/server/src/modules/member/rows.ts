import { and, eq, isNull, sql } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { MemberRow } from '@vigil/contracts';
import type { Db, Tx } from '../../db/client.ts';
import { areas, members, orgs } from '../../db/schema/index.ts';
import type { Principal } from '../../auth/principal.ts';
import { isOperator, scopeCondition, type ScopeColumns } from '../../auth/scope.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { unix, unixOrNull } from '../../resources/rows.ts';

/** Members are read by their organisation and by organisations a relation grants `members`. */
export const memberScope: ScopeColumns = { org: members.orgId, area: members.areaId, grant: 'members' };

export const memberFields = {
  id: members.id,
  orgId: members.orgId,
  orgName: orgs.name,
  areaId: members.areaId,
  areaName: sql<string | null>`(select ${areas.name} from ${areas} where ${areas.id} = ${members.areaId})`,
  name: members.name,
  gender: members.gender,
  birthday: members.birthday,
  idNumber: members.idNumber,
  phone: members.phone,
  room: members.room,
  bed: members.bed,
  medicalState: members.medicalState,
  emergencyContact: members.emergencyContact,
  emergencyPhone: members.emergencyPhone,
  enabled: members.enabled,
  isFollow: members.isFollow,
  removedAt: members.removedAt,
  remark: members.remark,
  createdAt: members.createdAt,
  updatedAt: members.updatedAt,
};

/**
 * The join every member query makes. Its condition also hides removed members (removed_at set):
 * they have left the organisation and live on only in logs and readings.
 */
export const memberJoins = [{ table: orgs, on: and(eq(orgs.id, members.orgId), isNull(members.removedAt))! }];

type Fields = SelectResultFields<typeof memberFields>;

export function toMemberRow(r: Fields): MemberRow {
  return {
    id: r.id,
    org_id: r.orgId,
    org_name: r.orgName,
    area_id: r.areaId,
    area_name: r.areaName,
    name: r.name,
    gender: r.gender,
    birthday: r.birthday,
    id_number: r.idNumber,
    phone: r.phone,
    room: r.room,
    bed: r.bed,
    medical_state: r.medicalState,
    emergency_contact: r.emergencyContact,
    emergency_phone: r.emergencyPhone,
    enable: r.enabled,
    is_follow: r.isFollow,
    removed_at: unixOrNull(r.removedAt),
    remark: r.remark,
    created_at: unix(r.createdAt),
    updated_at: unix(r.updatedAt),
  };
}

/** A member in the caller's scope, or -7. */
export async function findMember(db: Db | Tx, p: Principal, id: number): Promise<MemberRow> {
  const [row] = await db
    .select(memberFields)
    .from(members)
    .innerJoin(memberJoins[0].table, memberJoins[0].on)
    .where(and(eq(members.id, id), scopeCondition(p, memberScope)));
  if (!row) throw notFound();
  return toMemberRow(row);
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
