import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorCode, SECOND_FACTOR_ENROLMENT_REQUIRED, stepUpPairs } from '@vigil/contracts';
import { AppError, forbidden, tokenExpired } from '../http/errors.ts';
import { requireRecentAuthentication } from './second-factor/step-up.ts';
import { parsePermission } from './permissions.ts';
import { loadSession, type Principal } from './principal.ts';
import { sessionIsLive, touchSession } from './sessions.ts';
import { bearerToken, hashToken } from './tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller; set by the guard on every route that is not `access: 'public'`. */
    principal: Principal;
    /**
     * Whether the caller must still enrol a second factor, as the session check found it: read by
     * the routes that show it (GET /personal) instead of asking the database again.
     */
    mustEnrolSecondFactor: boolean;
  }
}

/** The route's path in the catalogue's form: `/staff/password/{id}`. */
function routePath(request: FastifyRequest): string {
  return (request.routeOptions.url ?? '').slice(request.server.config.apiPrefix.length).replace(/:([A-Za-z_]+)/g, '{$1}');
}

/** The route in the catalogue's form: `PATCH /staff/password/{id}`. */
function routeKey(request: FastifyRequest): string {
  return `${request.method} ${routePath(request)}`;
}

/** One's own account: open to anyone signed in (sign-out, sessions) or under `/personal` (profile, password, second factor, step-up). */
function ownAccountRoute(request: FastifyRequest, access: string | undefined): boolean {
  return access === 'session' || routePath(request).startsWith('/personal');
}

/**
 * Authenticates and authorises every route of the context it is registered in. Deny by default: a
 * route that declares neither a permission nor an access mode answers -3 to everyone.
 */
export function registerAuthGuard(app: FastifyInstance): void {
  app.decorateRequest('principal', null as unknown as Principal);
  app.decorateRequest('mustEnrolSecondFactor', false);
  app.addHook('onRequest', async (request) => {
    const { permission, access, stepUp } = request.routeOptions.config;
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
    // Someone a second factor is required of reaches only their own account's routes (enrolment,
    // sessions, sign-out) until they have one: the server holds the line, the console only guides.
    if (session.mustEnrol && !ownAccountRoute(request, access)) throw new AppError(ErrorCode.noPermission, SECOND_FACTOR_ENROLMENT_REQUIRED);
    // Changing roles, API groups or another person's password, or exporting a list, needs a recent sign-in or step-up.
    if (stepUp || stepUpPairs.has(routeKey(request))) await requireRecentAuthentication(db, session.sessionId);
    const { staffId, sessionId, role, orgId, orgType, areaId } = session;
    request.principal = { staffId, sessionId, role, orgId, orgType, areaId };
    request.mustEnrolSecondFactor = session.mustEnrol;
  });
}
