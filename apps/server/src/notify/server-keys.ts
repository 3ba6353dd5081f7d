import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { serverKeys } from '../db/schema/index.ts';
import type { SecretSealer } from '../auth/second-factor/sealing.ts';

export type KeyPair = { publicValue: string; secret: string };

/**
 * A server-wide key pair made once and kept in the database, its secret half sealed. Two instances
 * starting together may both make one: the first insert wins and both read it back, so every
 * instance signs with the same key.
 */
export async function ensureServerKey(db: Db, sealer: SecretSealer, name: string, make: () => KeyPair): Promise<KeyPair> {
  const read = async () => (await db.select().from(serverKeys).where(eq(serverKeys.name, name)))[0];
  let row = await read();
  if (!row) {
    const made = make();
    await db
      .insert(serverKeys)
      .values({ name, publicValue: made.publicValue, sealedSecret: sealer.seal(made.secret) })
      .onConflictDoNothing();
    row = await read();
  }
  return { publicValue: row!.publicValue, secret: sealer.open(row!.sealedSecret) };
}
