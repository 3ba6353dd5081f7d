import type { APIRequestContext, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { DEMO_PASSWORD, apiLogin, expect, test } from '../../fixtures.ts';

/*
 * Second factors in the browser: an authenticator app enrolled and used to sign in, a passkey made
 * with Chromium's virtual authenticator and used to sign in without a password, and an
 * organisation that requires a second factor sending its admin to enrolment first. Each test signs
 * in as a staff member of its own, made for it, so the demo accounts other specs use stay as they are.
 */

const run = Date.now().toString(36).slice(-5);
let seq = 0;

/** A new organisation admin (role 2) of the demo care home, or of `orgId`; returns the account name. */
async function newAdmin(request: APIRequestContext, creator: 'orgadmin' | 'manager', orgId?: number): Promise<string> {
  seq += 1;
  const account = `mfa${run}${seq}`;
  const { access_token } = await apiLogin(request, creator);
  const response = await request.post('/api/staff', {
    headers: { authorization: `Bearer ${access_token}` },
    data: { account, password: DEMO_PASSWORD, name: `MFA ${account}`, role: 2, ...(orgId && { org_id: orgId }) },
  });
  expect(response.status(), `POST /api/staff ${account}`).toBe(200);
  return account;
}

async function passwordStep(page: Page, account: string) {
  await page.goto('/login');
  await page.getByLabel('Account', { exact: true }).fill(account);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

async function signOut(page: Page) {
  await page.getByTestId('account-menu-button').click();
  await page.getByTestId('logout').click();
  await page.waitForURL((url) => url.pathname.startsWith('/login'));
}

test('enrol an authenticator app, sign out, sign in with password and code', async ({ page, request }) => {
  const account = await newAdmin(request, 'orgadmin');
  await passwordStep(page, account);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));

  await page.goto('/second-factor');
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  const app = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
  // Each step's code is accepted once (RFC 6238 §5.2): enrolment takes this step's, the sign-in below
  // the next step's, which the server's one-step window accepts whether or not the step has turned.
  const enrolledAt = Date.now();
  await page.getByLabel('Code from the app').fill(app.generate({ timestamp: enrolledAt }));
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText(/^On\. 10 recovery codes left\./)).toBeVisible();

  await signOut(page);
  await passwordStep(page, account);
  await page.getByLabel('Code', { exact: true }).fill(app.generate({ timestamp: enrolledAt + 30_000 }));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await expect(page.getByTestId('account-menu-button')).toBeVisible();
});

test('register a passkey with the virtual authenticator and sign in with it, no password', async ({ page, request, baseURL }) => {
  // WebAuthn takes a domain, never an IP address, as its relying party: the console is opened as localhost.
  const origin = baseURL!.replace('127.0.0.1', 'localhost');
  const account = await newAdmin(request, 'orgadmin');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });

  await page.goto(`${origin}/login`);
  await page.getByLabel('Account', { exact: true }).fill(account);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto(`${origin}/second-factor`);
  await page.getByLabel('Name of the passkey').fill('Ward tablet');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByRole('list', { name: 'Passkeys' }).getByText('Ward tablet')).toBeVisible();

  await signOut(page);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await expect(page.getByTestId('account-menu-button')).toBeVisible();
});

test('an organisation that requires a second factor sends an admin without one to enrolment first', async ({ page, request }) => {
  const { access_token } = await apiLogin(request, 'manager');
  const org = await request.post('/api/org', {
    headers: { authorization: `Bearer ${access_token}` },
    data: { name: `MFA care ${run}`, type: 1, require_second_factor: true },
  });
  expect(org.status()).toBe(200);
  const orgId = ((await org.json()) as { data: { id: number } }).data.id;
  const account = await newAdmin(request, 'manager', orgId);

  await passwordStep(page, account);
  await page.waitForURL((url) => url.pathname === '/second-factor');
  await expect(page.getByTestId('second-factor-required')).toBeVisible();
  // Any other page leads back to enrolment until a factor is set up.
  await page.goto('/staff');
  await page.waitForURL((url) => url.pathname === '/second-factor');
});
