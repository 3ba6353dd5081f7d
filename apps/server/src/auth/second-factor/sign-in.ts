import { ErrorCode, type LoginPasskeyRequest, type LoginResponse, type LoginTotpRequest, type PasskeyOptionsResponse } from '@vigil/contracts';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { AppError, TooManyAttempts } from '../../http/errors.ts';
import { findAccount, startSignedIn, type ClientInfo, type SignInDeps } from '../login.ts';
import { consumeChallenge, createChallenge, peekChallenge } from './challenges.ts';
import { verifyAuthenticatorCode } from './factors.ts';
import type { SecretSealer } from './sealing.ts';
import { authenticationOptions, verifyAuthentication, type RelyingParty } from './webauthn.ts';

export type SecondStepDeps = SignInDeps & { sealer: SecretSealer };

const loginFailed = () => new AppError(ErrorCode.loginFailed);

/**
 * POST /login/totp: the code of the authenticator (or a recovery code) of the account whose
 * password opened the challenge. A wrong, reused or expired code is -2 and counts in the same
 * throttle as a wrong password (per account and address); the challenge stays for another try
 * until it expires, and is used up by the right code.
 */
export async function completeWithCode(deps: SecondStepDeps, input: LoginTotpRequest, client: ClientInfo): Promise<LoginResponse> {
  const { db, throttle } = deps;
  const pending = await peekChallenge(db, input.token);
  const account = pending?.staffId ? await findAccount(db, { id: pending.staffId }) : undefined;
  // Without a live challenge there is no account to count against: the address still counts.
  const throttleAccount = account?.account ?? `challenge:${input.token.slice(0, 8)}`;
  const retryAfter = await throttle.retryAfter(throttleAccount, client.ip);
  if (retryAfter > 0) throw new TooManyAttempts(retryAfter);
  if (!account || !(await verifyAuthenticatorCode(db, deps.sealer, account.id, input.code))) {
    await throttle.recordFailure(throttleAccount, client.ip);
    throw loginFailed();
  }
  // Two requests with one right code: the conditional step update already let only one through.
  if (!(await consumeChallenge(db, input.token))) throw loginFailed();
  await throttle.recordSuccess(account.account, client.ip);
  return startSignedIn(db, deps.config, account, client);
}

/**
 * POST /login/passkey/options: a WebAuthn challenge for the account a password sign-in named
 * (its own passkeys only), or, without a token, for any passkey (passwordless sign-in).
 */
export async function passkeyOptions(deps: SignInDeps, rp: RelyingParty, token: string | undefined): Promise<PasskeyOptionsResponse> {
  let staffId: number | null = null;
  if (token) {
    // Peeked, not used up: someone who cancels the passkey prompt may still give a code instead.
    const pending = await peekChallenge(deps.db, token);
    if (!pending?.staffId) throw loginFailed();
    staffId = pending.staffId;
  }
  const options = await authenticationOptions(deps.db, rp, staffId);
  const next = await createChallenge(deps.db, { staffId, challenge: options.challenge });
  return { token: next, options: options as unknown as Record<string, unknown> };
}

/**
 * POST /login/passkey: the browser's assertion for the challenge. The challenge is used up by the
 * first answer, right or wrong, so an assertion cannot be replayed; a passkey of someone other
 * than the account a password named is refused like a wrong one (-2, counted).
 */
export async function completeWithPasskey(deps: SignInDeps, rp: RelyingParty, input: LoginPasskeyRequest, client: ClientInfo): Promise<LoginResponse> {
  const { db, throttle } = deps;
  const pending = await consumeChallenge(db, input.token);
  const expectedAccount = pending?.staffId ? await findAccount(db, { id: pending.staffId }) : undefined;
  const throttleAccount = expectedAccount?.account ?? `passkey:${input.response.id.slice(0, 16)}`;
  const retryAfter = await throttle.retryAfter(throttleAccount, client.ip);
  if (retryAfter > 0) throw new TooManyAttempts(retryAfter);
  const staffId =
    pending?.challenge &&
    (await verifyAuthentication(db, rp, { challenge: pending.challenge, staffId: pending.staffId }, input.response as unknown as AuthenticationResponseJSON));
  const account = staffId ? await findAccount(db, { id: staffId }) : undefined;
  if (!account) {
    await throttle.recordFailure(throttleAccount, client.ip);
    throw loginFailed();
  }
  await throttle.recordSuccess(account.account, client.ip);
  return startSignedIn(db, deps.config, account, client);
}
