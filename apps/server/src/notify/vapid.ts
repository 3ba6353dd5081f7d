import webpush from 'web-push';
import type { Db } from '../db/client.ts';
import type { SecretSealer } from '../auth/second-factor/sealing.ts';
import { ensureServerKey } from './server-keys.ts';

/** The server's VAPID key pair (RFC 8292), base64url as browsers and web-push take them. */
export type VapidKeys = { publicKey: string; privateKey: string };

/** The VAPID key pair, made and stored (private half sealed) the first time it is asked for. */
export async function ensureVapidKeys(db: Db, sealer: SecretSealer): Promise<VapidKeys> {
  const pair = await ensureServerKey(db, sealer, 'vapid', () => {
    const made = webpush.generateVAPIDKeys();
    return { publicValue: made.publicKey, secret: made.privateKey };
  });
  return { publicKey: pair.publicValue, privateKey: pair.secret };
}
