// The demo world's accounts, shared by the specs and global-setup.ts.
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
const stepOf = (ms: number) => Math.floor(ms / 30_000);
/** The newest step this process's sign-ins used per account: the server accepts each code once. */
const usedSteps = new Map<string, number>();

/**
 * A code of the demo authenticator no earlier sign-in of this process used: the current step's,
 * else the next one's (the server accepts one step ahead), else it waits for the step to come, as
 * a person would wait for the app's next code.
 */
export async function demoCode(account: string): Promise<string> {
  const step = Math.max(stepOf(Date.now()), (usedSteps.get(account) ?? 0) + 1);
  while (step > stepOf(Date.now()) + 1) await new Promise((r) => setTimeout(r, 1000));
  usedSteps.set(account, step);
  return totp.generate({ timestamp: step * 30_000 });
}
