import { ErrorCode } from '@vigil/contracts/errors';
import { ApiError, request } from '../../lib/http.ts';
import { clearSession, establishSession } from '../../lib/session.ts';

export type Credentials = { account: string; password: string };

/**
 * POST /login. The response schema (and with it zod) is imported only now, so the sign-in page's
 * first load stays small; by the time the user presses Login the chunk is one request away.
 */
export async function signIn(credentials: Credentials): Promise<void> {
  const { loginResponse } = await import('@vigil/contracts');
  const data = await request('/login', { method: 'POST', body: credentials, schema: loginResponse, silent: true });
  establishSession(data);
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
