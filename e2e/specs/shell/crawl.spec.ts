import type { Page } from '@playwright/test';
import { type DemoAccount, demoAccounts, expect, loginAs, test } from '../../fixtures.ts';
import { sidebarPaths } from './helpers.ts';

/**
 * Issue 15: every page of every demo account's sidebar opens cleanly in both languages: no request
 * answered 4xx/5xx, no console error, no placeholder (skeleton or spinner) left on screen. One
 * sign-in per account serves both languages; pages are opened from the sidebar (client routing),
 * so the crawl costs a render per page rather than a reload.
 */

type Problems = string[];

/** Watches a page's API traffic and console; `settled` says when nothing is in flight. */
function watch(page: Page, problems: Problems) {
  let inFlight = 0;
  const isApi = (url: string) => new URL(url).pathname.startsWith('/api/');
  page.on('request', (r) => {
    if (isApi(r.url())) inFlight++;
  });
  page.on('requestfinished', (r) => {
    if (isApi(r.url())) inFlight--;
  });
  page.on('requestfailed', (r) => {
    if (!isApi(r.url())) return;
    inFlight--;
    // A query cancelled because its page was left is not a failure.
    if (r.failure()?.errorText !== 'net::ERR_ABORTED')
      problems.push(`${r.method()} ${r.url()} failed: ${r.failure()?.errorText}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400)
      problems.push(`${r.request().method()} ${r.url()} answered ${r.status()} on ${page.url()}`);
  });
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error on ${page.url()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`uncaught ${e.message} on ${page.url()}`));
  return { settled: () => inFlight === 0 };
}

const placeholders = '.MuiSkeleton-root, [role="progressbar"]';

/** Waits until the page has loaded what it loads: no request in flight and no placeholder, twice in a row. */
async function expectSettled(page: Page, settled: () => boolean, label: string): Promise<void> {
  let calm = 0;
  await expect
    .poll(
      async () => {
        const quiet = settled() && (await page.locator(placeholders).count()) === 0;
        calm = quiet ? calm + 1 : 0;
        return calm >= 2;
      },
      {
        message: `${label} keeps loading (a placeholder or request never ends)`,
        intervals: [50, 100, 150, 250],
        // A slow answer is not an endless one: CI machines run several suites at once.
        timeout: 30_000,
      },
    )
    .toBe(true);
}

/** Opens a sidebar link, expanding its group first if navigating folded it. */
async function open(page: Page, path: string): Promise<void> {
  const sidebar = page.getByTestId('sidebar');
  const link = sidebar.locator(`a[href="${path}"]`).first();
  const collapsed = sidebar.locator('[aria-expanded="false"]');
  for (let i = 0; i < 20 && !(await link.isVisible()) && (await collapsed.count()) > 0; i++)
    await collapsed.first().click();
  await link.click({ timeout: 10_000 });
}

async function crawl(page: Page, account: DemoAccount): Promise<{ problems: Problems; pages: number }> {
  const problems: Problems = [];
  const { settled } = watch(page, problems);
  let pages = 0;
  await loginAs(page, account);
  for (const locale of ['en', 'zh-TW']) {
    if (locale !== 'en') {
      await page.evaluate((l) => localStorage.setItem('locale', l), locale);
      await page.reload();
    }
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expectSettled(page, settled, `${account} first page (${locale})`);
    const paths = [...new Set(await sidebarPaths(page))];
    expect(paths.length, `${account} has a sidebar`).toBeGreaterThan(0);
    for (const path of paths) {
      await open(page, path);
      await page.waitForURL((url) => url.pathname === path || url.pathname.startsWith(`${path}/`));
      await expectSettled(page, settled, `${account} ${path} (${locale})`);
      pages++;
    }
  }
  return { problems, pages };
}

test.describe('every sidebar page of every demo account', () => {
  // Accounts are independent (each has its own context and only reads), so both workers share them.
  test.describe.configure({ mode: 'parallel' });
  for (const account of Object.keys(demoAccounts) as DemoAccount[]) {
    test(`${account}: every page loads in English and Chinese without errors`, async ({ page }) => {
      // Up to 40 pages twice: a page's budget of a few seconds each, with room for a loaded machine.
      test.setTimeout(240_000);
      const { problems, pages } = await crawl(page, account);
      expect(pages).toBeGreaterThan(0);
      expect(problems, `${account}:\n${problems.join('\n')}`).toEqual([]);
    });
  }
});
