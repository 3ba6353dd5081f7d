import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { ErrorCode, type LoginRequest, type LoginResponse, type StaffRole } from '@vigil/contracts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { orgs, staff } from '../db/schema/index.ts';
import { AppError, TooManyAttempts } from '../http/errors.ts';
import type { LoginThrottle } from './login-throttle.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { loadGrants } from './permissions.ts';
import { createSession } from './sessions.ts';
import { sidebarForOrg } from './sidebar.ts';

export type SignInDeps = { db: Db; config: Config; throttle: LoginThrottle };
export type ClientInfo = { ip: string; userAgent?: string };

let dummyHash: Promise<string> | undefined;
/** Verifying against this when the account is unknown makes both failures cost the same time. */
function unknownAccountHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(12).toString('base64url'));
  return dummyHash;
}

/**
 * SPEC §3 sign-in. Wrong account and wrong password answer the same -2 (an attacker cannot probe
 * which accounts exist); the disabled check (-4) comes only after a correct password for the same
 * reason. Failures are throttled per account and per address before any hash is computed.
 */
export async function signIn({ db, config, throttle }: SignInDeps, input: LoginRequest, client: ClientInfo): Promise<LoginResponse> {
  const retryAfter = await throttle.retryAfter(input.account, client.ip);
  if (retryAfter > 0) throw new TooManyAttempts(retryAfter);

  const [account] = await db
    .select({
      id: staff.id,
      name: staff.name,
      headshot: staff.headshot,
      orgId: staff.orgId,
      areaId: staff.areaId,
      role: staff.role,
      passwordHash: staff.passwordHash,
      enabled: staff.enabled,
      orgEnabled: orgs.enabled,
    })
    .from(staff)
    .innerJoin(orgs, eq(orgs.id, staff.orgId))
    .where(eq(sql`lower(${staff.account})`, input.account.toLowerCase()));

  const valid = await verifyPassword(account?.passwordHash ?? (await unknownAccountHash()), input.password);
  if (!account || !valid) {
    await throttle.recordFailure(input.account, client.ip);
    throw new AppError(ErrorCode.loginFailed);
  }
  await throttle.recordSuccess(input.account, client.ip);
  if (!account.enabled || !account.orgEnabled) throw new AppError(ErrorCode.accountDisabled);

  const role = account.role as StaffRole;
  const { api, sidebar: roleSidebar } = await loadGrants(db, account.id, role);
  // The same tree GET /sidebar answers: the role's, less the organisation's switched-off features.
  const sidebar = await sidebarForOrg(db, account.orgId, roleSidebar);
  const accessToken = await createSession(db, config, account.id, client);
  return {
    access_token: accessToken,
    user: { name: account.name, headshot: account.headshot, id: account.id, org_id: account.orgId, area_id: account.areaId },
    api,
    sidebar,
    router: role,
  };
}
