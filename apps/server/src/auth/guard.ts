import type { FastifyInstance, FastifyRequest } from 'fastify';
import { stepUpPairs } from '@vigil/contracts';
import { forbidden, tokenExpired } from '../http/errors.ts';
import { requireRecentAuthentication } from './second-factor/step-up.ts';
import { parsePermission } from './permissions.ts';
import { loadSession, type Principal } from './principal.ts';
import { sessionIsLive, touchSession } from './sessions.ts';
import { bearerToken, hashToken } from './tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller; set by the guard on every route that is not `access: 'public'`. */
    principal: Principal;
  }
}

/** The route in the catalogue's form: `PATCH /staff/password/{id}`. */
function routeKey(request: FastifyRequest): string {
  const route = (request.routeOptions.url ?? '').slice(request.server.config.apiPrefix.length).replace(/:([A-Za-z_]+)/g, '{$1}');
  return `${request.method} ${route}`;
}

/**
 * Authenticates and authorises every route of the context it is registered in. Deny by default: a
 * route that declares neither a permission nor an access mode answers -3 to everyone.
 */
export function registerAuthGuard(app: FastifyInstance): void {
  app.decorateRequest('principal', null as unknown as Principal);
  app.addHook('onRequest', async (request) => {
    const { permission, access } = request.routeOptions.config;
    if (access === 'public') return;
    const token = bearerToken(request.headers.authorization);
    if (!token) throw tokenExpired();
    const { db } = app.database;
    const session = await loadSession(db, hashToken(token), permission ? parsePermission(permission) : null);
    // A disabled account (or organisation) is treated like a revoked token, so the console signs out.
    if (!session || !sessionIsLive(session, app.config) || !session.staffEnabled || !session.orgEnabled) {
      throw tokenExpired();
    }
    await touchSession(db, session.sessionId, session.lastSeenAt);
    if (access !== 'session' && !(permission && session.allowed)) throw forbidden();
    // Changing roles, API groups or another person's password needs a recent sign-in or step-up.
    if (stepUpPairs.has(routeKey(request))) await requireRecentAuthentication(db, session.sessionId);
    const { staffId, sessionId, role, orgId, orgType, areaId } = session;
    request.principal = { staffId, sessionId, role, orgId, orgType, areaId };
  });
}
