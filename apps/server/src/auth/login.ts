import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { ErrorCode, type LoginAnswer, type LoginRequest, type LoginResponse, type StaffRole } from '@vigil/contracts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { orgs, staff } from '../db/schema/index.ts';
import { AppError, TooManyAttempts } from '../http/errors.ts';
import type { LoginThrottle } from './login-throttle.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { loadGrants } from './permissions.ts';
import { createSession } from './sessions.ts';
import { sidebarForOrg } from './sidebar.ts';
import { createChallenge } from './second-factor/challenges.ts';
import { factorMethods } from './second-factor/factors.ts';

export type SignInDeps = { db: Db; config: Config; throttle: LoginThrottle };
export type ClientInfo = { ip: string; userAgent?: string };

let dummyHash: Promise<string> | undefined;
/** Verifying against this when the account is unknown makes both failures cost the same time. */
function unknownAccountHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(12).toString('base64url'));
  return dummyHash;
}

const accountColumns = {
  id: staff.id,
  account: staff.account,
  name: staff.name,
  headshot: staff.headshot,
  orgId: staff.orgId,
  areaId: staff.areaId,
  role: staff.role,
  passwordHash: staff.passwordHash,
  enabled: staff.enabled,
  orgEnabled: orgs.enabled,
};

/** The staff member signing in, by account name (case-insensitive) or id. */
export async function findAccount(db: Db, by: { account: string } | { id: number }) {
  const [account] = await db
    .select(accountColumns)
    .from(staff)
    .innerJoin(orgs, eq(orgs.id, staff.orgId))
    .where('account' in by ? eq(sql`lower(${staff.account})`, by.account.toLowerCase()) : eq(staff.id, by.id));
  return account;
}
export type SigningInAccount = NonNullable<Awaited<ReturnType<typeof findAccount>>>;

/**
 * SPEC §3 sign-in. Wrong account and wrong password answer the same -2 (an attacker cannot probe
 * which accounts exist); the disabled check (-4) comes only after a correct password for the same
 * reason. Failures are throttled per account and per address before any hash is computed. An
 * account with a second factor gets a challenge token instead of a session (POST /login/totp,
 * /login/passkey); its throttle delays are then cleared only when the second step succeeds, so a
 * known password does not buy free guesses at the code.
 */
export async function signIn({ db, config, throttle }: SignInDeps, input: LoginRequest, client: ClientInfo): Promise<LoginAnswer> {
  const retryAfter = await throttle.retryAfter(input.account, client.ip);
  if (retryAfter > 0) throw new TooManyAttempts(retryAfter);

  const account = await findAccount(db, { account: input.account });
  const valid = await verifyPassword(account?.passwordHash ?? (await unknownAccountHash()), input.password);
  if (!account || !valid) {
    await throttle.recordFailure(input.account, client.ip);
    throw new AppError(ErrorCode.loginFailed);
  }
  if (!account.enabled || !account.orgEnabled) {
    await throttle.recordSuccess(input.account, client.ip);
    throw new AppError(ErrorCode.accountDisabled);
  }
  const methods = await factorMethods(db, account.id);
  if (methods.length > 0) {
    const token = await createChallenge(db, { staffId: account.id, challenge: null });
    return { second_factor: { token, methods } };
  }
  await throttle.recordSuccess(input.account, client.ip);
  return startSignedIn(db, config, account, client);
}

/** Opens the session of a staff member who has proved who they are, and answers as SPEC §3 says. */
export async function startSignedIn(db: Db, config: Config, account: SigningInAccount, client: ClientInfo): Promise<LoginResponse> {
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
