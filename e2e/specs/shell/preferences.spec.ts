import { expect, loginAs, test } from '../../fixtures.ts';

test.describe('language', () => {
  test.describe('in Taipei', () => {
    test.use({ timezoneId: 'Asia/Taipei' });
    test('defaults to Traditional Chinese', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('heading', { name: '登入' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
    });
  });

  test.describe('in Shanghai', () => {
    test.use({ timezoneId: 'Asia/Shanghai' });
    test('defaults to Traditional Chinese too', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('heading', { name: '登入' })).toBeVisible();
    });
  });

  test('defaults to English elsewhere, and a choice is remembered across reloads', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByRole('button', { name: '中文' }).click();
    await expect(page.getByRole('heading', { name: '登入' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('zh-TW');
    await page.reload();
    await expect(page.getByRole('heading', { name: '登入' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
  });

  test('the shell language menu switches and remembers, and the drawer narrows for Chinese', async ({ page }) => {
    await loginAs(page, 'hoteladmin');
    const drawer = page.locator('#app-sidebar');
    await expect(drawer).toHaveCSS('width', '280px');
    await page.getByTestId('language-menu-button').click();
    await page.getByRole('menuitem', { name: '中文' }).click();
    await expect(page.getByRole('link', { name: '首頁' }).first()).toBeVisible();
    await expect(drawer).toHaveCSS('width', '240px');
    await page.reload();
    await expect(page.getByRole('navigation', { name: '導覽路徑' })).toBeVisible();
    await page.getByTestId('language-menu-button').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('en');
  });
});

test.describe('theme from a dark operating system', () => {
  test.use({ colorScheme: 'dark' });
  test('follows the operating system, then remembers the toggle', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByTestId('theme-toggle')).toHaveAttribute('data-mode', 'dark');
    await page.getByTestId('theme-toggle').click();
    await expect(page.getByTestId('theme-toggle')).toHaveAttribute('data-mode', 'light');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    await page.reload();
    await expect(page.getByTestId('theme-toggle')).toHaveAttribute('data-mode', 'light');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(243, 246, 247)');
  });
});

test.describe('theme', () => {
  test('the shell toggle switches to dark and it survives sign-in and reload', async ({ page }) => {
    await loginAs(page, 'guardadmin');
    await page.getByTestId('theme-toggle').click();
    await expect(page.getByTestId('theme-toggle')).toHaveAttribute('data-mode', 'dark');
    await page.reload();
    await expect(page.getByTestId('theme-toggle')).toHaveAttribute('data-mode', 'dark');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(14, 21, 24)');
  });
});
