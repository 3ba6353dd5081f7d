import type { FastifyInstance } from 'fastify';
import { type ApiPermission, Resource } from '@vigil/contracts';
import { loadSession } from '../auth/principal.ts';
import { sessionIsLive } from '../auth/sessions.ts';
import { hashToken } from '../auth/tokens.ts';
import type { SocketAuthenticator } from './types.ts';

/** The permissions the channel needs to know: they decide whether alerts and delivery orders flow to the socket. */
const listAbnormal: ApiPermission = { route: Resource.abnormal, method: 'GET' };
const listDelivery: ApiPermission = { route: Resource.deliveryMedicine, method: 'GET' };

/**
 * Resolves a handshake token with the auth module's own session lookup, so the rules are the
 * HTTP guard's: revoked, expired, idle, disabled staff or organisation all mean -1. Temporary
 * roles count, because loadSession checks them when it answers for GET /abnormal.
 */
export function defaultAuthenticator(app: FastifyInstance): SocketAuthenticator {
  return async (token) => {
    const session = await loadSession(app.database.db, hashToken(token), listAbnormal);
    if (!session || !sessionIsLive(session, app.config) || !session.staffEnabled || !session.orgEnabled) return null;
    const delivery = await loadSession(app.database.db, hashToken(token), listDelivery);
    return {
      staffId: session.staffId,
      role: session.role,
      orgId: session.orgId,
      areaId: session.areaId,
      api: [...(session.allowed ? [listAbnormal] : []), ...(delivery?.allowed ? [listDelivery] : [])],
      expiresAt: session.expiresAt,
      sessionId: session.sessionId,
    };
  };
}
