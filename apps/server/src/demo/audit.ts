import { UserChangeKind, MemberChangeStatus } from '@vigil/contracts';
import type { Db } from '../db/client.ts';
import { abnormalHandles, auditLog, medicalStateLogs, memberChangeLogs, staff, staffChangeLogs, tempRoles } from '../db/schema/index.ts';
import { actionOf, resourceOf } from '../audit/hook.ts';
import { auditRow, type AuditEntry } from '../audit/trail.ts';

/** A write the demo's history stands for: who made it, when, by which call, about what. */
type Write = { at: Date; staffId: number; method: string; route: string; memberId: number | null; recordId: number | null };

/** The demo's calls come from the machine itself. */
const DEMO_IP = '127.0.0.1';
const BATCH = 500;

/**
 * The audit trail of the demo's seeded history: one entry for each write its records stand for
 * (a handling, a staff or member change, a medical-state change, a temporary role), as the audit
 * hook would have recorded the call that made it, so the audit page opens with the trail of the
 * changes the change logs show. Reads are not invented: the trail grows with what people open.
 */
export async function seedAuditTrail(db: Db): Promise<void> {
  const people = new Map((await db.select({ id: staff.id, orgId: staff.orgId, role: staff.role }).from(staff)).map((s) => [s.id, s]));
  const writes: Write[] = [];
  for (const l of await db.select().from(staffChangeLogs)) {
    const route = l.kind === UserChangeKind.enable ? '/staff/enable/{id}' : '/staff/{id}';
    writes.push({ at: l.createdAt, staffId: l.operatorId!, method: 'PATCH', route, memberId: null, recordId: l.staffId });
  }
  for (const l of await db.select().from(memberChangeLogs)) {
    const route = l.status === MemberChangeStatus.statusChanged ? '/user/enable/{id}' : '/user/{id}';
    writes.push({ at: l.createdAt, staffId: l.operatorId!, method: 'PATCH', route, memberId: l.memberId, recordId: l.memberId });
  }
  for (const l of await db.select().from(medicalStateLogs)) {
    writes.push({ at: l.createdAt, staffId: l.operatorId!, method: 'PATCH', route: '/user/state/{id}', memberId: l.memberId, recordId: l.memberId });
  }
  // The handling call names neither member nor record (the hook finds neither in its body).
  for (const h of await db.select({ at: abnormalHandles.handleTime, staffId: abnormalHandles.staffId }).from(abnormalHandles)) {
    writes.push({ at: h.at, staffId: h.staffId!, method: 'POST', route: '/handle/abnormal', memberId: null, recordId: null });
  }
  for (const g of await db.select().from(tempRoles)) {
    writes.push({ at: g.createdAt, staffId: g.grantedBy!, method: 'POST', route: '/temp/role', memberId: null, recordId: g.id });
  }
  writes.sort((a, b) => a.at.getTime() - b.at.getTime());
  const entries: AuditEntry[] = writes.map((w, i) => {
    const by = people.get(w.staffId)!;
    return {
      at: w.at,
      orgId: by.orgId,
      staffId: by.id,
      role: by.role,
      memberId: w.memberId,
      resource: resourceOf(w.route),
      method: w.method,
      route: w.route,
      action: actionOf(w.method, w.route),
      recordId: w.recordId,
      ip: DEMO_IP,
      requestId: `demo-${i + 1}`,
    };
  });
  for (let i = 0; i < entries.length; i += BATCH) await db.insert(auditLog).values(entries.slice(i, i + BATCH).map(auditRow));
}
