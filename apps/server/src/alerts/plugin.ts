import type { FastifyInstance } from 'fastify';
import { AbnormalRaiser } from './raiser.ts';

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
  app.decorate('alerts', new AbnormalRaiser(app.database.db, app.events));
}
