import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  dataEnvelope,
  errorBody,
  loginAnswer,
  loginPasskeyRequest,
  loginRequest,
  loginResponse,
  loginTotpRequest,
  passkeyOptionsRequest,
  passkeyOptionsResponse,
} from '@vigil/contracts';
import { signIn } from '../../../auth/login.ts';
import { completeWithCode, completeWithPasskey, passkeyOptions } from '../../../auth/second-factor/sign-in.ts';
import { relyingParty } from '../../../auth/second-factor/webauthn.ts';
import { revokeSession } from '../../../auth/sessions.ts';
import { emptyData, errorResponses } from '../../../http/schemas.ts';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const deps = () => ({ db: app.database.db, config: app.config, throttle: app.loginThrottle });
  const client = (request: { ip: string; headers: { 'user-agent'?: string } }) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });
  const secondStep = { tags: ['auth'], security: [], response: { 200: dataEnvelope(loginResponse), ...errorResponses, 429: errorBody } };

  r.post(
    '/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with account and password; an account with a second factor gets a challenge token for the second step',
        security: [],
        body: loginRequest,
        response: { 200: dataEnvelope(loginAnswer), ...errorResponses, 429: errorBody },
      },
    },
    async (request) => {
      return { data: await signIn(deps(), request.body, client(request)) };
    },
  );

  r.post(
    '/login/totp',
    {
      config: { access: 'public' },
      schema: { ...secondStep, summary: 'Second step: a code of the authenticator app, or a recovery code', body: loginTotpRequest },
    },
    async (request) => ({
      data: await completeWithCode({ ...deps(), sealer: await app.secretSealer() }, request.body, client(request)),
    }),
  );

  r.post(
    '/login/passkey/options',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        security: [],
        summary: 'A WebAuthn challenge: for the account of a password sign-in (token), or for any passkey (passwordless)',
        body: passkeyOptionsRequest,
        response: { 200: dataEnvelope(passkeyOptionsResponse), ...errorResponses },
      },
    },
    async (request) => ({ data: await passkeyOptions(deps(), relyingParty(request, app.config.webauthnOrigin), request.body.token) }),
  );

  r.post(
    '/login/passkey',
    {
      config: { access: 'public' },
      schema: { ...secondStep, summary: 'Sign in with a passkey: the assertion for the challenge of /login/passkey/options', body: loginPasskeyRequest },
    },
    async (request) => ({
      data: await completeWithPasskey(deps(), relyingParty(request, app.config.webauthnOrigin), request.body, client(request)),
    }),
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
