import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { chromiumAvailable, chromiumPath } from './playwright.config.ts';

/** ARCHITECTURE.md "Demo mode": one account per role, all with this password. */
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
 * Use this `test` in every spec: outside CI, a machine without Chromium skips instead of failing
 * (global-setup.ts then starts no server); in CI the specs always run.
 */
export const test = base.extend<{ chromiumCheck: void }>({
  chromiumCheck: [
    async ({}, use) => {
      test.skip(!chromiumAvailable && !process.env.CI, `${chromiumPath} is missing: apt-get install -y chromium`);
      await use();
    },
    { auto: true },
  ],
});
export { expect };

/** Signs in through the login form (English labels) and waits to leave /login. */
export async function loginAs(page: Page, account: DemoAccount, password: string = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Account', { exact: true }).fill(account);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** Signs in through the API; use the token as `Authorization: Bearer <access_token>`. */
export async function apiLogin(request: APIRequestContext, account: DemoAccount, password: string = DEMO_PASSWORD): Promise<LoginData> {
  const response = await request.post('/api/login', { data: { account, password } });
  expect(response.status(), `POST /api/login as ${account}`).toBe(200);
  const body = (await response.json()) as { data: LoginData };
  return body.data;
}
