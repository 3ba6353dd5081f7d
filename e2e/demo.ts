// The demo world's accounts, shared by the specs and global-setup.ts.
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
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
const stepOf = (ms: number) => Math.floor(ms / 30_000);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Where the workers keep the demo authenticator's shared state (global-setup sets it to the run's folder). */
function stateDir(): string {
  const dir = process.env.VIGIL_E2E_STATE_DIR;
  if (!dir) throw new Error('VIGIL_E2E_STATE_DIR is unset: global-setup.ts sets it before any sign-in');
  return dir;
}

/** Holds the account's authenticator alone: a directory made atomically is the lock, across workers. */
async function holdAuthenticator<T>(account: string, work: () => Promise<T>): Promise<T> {
  const lock = join(stateDir(), `totp-${account}.lock`);
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // A worker killed mid-sign-in leaves its lock; no sign-in holds it for a minute.
      if (Date.now() - statSync(lock, { throwIfNoEntry: false })!.mtimeMs > 60_000) rmSync(lock, { recursive: true, force: true });
      else await pause(50);
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * Answers the demo operators' second step for every worker of the run in turn. The server accepts
 * each code once and never one older than the last it accepted, so two workers signing in as
 * `engineer` at once would refuse each other: they take the authenticator one at a time, each the
 * step after the last one used (the current step's code, or the next one's, which the server
 * accepts; else waiting for the step to come, as a person waits for the app's next code). `send`
 * submits a code and says whether it was accepted; a refused one is tried again with the next.
 */
export async function withDemoCode<T>(account: string, send: (code: string) => Promise<T | undefined>): Promise<T> {
  return holdAuthenticator(account, async () => {
    const stepFile = join(stateDir(), `totp-${account}.step`);
    for (let attempt = 1; ; attempt += 1) {
      const last = existsSync(stepFile) ? Number(readFileSync(stepFile, 'utf8')) : 0;
      const step = Math.max(stepOf(Date.now()), last + 1);
      while (step > stepOf(Date.now()) + 1) await pause(250);
      writeFileSync(stepFile, String(step));
      const accepted = await send(totp.generate({ timestamp: step * 30_000 }));
      if (accepted !== undefined) return accepted;
      if (attempt === 3) throw new Error(`the demo authenticator's codes were refused for ${account}`);
    }
  });
}
