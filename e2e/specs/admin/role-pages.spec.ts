import type { Page } from '@playwright/test';
import { type DemoAccount, expect, loginAs, test } from '../../fixtures.ts';
import { sidebarPaths } from '../shell/helpers.ts';

/**
 * Issue 32 items 2 and 3: the role page of every administrator (operators' "Default roles", an
 * organisation's "Role settings"), the change logs of staff and doctors, and the organisation
 * guard's console (live wall, live device state, abnormal log). Each page is opened from the
 * sidebar, as a user would, and no API call may fail on the way.
 */

/** Collects every API answer of 400 or more and every uncaught error while a story runs. */
function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400 && new URL(r.url()).pathname.startsWith('/api/')) problems.push(`${r.request().method()} ${r.url()} answered ${r.status()}`);
  });
  page.on('pageerror', (e) => problems.push(`uncaught ${e.message} on ${page.url()}`));
  return problems;
}

/** Opens `path` from the sidebar, expanding its group first if navigating folded it. */
async function openFromSidebar(page: Page, path: string): Promise<void> {
  const sidebar = page.getByTestId('sidebar');
  const link = sidebar.locator(`a[href="${path}"]`).first();
  const collapsed = sidebar.locator('[aria-expanded="false"]');
  for (let i = 0; i < 20 && !(await link.isVisible()) && (await collapsed.count()) > 0; i++) await collapsed.first().click();
  await link.click();
  await page.waitForURL((url) => url.pathname === path);
}

/** Signs in and checks which pages the sidebar lists. */
async function signIn(page: Page, account: DemoAccount, has: string[], hasNot: string[] = []): Promise<void> {
  await loginAs(page, account);
  const paths = await sidebarPaths(page);
  for (const path of has) expect(paths, `${account} has ${path}`).toContain(path);
  for (const path of hasNot) expect(paths, `${account} has no ${path}`).not.toContain(path);
}

test('the organisation guard watches its residents: live wall, device states and positions, alerts', async ({ page }) => {
  const problems = watchProblems(page);
  await signIn(page, 'orgguard', ['/member', '/wall', '/device-real-time', '/abnormal-log'], ['/role', '/change-log-staff']);
  await openFromSidebar(page, '/wall');
  await expect(page.getByRole('article').first()).toBeVisible();
  await openFromSidebar(page, '/device-real-time');
  const devices = page.getByRole('table', { name: 'Live device state' });
  await expect(devices.getByRole('row').nth(1)).toBeVisible();
  await openFromSidebar(page, '/abnormal-log');
  await expect(page.getByRole('heading', { name: 'Abnormal log' })).toBeVisible();
  expect(problems).toEqual([]);
});

test('an area admin reads the roles it may give its staff, and both change logs', async ({ page }) => {
  const problems = watchProblems(page);
  await signIn(page, 'orgarea', ['/role', '/change-log-staff', '/change-log-member']);
  await openFromSidebar(page, '/role');
  await expect(page.getByRole('heading', { name: 'Role settings' })).toBeVisible();
  const roles = page.getByRole('table', { name: 'Role settings' });
  await expect(roles.getByRole('cell', { name: 'Organisation staff', exact: true })).toBeVisible();
  await expect(roles.getByRole('cell', { name: 'Area admin', exact: true })).toBeVisible();
  await expect(roles.getByRole('cell', { name: 'Organisation admin', exact: true })).toHaveCount(0);
  await expect(roles.getByRole('combobox')).toHaveCount(0);
  await openFromSidebar(page, '/change-log-staff');
  await expect(page.getByRole('heading', { name: 'Staff change log' })).toBeVisible();
  expect(problems).toEqual([]);
});

test('SPEC’s shared table: a hospital doctor has the change logs but not the admin pages of the same menu', async ({ page }) => {
  const problems = watchProblems(page);
  await signIn(page, 'hospdoctor', ['/change-log-staff', '/change-log-member', '/opd'], ['/role', '/area', '/staff', '/audit']);
  await openFromSidebar(page, '/change-log-member');
  await expect(page.getByRole('heading', { name: 'Patient change log' })).toBeVisible();
  expect(problems).toEqual([]);
});

test('operators set the default roles', async ({ page }) => {
  const problems = watchProblems(page);
  await signIn(page, 'manager', ['/role']);
  await openFromSidebar(page, '/role');
  await expect(page.getByRole('heading', { name: 'Default roles' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'API permission group of Hospital doctor' })).toBeVisible();
  expect(problems).toEqual([]);
});

// One story per admin, each in a browser context of its own: no session, cookie or cached list of
// the previous account can leak into the next one's page.
for (const [account, role] of [
  ['hotelarea', 'Hotel area admin'],
  ['guardarea', 'Guard staff'],
  ['clinicadmin', 'Clinic doctor'],
] as const) {
  test(`${account} has its role page, listing ${role}`, async ({ page }) => {
    const problems = watchProblems(page);
    await signIn(page, account, ['/role']);
    await openFromSidebar(page, '/role');
    await expect(page.getByRole('table', { name: 'Role settings' }).getByRole('cell', { name: role, exact: true })).toBeVisible();
    expect(problems).toEqual([]);
  });
}
