import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { OrgType, StaffRole } from '@vigil/contracts';
import { orgs, staff } from '../db/schema/index.ts';
import type { Principal } from '../auth/principal.ts';
import { loadGrants } from '../auth/permissions.ts';
import { forbidden } from '../http/errors.ts';
import { acknowledgeAbnormal } from '../modules/alerts/abnormal/silence.ts';
import { attachRouting, loadRouting } from '../alerts/routing.ts';

/** How long an acknowledgement from a phone (push action, LINE button) silences the alert on the console, in minutes. */
export const REMOTE_ACKNOWLEDGE_MINUTES = 15;

/**
 * Acknowledges an alert for a staff member who acted off the console (a push notification's
 * action, a LINE postback). They act as themselves: an enabled account of an enabled organisation
 * whose role grants acknowledging, within their own scope, through the console's own path.
 */
export async function acknowledgeAsStaff(app: FastifyInstance, staffId: number, alertId: number): Promise<void> {
  const { db } = app.database;
  const [me] = await db
    .select({ role: staff.role, orgId: staff.orgId, areaId: staff.areaId, orgType: orgs.type })
    .from(staff)
    .innerJoin(orgs, eq(orgs.id, staff.orgId))
    .where(and(eq(staff.id, staffId), eq(staff.enabled, true), eq(orgs.enabled, true)));
  if (!me) throw forbidden();
  const { api } = await loadGrants(db, staffId, me.role as StaffRole);
  if (!api.some((p) => p.method === 'POST' && p.route === '/abnormal/acknowledge/{id}')) throw forbidden();
  const principal: Principal = { staffId, sessionId: '', role: me.role as StaffRole, orgId: me.orgId, orgType: me.orgType as OrgType, areaId: me.areaId };
  // As for a console request (alerts/plugin.ts): what they may act on follows their organisation's routing.
  attachRouting(principal, await loadRouting(db, me.orgId));
  await acknowledgeAbnormal(app, principal, alertId, { minutes: REMOTE_ACKNOWLEDGE_MINUTES });
}
