import { type PageKey, Page as Pages, type Role, rolePages } from '@vigil/contracts';
import { type DemoAccount, expect, loginAs, test } from '../../fixtures.ts';
import { sidebarPaths, storedSession } from './helpers.ts';

const roles: Record<string, Exclude<Role, -1>> = { engineer: 0, orgadmin: 2, pharmstaff: 7, hoteladmin: 12 };

async function sidebarOf(page: import('@playwright/test').Page, account: DemoAccount) {
  // Start each role signed out so one page can compare several roles. Clear storage from a page
  // where the console is not running, or it would write its in-memory session back.
  await page.goto('/favicon.svg');
  await page.evaluate(() => localStorage.clear());
  await loginAs(page, account);
  const paths = await sidebarPaths(page);
  const session = await storedSession(page);
  return { paths, allowedGet: (session?.allowed as Record<string, string[]>).GET };
}

test.describe('sidebars by role', () => {
  for (const [account, role] of Object.entries(roles)) {
    test(`${account}: only pages of its route table that it may GET`, async ({ page }) => {
      const { paths, allowedGet } = await sidebarOf(page, account as DemoAccount);
      const own = new Set(rolePages(role).map((p) => `/${p}`));
      // The Home entry comes first: `/` when home is the landing page, else `/home` (`/` leads to the landing page).
      expect(['/', '/home'], 'the sidebar starts with Home').toContain(paths[0]);
      for (const path of paths.slice(1)) {
        if (path === '/' || path === '/home') continue;
        expect(own.has(path), `${path} belongs to ${account}`).toBe(true);
        const key = path.slice(1) as PageKey;
        expect(allowedGet, `${account} may GET ${Pages[key].resource}`).toContain(Pages[key].resource);
      }
    });
  }

  test('roles see different sidebars: pharmacy staff never see organisation or care pages', async ({ page }) => {
    // Four sign-ins in one test: a loaded two-core machine needs more than one sign-in's time cap.
    test.slow();
    const org = await sidebarOf(page, 'orgadmin');
    const pharm = await sidebarOf(page, 'pharmstaff');
    const hotel = await sidebarOf(page, 'hoteladmin');
    const engineer = await sidebarOf(page, 'engineer');
    const pharmacyPages = new Set(['/', '/home', '/medication-delivery']);
    expect(pharm.paths.filter((p) => !pharmacyPages.has(p))).toEqual([]);
    // Vital signs belong to care roles, never to hotels or the operator.
    expect(hotel.paths.some((p) => p === '/heartrate')).toBe(false);
    expect(engineer.paths.some((p) => p === '/heartrate' || p === '/area')).toBe(false);
    expect(org.paths.length).toBeGreaterThan(pharm.paths.length);
    expect(new Set(org.paths)).not.toEqual(new Set(hotel.paths));
  });

  test('the current top-level path is highlighted', async ({ page }) => {
    await loginAs(page, 'orgadmin');
    await expect(page.getByTestId('sidebar').getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  });
});

test.describe('breadcrumbs', () => {
  test('home first, then the shared page name', async ({ page }) => {
    await loginAs(page, 'hospadmin');
    await page.goto('/pass-modify');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(crumbs.getByText('Modify password')).toHaveAttribute('aria-current', 'page');
    await crumbs.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a detail page names its record instead of the id', async ({ page }) => {
    await loginAs(page, 'orgadmin');
    await page.goto('/member/info/1');
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText(/\S/);
    const name = (await heading.textContent()) ?? '';
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByText(name, { exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(crumbs.getByText('1', { exact: true })).toHaveCount(0);
  });

  test.describe('in Chinese', () => {
    test.use({ timezoneId: 'Asia/Taipei' });
    test('personal information is labelled the same for every role', async ({ page }) => {
      await page.goto('/login');
      await page.getByLabel('帳號', { exact: true }).fill('hotelarea');
      await page.getByLabel('密碼', { exact: true }).fill('Demo1234');
      await page.getByRole('button', { name: '登入', exact: true }).click();
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await page.goto('/personal');
      const crumbs = page.getByRole('navigation', { name: '導覽路徑' });
      await expect(crumbs.getByRole('link', { name: '首頁' })).toBeVisible();
      await expect(crumbs.getByText('個人資料')).toHaveAttribute('aria-current', 'page');
    });
  });
});

test('an action is disabled without its permission', async ({ page }) => {
  await loginAs(page, 'orgguard');
  await page.goto('/personal');
  await expect(page.getByRole('button', { name: 'Edit profile' })).toBeEnabled();
  // Drop PUT /personal from the stored permission list: the button bound to it must disable.
  await page.evaluate(() => {
    const session = JSON.parse(localStorage.getItem('session')!);
    session.allowed.PUT = session.allowed.PUT.filter((r: string) => r !== '/personal');
    localStorage.setItem('session', JSON.stringify(session));
  });
  await page.reload();
  await expect(page.getByRole('button', { name: 'Edit profile' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Edit profile' })).toHaveAttribute('title', 'You do not have permission for this action');
});
