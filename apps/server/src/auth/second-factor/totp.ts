import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { RECOVERY_CODE_COUNT } from '@vigil/contracts';

/** RFC 6238 defaults, which every authenticator app reads: SHA-1, six digits, 30-second steps. */
const PERIOD_SECONDS = 30;
/** One step either side of now: a phone clock a little off, or a code typed as it turned. */
const WINDOW = 1;

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totp(secret: string, label = 'Vigil'): TOTP {
  return new TOTP({ issuer: 'Vigil', label, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret: Secret.fromBase32(secret) });
}

/** The otpauth:// address an authenticator app scans. */
export function totpUri(secret: string, account: string): string {
  return totp(secret, account).toString();
}

/** The code for a moment (tests, the demo's documented secret). */
export function totpCode(secret: string, timestamp = Date.now()): string {
  return totp(secret).generate({ timestamp });
}

/**
 * The time step a code belongs to, when it is right within the window and newer than `lastStep`;
 * otherwise undefined. Refusing steps at or before the last accepted one keeps a code from being
 * accepted twice (RFC 6238 §5.2), even one seen over a shoulder while still fresh.
 */
export function acceptedStep(secret: string, code: string, lastStep: number, timestamp = Date.now()): number | undefined {
  const delta = totp(secret).validate({ token: code, timestamp, window: WINDOW });
  if (delta === null) return undefined;
  const step = Math.floor(timestamp / 1000 / PERIOD_SECONDS) + delta;
  return step > lastStep ? step : undefined;
}

/** Ten single-use recovery codes (xxxxx-xxxxx, 50 random bits each) and their stored hashes. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  // 32 letters and digits without l, o, 0 and 1, which read alike: each byte's low 5 bits pick one.
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...randomBytes(10)].map((b) => alphabet[b & 31]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
  return { codes, hashes: codes.map(hashRecoveryCode) };
}

export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(code.trim().toLowerCase()).digest('hex');
}
