import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dataEnvelope, errorBody, loginRequest, loginResponse } from '@vigil/contracts';
import { signIn } from '../../../auth/login.ts';
import { revokeSession } from '../../../auth/sessions.ts';
import { emptyData, errorResponses } from '../../../http/schemas.ts';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with account and password',
        security: [],
        body: loginRequest,
        response: { 200: dataEnvelope(loginResponse), ...errorResponses, 429: errorBody },
      },
    },
    async (request) => {
      const data = await signIn({ db: app.database.db, config: app.config, throttle: app.loginThrottle }, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      return { data };
    },
  );

  r.post(
    '/logout',
    {
      // Any live session may end itself, whatever its API group says.
      config: { access: 'session' },
      schema: { tags: ['auth'], summary: 'Sign out: revokes the token at once', response: { 200: emptyData, 401: errorBody } },
    },
    async (request) => {
      await revokeSession(app.database.db, request.principal.sessionId);
      return { data: null };
    },
  );
}
