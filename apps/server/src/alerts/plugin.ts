import type { FastifyInstance } from 'fastify';
import { operatorRoles } from '@vigil/contracts';
import { AbnormalRaiser } from './raiser.ts';
import { attachRouting, loadRouting } from './routing.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The alert core: stores raised events under the one-open-event rule and announces them.
     * One per app, shared by ingestion, the sweeps, the care scheduler and the alert routes, so
     * they all read the same open-event snapshot.
     */
    alerts: AbnormalRaiser;
  }
}

/** Decorates the app with its alert core; registered before anything that raises or handles alerts. */
export function registerAlerts(app: FastifyInstance): void {
  app.decorate('alerts', new AbnormalRaiser(app.database.db, app.events, app.notify?.outbox));
  // Every signed-in caller's alert routing is at hand before the handler runs (cached per
  // organisation), so every list of alerts shows only what the caller may act on.
  app.addHook('preHandler', async (request) => {
    const p = request.principal;
    if (!p || operatorRoles.has(p.role)) return;
    attachRouting(p, await loadRouting(app.database.db, p.orgId));
  });
}
