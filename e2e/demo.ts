// The demo world's accounts, shared by the specs and global-setup.ts.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Secret, TOTP } from 'otpauth';

/** docs/architecture.md "Demo mode": one account per role, all with this password. */
export const DEMO_PASSWORD = 'Demo1234';

export const demoAccounts = {
  engineer: 0,
  manager: 1,
  orgadmin: 2,
  orgarea: 3,
  orgstaff: 4,
  orgguard: 5,
  pharmadmin: 6,
  pharmstaff: 7,
  hospadmin: 8,
  hospdoctor: 9,
  clinicadmin: 10,
  clinicdoctor: 11,
  hoteladmin: 12,
  hotelarea: 13,
  guardadmin: 14,
  guardarea: 15,
  guardstaff: 16,
  aide: 17,
} as const;
export type DemoAccount = keyof typeof demoAccounts;

/** The login response body (`data` of POST /api/login), as SPEC §3 describes it. */
export type LoginData = {
  access_token: string;
  user: { name: string; headshot: string | null; id: number; org_id: number; area_id: number | null };
  api: { route: string; method: string }[];
  sidebar: { path: string; i18n: string; type: 0 | 1; name: string; lower: unknown[] }[];
  router: number;
};

/**
 * README "Demo accounts": the operator level always signs in with a second factor, so the demo
 * operators have an authenticator with this published secret (apps/server/src/demo/second-factor.ts).
 */
export const DEMO_TOTP_SECRET = 'VIGILDEMOVIGILDEMOVIGILDEMOAAAAA';
export const secondFactorAccounts: ReadonlySet<DemoAccount> = new Set<DemoAccount>(['engineer', 'manager']);

const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(DEMO_TOTP_SECRET) });

/** The demo authenticator's code of now: global-setup's one sign-in per operator, before any worker starts. */
export function demoTotpCode(): string {
  return totp.generate();
}

/** Where global-setup leaves the run's recovery codes of each demo operator. */
function recoveryFile(account: string): string {
  const dir = process.env.VIGIL_E2E_STATE_DIR;
  if (!dir) throw new Error('VIGIL_E2E_STATE_DIR is unset: global-setup.ts sets it before any sign-in');
  return join(dir, `recovery-${account}.json`);
}

export function saveRecoveryCodes(account: string, codes: string[]): void {
  writeFileSync(recoveryFile(account), JSON.stringify(codes));
}

/**
 * Answers a demo operator's second step in a worker. The server accepts each authenticator code
 * once and never one older than the last it accepted, and an authenticator gives one new code per
 * 30 s: workers signing in as `engineer` at once would refuse each other or wait. So global-setup,
 * signed in with the authenticator, makes the run ten recovery codes per operator; each sign-in
 * claims one no other worker has (a claim file made atomically), as a person would type one.
 * `send` submits the code and says whether it was accepted.
 */
export async function withDemoCode<T>(account: string, send: (code: string) => Promise<T | undefined>): Promise<T> {
  const file = recoveryFile(account);
  const codes = JSON.parse(readFileSync(file, 'utf8')) as string[];
  for (const code of codes) {
    try {
      writeFileSync(`${file}.${code}`, '', { flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw error;
    }
    const accepted = await send(code);
    if (accepted === undefined) throw new Error(`the run's recovery code for ${account} was refused`);
    return accepted;
  }
  throw new Error(`the run used all ${codes.length} recovery codes of ${account}: make global-setup ask for more`);
}
