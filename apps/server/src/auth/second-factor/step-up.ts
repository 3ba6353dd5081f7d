import { eq } from 'drizzle-orm';
import { ErrorCode, STEP_UP_MINUTES, STEP_UP_REQUIRED } from '@vigil/contracts';
import type { Db, Tx } from '../../db/client.ts';
import { sessions } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The call needs a recent sign-in or step-up, like the pairs of contracts' stepUpPairs (every list export sets it). */
    stepUp?: boolean;
  }
}

/** Refuses with -3 (STEP_UP_REQUIRED) unless the session proved who is there in the last few minutes. */
export async function requireRecentAuthentication(db: Db | Tx, sessionId: string, now = Date.now()): Promise<void> {
  const [row] = await db.select({ at: sessions.authenticatedAt }).from(sessions).where(eq(sessions.id, sessionId));
  if (!row || row.at.getTime() + STEP_UP_MINUTES * 60_000 < now) throw new AppError(ErrorCode.noPermission, STEP_UP_REQUIRED);
}

/** A password or code given again in this session: the step-up clock starts again. */
export async function markAuthenticated(db: Db, sessionId: string): Promise<void> {
  await db.update(sessions).set({ authenticatedAt: new Date() }).where(eq(sessions.id, sessionId));
}
