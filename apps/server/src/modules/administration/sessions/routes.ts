import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { dataEnvelope, idParam, sessionHandleParam, sessionItem, type StaffRole } from '@vigil/contracts';
import { staff } from '../../../db/schema/index.ts';
import { revokeSession, revokeStaffSessions } from '../../../auth/sessions.ts';
import { scopeCondition } from '../../../auth/scope.ts';
import { forbidden, notFound } from '../../../http/errors.ts';
import { emptyData, errorResponses } from '../../../http/schemas.ts';
import { mayHandleRole } from '../staff/roles.ts';
import { staffScope } from '../staff/service.ts';
import { findOwnSession, listSessions } from './service.ts';

/**
 * Where one is signed in, and ending it: one's own sessions (any live session may see and end its
 * owner's others, like signing out), and an administrator ending every session of a staff member.
 * A revoked session's sockets are closed by the revocation sweep (realtime/revocation.ts); every
 * ending is a DELETE and so in the audit trail.
 */
export async function sessionRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const tags = ['personal'];

  r.get(
    '/personal/session',
    {
      config: { access: 'session' },
      schema: { tags, summary: 'Own live sessions: device and browser, address, signed in, last seen', response: { 200: dataEnvelope(z.array(sessionItem)), ...errorResponses } },
    },
    async (request) => ({ data: await listSessions(db, app.config, request.principal.staffId, request.principal.sessionId) }),
  );

  r.delete(
    '/personal/session/:id',
    {
      config: { access: 'session' },
      schema: { tags, summary: 'Sign out one of own sessions', params: sessionHandleParam, response: { 200: emptyData, ...errorResponses } },
    },
    async (request) => {
      // Another person's session is not in the caller's list: -7, exactly like one that never was.
      const sessionId = await findOwnSession(db, app.config, request.principal.staffId, request.params.id);
      if (!sessionId) throw notFound();
      await revokeSession(db, sessionId);
      return { data: null };
    },
  );

  r.delete(
    '/personal/session',
    {
      config: { access: 'session' },
      schema: { tags, summary: 'Sign out everywhere else: every own session but this one', response: { 200: emptyData, ...errorResponses } },
    },
    async (request) => {
      await revokeStaffSessions(db, request.principal.staffId, request.principal.sessionId);
      return { data: null };
    },
  );

  r.delete(
    '/staff/session/:id',
    {
      // Part of administering the account, like resetting its password: the pair of PATCH /staff/{id}.
      config: { permission: 'PATCH /staff/{id}' },
      schema: { tags: ['staff'], summary: "End every session of a staff member (a lost tablet, a shift's shared PC)", params: idParam, response: { 200: emptyData, ...errorResponses } },
    },
    async (request) => {
      const [target] = await db
        .select({ id: staff.id, role: staff.role })
        .from(staff)
        .where(and(eq(staff.id, request.params.id), scopeCondition(request.principal, staffScope)));
      if (!target) throw notFound();
      if (!mayHandleRole(request.principal, target.role as StaffRole)) throw forbidden();
      await revokeStaffSessions(db, target.id);
      return { data: null };
    },
  );
}
