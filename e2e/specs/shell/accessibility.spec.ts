import { enterCode, expect, loginAs, test } from '../../fixtures.ts';
import { expectNoSeriousAxeViolations } from './helpers.ts';

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme });

    test('the sign-in page has no serious accessibility violations', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
      await expectNoSeriousAxeViolations(page, `sign-in (${colorScheme})`);
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await expect(page.getByText('Invalid input').first()).toBeVisible();
      await expectNoSeriousAxeViolations(page, `sign-in with errors (${colorScheme})`);
    });

    test('the shell has no serious accessibility violations', async ({ page }) => {
      await loginAs(page, 'orgadmin');
      await expect(page.getByTestId('greeting')).toBeVisible();
      await expect(page.getByTestId('home-identity').getByText(/Organisation:/)).toBeVisible();
      await expectNoSeriousAxeViolations(page, `home (${colorScheme})`);
      await page.goto('/personal');
      await expect(page.getByTestId('personal-account')).toHaveText('orgadmin');
      await expectNoSeriousAxeViolations(page, `personal (${colorScheme})`);
      await page.getByTestId('account-menu-button').click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectNoSeriousAxeViolations(page, `account menu (${colorScheme})`);
    });
  });
}

test('the sign-in page works from the keyboard alone', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByLabel('Account', { exact: true })).toBeFocused();
  await page.keyboard.type('manager');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type('Demo1234');
  await page.keyboard.press('Enter');
  // The operator's second step: the code field takes the focus, Enter sends it.
  await expect(page.getByLabel('Code', { exact: true })).toBeFocused();
  await enterCode(page, 'manager', 'keyboard');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
});

test('the shell works from the keyboard alone', async ({ page }) => {
  await loginAs(page, 'orgarea');
  // A fresh load starts keyboard focus at the top of the document.
  await page.reload();
  await expect(page.getByTestId('greeting')).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();

  // Account menu: reach it by tabbing, open with Enter, choose with the arrow keys.
  const account = page.getByTestId('account-menu-button');
  for (let i = 0; i < 40 && !(await account.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Shift+Tab');
  await expect(account).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  // The menu focuses its first item on opening; the arrows move between items.
  await expect(page.getByRole('menuitem', { name: 'Personal information' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Modify password' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/personal$/);

  // Sidebar toggle and a sidebar link by keyboard.
  const toggle = page.getByTestId('sidebar-toggle');
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const home = page.getByTestId('sidebar').getByRole('link', { name: 'Home' });
  await home.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);

  // Language menu by keyboard.
  await page.getByTestId('language-menu-button').focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('lang', /zh-TW|en/);
  await page.keyboard.press('Escape');
});
