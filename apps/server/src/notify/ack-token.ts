import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token a push notification's "Acknowledge" action sends back (POST /push/acknowledge): it
 * names one alert and one staff member and is signed by the server, so the service worker needs
 * no sign-in token. It is short-lived: a notification found on the lock screen hours later opens
 * the alert instead, where the person signs in.
 */
export const ACK_TOKEN_TTL_SECONDS = 60 * 60;

export type AckClaim = { alertId: number; staffId: number };

const sign = (key: Buffer, body: string) => createHmac('sha256', key).update(body).digest('base64url');

export function signAckToken(key: Buffer, claim: AckClaim, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + ACK_TOKEN_TTL_SECONDS;
  const body = `${claim.alertId}.${claim.staffId}.${expires}`;
  return `${body}.${sign(key, body)}`;
}

/** The claim of a well-signed, unexpired token; undefined for anything else. */
export function verifyAckToken(key: Buffer, token: string, now = Date.now()): AckClaim | undefined {
  const parts = token.split('.');
  if (parts.length !== 4 || !parts.slice(0, 3).every((p) => /^\d{1,12}$/.test(p))) return undefined;
  const [alertId, staffId, expires, signature] = parts;
  const expected = Buffer.from(sign(key, `${alertId}.${staffId}.${expires}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  if (Number(expires) * 1000 < now) return undefined;
  return { alertId: Number(alertId), staffId: Number(staffId) };
}
