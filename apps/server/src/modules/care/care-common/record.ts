import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { ValidationMessage } from '@vigil/contracts';
import type { Tx } from '../../../db/client.ts';
import { abnormalEvents, staff } from '../../../db/schema/index.ts';
import type { Principal } from '../../../auth/principal.ts';
import type { ScopeColumns } from '../../../auth/scope.ts';
import { invalid } from '../../../http/errors.ts';
import { findOwnMember } from '../../members/member/rows.ts';
import { areaName, memberName } from '../../../resources/names.ts';
import type { WireField } from '../../../resources/wire.ts';

/**
 * What every member-bound care record (docs/care.md) shares: it is scoped like its member (its own
 * organisation and area, plus organisations a relation shares members with, such as the doctors'
 * hospital), and it is placed where its member is.
 */
export function careScope(t: { orgId: AnyPgColumn; areaId: AnyPgColumn }): ScopeColumns {
  return { org: t.orgId, area: t.areaId, grant: 'members' };
}

/**
 * The names every care record's row carries besides its columns: its area's and its member's. A
 * care kind's wire map spreads it and adds what else is no column of its own.
 */
export function memberRecordWire(t: { areaId: AnyPgColumn; memberId: AnyPgColumn }): { area_name: WireField; member_name: WireField } {
  return { area_name: areaName(t.areaId), member_name: memberName(t.memberId) };
}

/**
 * The organisation and area of a new record: its member's. A member outside the caller's scope is
 * -7; a member a relation only shares is -3 (only the member's own organisation writes its care).
 */
export async function placeOnMember(tx: Tx, p: Principal, memberId: number): Promise<{ orgId: number; areaId: number | null }> {
  const member = await findOwnMember(tx, p, memberId);
  return { orgId: member.org_id, areaId: member.area_id };
}

/** A staff member a record names (educator, assignee) must be an enabled member of its organisation. */
export async function assertOrgStaff(tx: Tx, orgId: number, staffId: number, field: string): Promise<void> {
  const [row] = await tx
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.id, staffId), eq(staff.orgId, orgId), eq(staff.enabled, true)));
  if (!row) throw invalid([{ field, message: ValidationMessage.invalidOption }]);
}

/** An alert a record links to must be about the same member. */
export async function assertMemberAlert(tx: Tx, memberId: number, abnormalId: number): Promise<void> {
  const [row] = await tx
    .select({ id: abnormalEvents.id })
    .from(abnormalEvents)
    .where(and(eq(abnormalEvents.id, abnormalId), eq(abnormalEvents.memberId, memberId)));
  if (!row) throw invalid([{ field: 'abnormal_id', message: ValidationMessage.invalidOption }]);
}

/**
 * Runs a contracts cross-field check (written for zod's superRefine) on a record merged from the
 * stored row and a partial update, and throws its issues as -5 with their fields.
 */
export function assertCheck<T>(check: (body: T, ctx: z.RefinementCtx) => void, body: T): void {
  const result = z.custom<T>(() => true).superRefine(check).safeParse(body);
  if (!result.success) {
    throw invalid(result.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message })));
  }
}
