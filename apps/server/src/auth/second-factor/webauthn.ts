import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { passkeys } from '../../db/schema/index.ts';

/** Where the console runs, as WebAuthn binds a passkey to it: the relying party id and origin. */
export type RelyingParty = { id: string; origin: string };

/**
 * WEBAUTHN_ORIGIN when set; otherwise the address the browser used. A passkey made at one address
 * works only there, which is WebAuthn's own protection against phishing sites.
 */
export function relyingParty(request: FastifyRequest, configured?: string): RelyingParty {
  const origin = configured ?? `${request.protocol}://${request.host}`;
  return { id: new URL(origin).hostname, origin };
}

export async function registrationOptions(db: Db, rp: RelyingParty, user: { id: number; account: string; name: string }) {
  const existing = await db.select({ id: passkeys.id, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.staffId, user.id));
  return generateRegistrationOptions({
    rpName: 'Vigil',
    rpID: rp.id,
    userName: user.account,
    userDisplayName: user.name,
    userID: new TextEncoder().encode(`vigil-staff-${user.id}`),
    attestationType: 'none',
    excludeCredentials: existing.map((c) => ({ id: c.id, transports: c.transports as AuthenticatorTransport[] })),
    // A discoverable credential is what lets the same passkey sign in without a password.
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
}

/** The new credential when the browser's answer holds for this challenge and place; else undefined. */
export async function verifyRegistration(rp: RelyingParty, challenge: string, response: RegistrationResponseJSON) {
  const result = await verifyRegistrationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: false,
  }).catch(() => undefined);
  if (!result?.verified) return undefined;
  const { credential } = result.registrationInfo;
  return {
    id: credential.id,
    publicKey: isoBase64URL.fromBuffer(credential.publicKey),
    counter: credential.counter,
    transports: credential.transports ?? [],
  };
}

/** Options for signing in: the staff member's own passkeys, or any (passwordless) when unknown. */
export async function authenticationOptions(db: Db, rp: RelyingParty, staffId: number | null) {
  const allowed = staffId
    ? await db.select({ id: passkeys.id, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.staffId, staffId))
    : [];
  return generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'preferred',
    allowCredentials: allowed.map((c) => ({ id: c.id, transports: c.transports as AuthenticatorTransport[] })),
  });
}

/**
 * The staff member a passkey assertion proves, or undefined: the credential must be registered,
 * belong to `staffId` when one is expected, and its signature hold for this challenge. The
 * signature counter is stored so a cloned authenticator shows up.
 */
export async function verifyAuthentication(
  db: Db,
  rp: RelyingParty,
  expected: { challenge: string; staffId: number | null },
  response: AuthenticationResponseJSON,
): Promise<number | undefined> {
  const [stored] = await db.select().from(passkeys).where(eq(passkeys.id, response.id));
  if (!stored || (expected.staffId !== null && stored.staffId !== expected.staffId)) return undefined;
  const result = await verifyAuthenticationResponse({
    response,
    expectedChallenge: expected.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: stored.id,
      publicKey: isoBase64URL.toBuffer(stored.publicKey),
      counter: stored.counter,
      transports: stored.transports as AuthenticatorTransport[],
    },
    requireUserVerification: false,
  }).catch(() => undefined);
  if (!result?.verified) return undefined;
  await db.update(passkeys).set({ counter: result.authenticationInfo.newCounter, lastUsedAt: new Date() }).where(eq(passkeys.id, stored.id));
  return stored.staffId;
}
