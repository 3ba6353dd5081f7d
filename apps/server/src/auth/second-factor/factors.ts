import { and, eq, lt, sql } from 'drizzle-orm';
import { adminRoles, operatorRoles, type SecondFactorMethod, type StaffRole } from '@vigil/contracts';
import type { Db } from '../../db/client.ts';
import { passkeys, staffTotp } from '../../db/schema/index.ts';
import type { SecretSealer } from './sealing.ts';
import { acceptedStep, hashRecoveryCode } from './totp.ts';

/** The operator level always needs a second factor; an organisation's admin roles when it says so. */
export function secondFactorRequired(role: StaffRole, orgRequires: boolean): boolean {
  return operatorRoles.has(role) || (orgRequires && adminRoles.has(role));
}

/** The second factors a staff member has: a confirmed authenticator, passkeys. */
export async function factorMethods(db: Db, staffId: number): Promise<SecondFactorMethod[]> {
  const [row] = await db
    .select({
      totp: sql<boolean>`exists (select 1 from ${staffTotp} where ${staffTotp.staffId} = ${staffId} and ${staffTotp.confirmedAt} is not null)`,
      passkey: sql<boolean>`exists (select 1 from ${passkeys} where ${passkeys.staffId} = ${staffId})`,
    })
    .from(sql`(select 1) as one`);
  const methods: SecondFactorMethod[] = [];
  if (row?.totp) methods.push('totp');
  if (row?.passkey) methods.push('passkey');
  return methods;
}

/**
 * Whether `code` proves the staff member holds their authenticator: a TOTP code newer than the
 * last one accepted, or one of their unused recovery codes, which is then used up. Both updates
 * are conditional, so of two requests with the same code only one succeeds.
 */
export async function verifyAuthenticatorCode(db: Db, sealer: SecretSealer, staffId: number, code: string): Promise<boolean> {
  const [row] = await db
    .select({ secret: staffTotp.secret, lastStep: staffTotp.lastStep })
    .from(staffTotp)
    .where(and(eq(staffTotp.staffId, staffId), sql`${staffTotp.confirmedAt} is not null`));
  if (!row) return false;
  if (/^\d{6}$/.test(code)) {
    const step = acceptedStep(sealer.open(row.secret), code, row.lastStep);
    if (step === undefined) return false;
    const taken = await db
      .update(staffTotp)
      .set({ lastStep: step })
      .where(and(eq(staffTotp.staffId, staffId), lt(staffTotp.lastStep, step)))
      .returning({ staffId: staffTotp.staffId });
    return taken.length === 1;
  }
  const hash = hashRecoveryCode(code);
  const used = await db
    .update(staffTotp)
    .set({ recoveryCodeHashes: sql`${staffTotp.recoveryCodeHashes} - ${hash}::text` })
    .where(and(eq(staffTotp.staffId, staffId), sql`${staffTotp.recoveryCodeHashes} ? ${hash}::text`))
    .returning({ staffId: staffTotp.staffId });
  return used.length === 1;
}
