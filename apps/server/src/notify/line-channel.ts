import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { lineChannels } from '../db/schema/index.ts';
import type { SecretSealer } from '../auth/second-factor/sealing.ts';

/** An organisation's LINE channel credentials, opened from their sealed form. */
export type LineCredentials = { accessToken: string; channelSecret: string };

export async function loadLineCredentials(db: Db, sealer: SecretSealer, orgId: number): Promise<LineCredentials | undefined> {
  const [row] = await db.select().from(lineChannels).where(eq(lineChannels.orgId, orgId));
  if (!row) return undefined;
  return { accessToken: sealer.open(row.sealedToken), channelSecret: sealer.open(row.sealedSecret) };
}

/** Connects (or reconnects) an organisation's channel; both secrets are stored sealed. */
export async function saveLineCredentials(db: Db, sealer: SecretSealer, orgId: number, credentials: LineCredentials): Promise<void> {
  const values = { sealedToken: sealer.seal(credentials.accessToken), sealedSecret: sealer.seal(credentials.channelSecret), updatedAt: new Date() };
  await db
    .insert(lineChannels)
    .values({ orgId, ...values })
    .onConflictDoUpdate({ target: lineChannels.orgId, set: values });
}
