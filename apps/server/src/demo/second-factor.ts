import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { staff, staffTotp } from '../db/schema/index.ts';
import type { SecretSealer } from '../auth/second-factor/sealing.ts';

/**
 * The demo operators' authenticator secret, published in the README beside the demo accounts: the
 * operator level always signs in with a second factor, so `engineer` and `manager` have one from
 * the start. Add it to any authenticator app (or compute the code, as the tests' sign-in helpers
 * do). A demo secret, like the demo password: never a real deployment's.
 */
export const DEMO_TOTP_SECRET = 'VIGILDEMOVIGILDEMOVIGILDEMOAAAAA';
export const DEMO_OPERATOR_ACCOUNTS = ['engineer', 'manager'];

/** Enrols the demo operators' authenticator, sealed with this server's key. */
export async function seedDemoSecondFactor(db: Db, sealer: SecretSealer): Promise<void> {
  const operators = await db.select({ id: staff.id }).from(staff).where(inArray(staff.account, DEMO_OPERATOR_ACCOUNTS));
  if (operators.length === 0) return;
  await db
    .insert(staffTotp)
    .values(operators.map((o) => ({ staffId: o.id, secret: sealer.seal(DEMO_TOTP_SECRET), confirmedAt: new Date() })))
    .onConflictDoNothing();
}
