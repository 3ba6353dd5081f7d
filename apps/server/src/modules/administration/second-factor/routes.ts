import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import {
  ValidationMessage,
  dataEnvelope,
  errorBody,
  passkeyOptionsResponse,
  passkeyRegisterRequest,
  recoveryCodes,
  secondFactorStatus as secondFactorStatusSchema,
  stepUpRequest,
  totpConfirmRequest,
  totpEnrolment,
} from '@vigil/contracts';
import { passkeys, staff, staffTotp } from '../../../db/schema/index.ts';
import { verifyPassword } from '../../../auth/password.ts';
import { consumeChallenge, createChallenge } from '../../../auth/second-factor/challenges.ts';
import { verifyAuthenticatorCode } from '../../../auth/second-factor/factors.ts';
import { markAuthenticated, requireRecentAuthentication } from '../../../auth/second-factor/step-up.ts';
import { newRecoveryCodes, newTotpSecret, totpUri, acceptedStep } from '../../../auth/second-factor/totp.ts';
import { registrationOptions, relyingParty, verifyRegistration } from '../../../auth/second-factor/webauthn.ts';
import { TooManyAttempts, duplicate, invalid, notFound } from '../../../http/errors.ts';
import { emptyData, errorResponses } from '../../../http/schemas.ts';
import { secondFactorStatus } from './service.ts';

const tags = ['personal'];
const passkeyIdParam = z.strictObject({ id: z.string().regex(/^[A-Za-z0-9_-]{1,512}$/, { message: ValidationMessage.invalidInput }) });

/**
 * The signed-in user's own second factors (an authenticator app with recovery codes, passkeys)
 * and the step-up that renews "recently signed in". Open to every live session (`access:
 * 'session'`): proving who one is belongs to being signed in, not to a grantable permission.
 * Removing a factor or making new recovery codes needs a recent sign-in or step-up.
 */
export async function secondFactorRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const config = { access: 'session' as const };

  const accountOf = async (staffId: number) => {
    const [me] = await db.select({ account: staff.account, name: staff.name, passwordHash: staff.passwordHash }).from(staff).where(eq(staff.id, staffId));
    return me;
  };

  /** A wrong password or code here counts in the sign-in throttle like one at sign-in. */
  const throttled = async (request: FastifyRequest, account: string, check: () => Promise<boolean>) => {
    const retryAfter = await app.loginThrottle.retryAfter(account, request.ip);
    if (retryAfter > 0) throw new TooManyAttempts(retryAfter);
    const ok = await check();
    if (ok) await app.loginThrottle.recordSuccess(account, request.ip);
    else await app.loginThrottle.recordFailure(account, request.ip);
    return ok;
  };

  r.get(
    '/personal/second-factor',
    { config, schema: { tags, summary: 'Own second factors, and whether one is required', response: { 200: dataEnvelope(secondFactorStatusSchema), ...errorResponses } } },
    async (request) => ({ data: await secondFactorStatus(db, request.principal.staffId) }),
  );

  r.post(
    '/personal/totp',
    {
      config,
      schema: {
        tags,
        summary: 'Start enrolling an authenticator app: a new secret, counted once a code from it is confirmed',
        response: { 200: dataEnvelope(totpEnrolment), ...errorResponses },
      },
    },
    async (request) => {
      const { staffId } = request.principal;
      const [existing] = await db.select({ staffId: staffTotp.staffId }).from(staffTotp).where(and(eq(staffTotp.staffId, staffId), isNotNull(staffTotp.confirmedAt)));
      if (existing) throw duplicate('totp');
      const secret = newTotpSecret();
      const sealed = (await app.secretSealer()).seal(secret);
      await db
        .insert(staffTotp)
        .values({ staffId, secret: sealed })
        .onConflictDoUpdate({ target: staffTotp.staffId, set: { secret: sealed, lastStep: 0, recoveryCodeHashes: [], createdAt: new Date() } });
      const me = await accountOf(staffId);
      return { data: { secret, uri: totpUri(secret, me.account) } };
    },
  );

  r.post(
    '/personal/totp/confirm',
    {
      config,
      schema: {
        tags,
        summary: 'Confirm the new authenticator with one of its codes; answers the recovery codes (shown once)',
        body: totpConfirmRequest,
        response: { 200: dataEnvelope(recoveryCodes), ...errorResponses, 429: errorBody },
      },
    },
    async (request) => {
      const { staffId, sessionId } = request.principal;
      const me = await accountOf(staffId);
      const [pending] = await db.select().from(staffTotp).where(eq(staffTotp.staffId, staffId));
      if (!pending || pending.confirmedAt) throw notFound();
      const secret = (await app.secretSealer()).open(pending.secret);
      const step = acceptedStep(secret, request.body.code, pending.lastStep);
      if (!(await throttled(request, me.account, async () => step !== undefined))) {
        throw invalid([{ field: 'code', message: ValidationMessage.invalidInput }]);
      }
      const { codes, hashes } = newRecoveryCodes();
      await db.update(staffTotp).set({ confirmedAt: new Date(), lastStep: step!, recoveryCodeHashes: hashes }).where(eq(staffTotp.staffId, staffId));
      await markAuthenticated(db, sessionId);
      return { data: { recovery_codes: codes } };
    },
  );

  r.post(
    '/personal/totp/recovery-codes',
    {
      config,
      schema: { tags, summary: 'New recovery codes in place of the old ones (needs a recent sign-in)', response: { 200: dataEnvelope(recoveryCodes), ...errorResponses } },
    },
    async (request) => {
      const { staffId, sessionId } = request.principal;
      await requireRecentAuthentication(db, sessionId);
      const { codes, hashes } = newRecoveryCodes();
      const updated = await db
        .update(staffTotp)
        .set({ recoveryCodeHashes: hashes })
        .where(and(eq(staffTotp.staffId, staffId), isNotNull(staffTotp.confirmedAt)))
        .returning({ staffId: staffTotp.staffId });
      if (updated.length === 0) throw notFound();
      return { data: { recovery_codes: codes } };
    },
  );

  r.delete(
    '/personal/totp',
    { config, schema: { tags, summary: 'Remove the authenticator app and its recovery codes (needs a recent sign-in)', response: { 200: emptyData, ...errorResponses } } },
    async (request) => {
      await requireRecentAuthentication(db, request.principal.sessionId);
      const removed = await db.delete(staffTotp).where(eq(staffTotp.staffId, request.principal.staffId)).returning({ staffId: staffTotp.staffId });
      if (removed.length === 0) throw notFound();
      return { data: null };
    },
  );

  r.post(
    '/personal/passkey/options',
    { config, schema: { tags, summary: 'A WebAuthn challenge to register a new passkey', response: { 200: dataEnvelope(passkeyOptionsResponse), ...errorResponses } } },
    async (request) => {
      const { staffId } = request.principal;
      const me = await accountOf(staffId);
      const options = await registrationOptions(db, relyingParty(request, app.config.webauthnOrigin), { id: staffId, account: me.account, name: me.name });
      const token = await createChallenge(db, { staffId, challenge: options.challenge });
      return { data: { token, options: options as unknown as Record<string, unknown> } };
    },
  );

  r.post(
    '/personal/passkey',
    {
      config,
      schema: { tags, summary: 'Register a passkey: the browser\'s answer to the challenge, and its name', body: passkeyRegisterRequest, response: { 200: emptyData, ...errorResponses } },
    },
    async (request) => {
      const { staffId, sessionId } = request.principal;
      const pending = await consumeChallenge(db, request.body.token);
      // A challenge issued to someone else is no challenge of this user's.
      if (!pending?.challenge || pending.staffId !== staffId) throw invalid([{ field: 'token', message: ValidationMessage.invalidInput }]);
      const credential = await verifyRegistration(
        relyingParty(request, app.config.webauthnOrigin),
        pending.challenge,
        request.body.response as unknown as RegistrationResponseJSON,
      );
      if (!credential) throw invalid([{ field: 'response', message: ValidationMessage.invalidInput }]);
      const [taken] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.id, credential.id));
      if (taken) throw duplicate('response');
      await db.insert(passkeys).values({ ...credential, staffId, name: request.body.name });
      await markAuthenticated(db, sessionId);
      return { data: null };
    },
  );

  r.delete(
    '/personal/passkey/:id',
    { config, schema: { tags, summary: 'Remove one of own passkeys (needs a recent sign-in)', params: passkeyIdParam, response: { 200: emptyData, ...errorResponses } } },
    async (request) => {
      await requireRecentAuthentication(db, request.principal.sessionId);
      const removed = await db
        .delete(passkeys)
        .where(and(eq(passkeys.id, request.params.id), eq(passkeys.staffId, request.principal.staffId)))
        .returning({ id: passkeys.id });
      if (removed.length === 0) throw notFound();
      return { data: null };
    },
  );

  r.post(
    '/personal/step-up',
    {
      config,
      schema: {
        tags,
        summary: 'Confirm who is there with the password or a code: changing roles, API groups or another person\'s password is then allowed for a few minutes',
        body: stepUpRequest,
        response: { 200: emptyData, ...errorResponses, 429: errorBody },
      },
    },
    async (request) => {
      const { staffId, sessionId } = request.principal;
      const me = await accountOf(staffId);
      const { password, code } = request.body;
      const ok = await throttled(request, me.account, async () =>
        password !== undefined
          ? verifyPassword(me.passwordHash, password)
          : verifyAuthenticatorCode(db, await app.secretSealer(), staffId, code!),
      );
      if (!ok) {
        throw invalid([
          password !== undefined
            ? { field: 'password', message: ValidationMessage.currentPasswordIncorrect }
            : { field: 'code', message: ValidationMessage.invalidInput },
        ]);
      }
      await markAuthenticated(db, sessionId);
      return { data: null };
    },
  );
}
