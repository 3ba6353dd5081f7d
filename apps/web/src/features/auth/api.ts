import { ErrorCode } from '@vigil/contracts/errors';
import { ApiError, request } from '../../lib/http.ts';
import { clearSession, establishSession } from '../../lib/session.ts';

export type Credentials = { account: string; password: string };

/**
 * POST /login. The response schema (and with it zod) is imported only now, so the sign-in page's
 * first load stays small; by the time the user presses Login the chunk is one request away.
 */
export async function signIn(credentials: Credentials): Promise<SecondStep | null> {
  const { loginAnswer } = await import('@vigil/contracts');
  const data = await request('/login', { method: 'POST', body: credentials, schema: loginAnswer, silent: true });
  if ('second_factor' in data) return data.second_factor;
  establishSession(data);
  return null;
}

/** A right password of an account with a second factor: the step still to take. */
export type SecondStep = { token: string; methods: ('totp' | 'passkey')[] };

/** POST /login/totp: the authenticator's code, or a recovery code. */
export async function signInWithCode(token: string, code: string): Promise<void> {
  const { loginResponse } = await import('@vigil/contracts');
  establishSession(await request('/login/totp', { method: 'POST', body: { token, code }, schema: loginResponse, silent: true }));
}

/**
 * Signs in with a passkey: as the second step of a password sign-in (its token), or alone without
 * a password. The WebAuthn library is loaded only now, so the sign-in page's first load stays small.
 */
export async function signInWithPasskey(token?: string): Promise<void> {
  const [{ loginResponse, passkeyOptionsResponse }, { startAuthentication }] = await Promise.all([
    import('@vigil/contracts'),
    import('@simplewebauthn/browser'),
  ]);
  const challenge = await request('/login/passkey/options', { method: 'POST', body: token ? { token } : {}, schema: passkeyOptionsResponse, silent: true });
  const response = await startAuthentication({ optionsJSON: challenge.options as never });
  establishSession(await request('/login/passkey', { method: 'POST', body: { token: challenge.token, response }, schema: loginResponse, silent: true }));
}

/** SPEC §4: the session is cleared only after the server revoked it; a failure reloads the page. */
export async function signOut(): Promise<void> {
  try {
    await request('/logout', { method: 'POST', silent: true });
  } catch (error) {
    if (error instanceof ApiError && error.code === ErrorCode.tokenExpired) return;
    window.location.reload();
    return;
  }
  clearSession('logout');
}
