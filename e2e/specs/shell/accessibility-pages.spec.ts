import type { Page } from '@playwright/test';
import { type DemoAccount, demoAccounts, expect, loginAs, test } from '../../fixtures.ts';
import { type SeriousViolation, seriousAxeViolations, sidebarPaths } from './helpers.ts';

/**
 * Every sidebar page of every demo account, checked by axe-core for serious and critical
 * violations (issue 16). One signed-in page per account, moved from page to page by its own
 * sidebar (client-side navigation, no reloads), and axe injected once per account: the whole
 * sweep stays within minutes. Accounts run in parallel across the workers.
 */
test.describe.configure({ mode: 'parallel' });

/** Waits for what a user waits for: the page's heading in the content area and no spinner left. */
async function settled(page: Page, path: string): Promise<void> {
  await expect(page).toHaveURL((url) => url.pathname === path || path === '/');
  const main = page.locator('#main-content');
  await expect(main.locator('h1, h2').first()).toBeVisible();
  await expect(main.locator('[role="progressbar"]')).toHaveCount(0);
}

for (const account of Object.keys(demoAccounts) as DemoAccount[]) {
  // Written but not yet run to green: the known violations (medical-state chips'
  // label-content-name-mismatch, content outside landmarks) are still to be fixed.
  test.fixme(`${account}: every sidebar page has no serious or critical accessibility violations`, async ({ page }) => {
    test.setTimeout(240_000);
    await loginAs(page, account);
    const paths = [...new Set(await sidebarPaths(page))];
    expect(paths.length).toBeGreaterThan(0);
    const found: Array<SeriousViolation & { path: string }> = [];
    for (const path of paths) {
      await page.getByTestId('sidebar').locator(`a[href="${path}"]`).first().click();
      await settled(page, path);
      for (const v of await seriousAxeViolations(page)) found.push({ path, ...v });
    }
    expect(found, JSON.stringify(found, null, 2)).toEqual([]);
  });
}
