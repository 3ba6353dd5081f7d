import type { FastifyInstance } from 'fastify';
import { forbidden, tokenExpired } from '../http/errors.ts';
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
    const { staffId, sessionId, role, orgId, orgType, areaId } = session;
    request.principal = { staffId, sessionId, role, orgId, orgType, areaId };
  });
}
