import type { ChangeSnapshot, MemberChangeStatus, UserChangeKind } from '@vigil/contracts';
import type { Tx } from '../../../db/client.ts';
import { memberChangeLogs, staffChangeLogs } from '../../../db/schema/index.ts';

/**
 * Change-log writers. They take the transaction of the change itself: a change that fails (or is
 * rolled back) leaves no log, and a log is never missing for a change that happened. `createdAt`
 * defaults to now; only the demo's history (demo/changes.ts) dates its entries in the past.
 */
export async function logStaffChange(
  tx: Tx,
  entry: { orgId: number; staffId: number; kind: UserChangeKind; before: ChangeSnapshot; after: ChangeSnapshot; operatorId: number; createdAt?: Date },
): Promise<void> {
  await tx.insert(staffChangeLogs).values(entry);
}

export async function logMemberChange(
  tx: Tx,
  entry: { orgId: number; memberId: number; status: MemberChangeStatus; before: ChangeSnapshot; after: ChangeSnapshot; operatorId: number; createdAt?: Date },
): Promise<void> {
  await tx.insert(memberChangeLogs).values(entry);
}
