import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { chromiumAvailable, chromiumPath } from './playwright.config.ts';
import { DEMO_PASSWORD, type DemoAccount, type LoginData, secondFactorAccounts, withDemoCode } from './demo.ts';

export { DEMO_PASSWORD, DEMO_TOTP_SECRET, demoAccounts, type DemoAccount, type LoginData } from './demo.ts';

/**
 * Use this `test` in every spec: outside CI, a machine without Chromium skips instead of failing
 * (global-setup.ts then starts no server); in CI the specs always run.
 */
export const test = base.extend<{ chromiumCheck: void }>({
  /**
   * API calls on a connection of their own. Playwright keeps every spec's API sockets in one pool
   * with no idle limit: a socket left idle for the server's keep-alive time (72 s, which a long
   * browser story reaches on a busy machine) is closed by the server just as the next spec's first
   * call takes it, and that call fails with ECONNRESET.
   */
  request: async ({ playwright, baseURL }, use) => {
    const context = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { connection: 'close' } });
    await use(context);
    await context.dispose();
  },
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
  if (secondFactorAccounts.has(account) && password === DEMO_PASSWORD) await enterCode(page, account);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/**
 * The sign-in page's second step: one of the run's recovery codes of the demo operator, no other
 * worker's (withDemoCode). `keyboard` types it into the focused field and sends it with Enter, as a
 * keyboard-only user would.
 */
export async function enterCode(page: Page, account: DemoAccount, how: 'pointer' | 'keyboard' = 'pointer'): Promise<void> {
  const field = page.getByLabel('Code', { exact: true });
  await withDemoCode(account, async (code) => {
    if (how === 'keyboard') {
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type(code);
      await page.keyboard.press('Enter');
    } else {
      await field.fill(code);
      await page.getByRole('button', { name: 'Verify', exact: true }).click();
    }
    const outcome = await Promise.race([
      page.waitForURL((url) => !url.pathname.startsWith('/login')).then(() => true),
      page.getByTestId('login-error').waitFor().then(() => undefined),
    ]);
    return outcome;
  });
}

/** Signs in through the API; use the token as `Authorization: Bearer <access_token>`. */
export async function apiLogin(request: APIRequestContext, account: DemoAccount, password: string = DEMO_PASSWORD): Promise<LoginData> {
  const response = await request.post('/api/login', { data: { account, password } });
  expect(response.status(), `POST /api/login as ${account}`).toBe(200);
  const body = (await response.json()) as { data: LoginData | { second_factor: { token: string } } };
  if (!('second_factor' in body.data)) return body.data;
  const { token } = body.data.second_factor;
  return withDemoCode(account, async (code) => {
    const second = await request.post('/api/login/totp', { data: { token, code } });
    return second.status() === 200 ? ((await second.json()) as { data: LoginData }).data : undefined;
  });
}

/** An open alert as the bell's list holds it: enough to recognise the one a spec raised. */
export type FeedAlert = { id: number; type: number; source: { user: { id: number } | null; device: { id: number } | null } };

/**
 * The bell's own list request, caught as the page makes it: call before the navigation that opens
 * the console. Other workers raise and handle the same organisation's alerts meanwhile, so a spec
 * holds the bell to what this same query answers now, never to a count taken earlier.
 */
export function bellFeedQuery(page: Page): Promise<URL> {
  return page
    .waitForRequest((r) => /\/api\/abnormal\?/.test(r.url()) && r.url().includes('is_handle=0'))
    .then((r) => new URL(r.url()));
}

/**
 * True once the server's answer to the bell's query holds an alert `mine` recognises and the bell,
 * fed by the socket, counts exactly what the server has: the alert reached the bell live.
 */
export async function bellCountsServer(page: Page, request: APIRequestContext, token: string, feed: URL, mine: (a: FeedAlert) => boolean): Promise<boolean> {
  const res = await request.get(`${feed.pathname}${feed.search}`, { headers: { authorization: `Bearer ${token}` } });
  const answer = (await res.json()) as { data: { list: FeedAlert[]; total: number } };
  if (!answer.data.list.some(mine)) return false;
  return Number(await page.getByTestId('abnormal-bell-count').getAttribute('data-count')) === answer.data.total;
}
