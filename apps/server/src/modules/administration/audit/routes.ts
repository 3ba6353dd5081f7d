import type { FastifyInstance } from 'fastify';
import { eq, ilike, like, or, sql } from 'drizzle-orm';
import { auditResource } from '@vigil/contracts';
import { auditLog } from '../../../db/schema/index.ts';
import { defineResource } from '../../../resources/define.ts';
import { memberName, staffName } from '../../../resources/names.ts';
import { containsPattern } from '../../../resources/rows.ts';

/**
 * GET /audit: the audit trail, read-only and list-only (entries are appended by `src/audit`).
 * An organisation sees the calls its own staff made and the calls anyone made on its members (a
 * related hospital reading a resident's chart): the caller's organisation scopes the row, the
 * member's organisation is its partner. Operators see everything.
 */
const auditListRoutes = defineResource({
  resource: auditResource,
  tag: 'audit',
  table: auditLog,
  wire: {
    org_name: sql<string | null>`(select o.name from orgs o where o.id = ${auditLog.orgId})`,
    staff_name: staffName(auditLog.staffId),
    staff_account: sql<string | null>`(select s.account from staff s where s.id = ${auditLog.staffId})`,
    member_name: memberName(auditLog.memberId),
  },
  scope: { org: auditLog.orgId, partner: auditLog.memberOrgId },
  dateColumn: auditLog.createdAt,
  filters: {
    user_id: (v) => eq(auditLog.memberId, v),
    staff_id: (v) => eq(auditLog.staffId, v),
    action: (v) => eq(auditLog.action, v),
    // A path and everything under it: '/physiologic' is every vital, '/care/health' one record kind.
    resource: (v) => or(eq(auditLog.resource, v), like(auditLog.resource, `${v.replace(/\/$/, '')}/%`)),
    keyword: (v) => {
      const pattern = containsPattern(v);
      return or(
        sql`exists (select 1 from staff s where s.id = ${auditLog.staffId} and (s.name ilike ${pattern} or s.account ilike ${pattern}))`,
        sql`exists (select 1 from members m where m.id = ${auditLog.memberId} and m.name ilike ${pattern})`,
        ilike(auditLog.ip, pattern),
      );
    },
  },
  operations: ['list'],
});

export async function auditRoutes(app: FastifyInstance): Promise<void> {
  // What this instance still holds in its batch is written first, so the page shows every call
  // made up to now (other instances flush within their batch delay).
  app.addHook('preHandler', async () => {
    await app.audit.flush();
  });
  await app.register(auditListRoutes);
}
