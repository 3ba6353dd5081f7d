import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { Role, SECONDS_PER_DAY, ValidationMessage, toUnix, type StaffRole } from '@vigil/contracts';
import type { Tx } from '../../../db/client.ts';
import { members, workLogs, type WorkLogEntryValue } from '../../../db/schema/index.ts';
import type { Principal } from '../../../auth/principal.ts';
import { isOperator, scopeCondition } from '../../../auth/scope.ts';
import { forbidden, invalid, notFound } from '../../../http/errors.ts';
import { assertOrgStaff } from '../../care/care-common/record.ts';

/** No staff id is 0 (ids start at 1): the kit's toInsert cannot see the caller, so the author is set before the write. */
export const AUTHOR_FROM_CALLER = 0;

/** Roles that may write or correct another staff member's log: the organisation's and area's admins. */
const logAdmins: ReadonlySet<StaffRole> = new Set<StaffRole>([Role.orgAdmin, Role.orgAreaAdmin, Role.hospitalAdmin, Role.clinicAdmin]);

/**
 * The entries as stored. Each must lie on the shift's day or the next (a night shift runs past
 * midnight), and name members of the log's organisation within the caller's scope (else -7).
 */
type EntryInput = Omit<WorkLogEntryValue, 'attachments'> & { attachments?: string[] };

export async function checkEntries(tx: Tx, p: Principal, orgId: number, shiftDate: Date, entries: EntryInput[]): Promise<WorkLogEntryValue[]> {
  const start = toUnix(shiftDate);
  entries.forEach((e, i) => {
    if (e.time < start || e.time >= start + 2 * SECONDS_PER_DAY) {
      throw invalid([{ field: `entries.${i}.time`, message: ValidationMessage.invalidInput }], 'An entry must fall within its shift');
    }
  });
  const ids = [...new Set(entries.flatMap((e) => e.member_ids))];
  if (ids.length) {
    const found = await tx
      .select({ id: members.id })
      .from(members)
      .where(and(inArray(members.id, ids), eq(members.orgId, orgId), isNull(members.removedAt), scopeCondition(p, { org: members.orgId, area: members.areaId })));
    if (found.length !== ids.length) throw notFound('Member not found');
  }
  return [...entries]
    .sort((a, b) => a.time - b.time)
    .map((e) => ({ time: e.time, member_ids: e.member_ids, category: e.category, content: e.content, attachments: e.attachments ?? [] }));
}

/** Who writes the log: the caller, or for an admin a named staff member of the organisation. */
export async function resolveAuthor(tx: Tx, p: Principal, orgId: number, asked: number): Promise<number> {
  if (asked === AUTHOR_FROM_CALLER || asked === p.staffId) return p.staffId;
  if (!logAdmins.has(p.role) && !isOperator(p)) throw forbidden();
  await assertOrgStaff(tx, orgId, asked, 'staff_id');
  return asked;
}

/** Only the author changes or removes a log; admins may correct their staff's. */
export function assertMayChange(p: Principal, authorId: number): void {
  if (authorId !== p.staffId && !logAdmins.has(p.role) && !isOperator(p)) throw forbidden();
}

/** The entries with their members' names, oldest first, as the API row carries them. */
export const entriesWithMembers = sql<unknown[]>`(
  select coalesce(jsonb_agg(e.value || jsonb_build_object('members', (
    select coalesce(jsonb_agg(jsonb_build_object('id', m.id, 'name', m.name) order by m.id), '[]'::jsonb)
    from members m where m.id in (select (jsonb_array_elements_text(e.value->'member_ids'))::int)
  )) - 'member_ids' order by (e.value->>'time')::bigint, e.ordinality), '[]'::jsonb)
  from jsonb_array_elements(${workLogs.entries}) with ordinality e
)`;

