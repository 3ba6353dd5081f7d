import { readFileSync } from 'node:fs';
import type { Page, Request } from '@playwright/test';
import { rolePages } from '@vigil/contracts';
import { type DemoAccount, demoAccounts, expect, type LoginData, loginAs, test } from '../../fixtures.ts';
import { seriousAxeViolations, sidebarPaths, watchContentSecurityPolicy } from './helpers.ts';

/**
 * Issue 15: every page of every demo account's sidebar opens cleanly, and every page in both
 * languages: no request answered 4xx/5xx, no console error, no placeholder (skeleton or spinner)
 * left on screen. Each account opens each of its pages once, in the language the plan gives it;
 * pages are opened from the sidebar (client routing), so a page costs a render, not a reload.
 *
 * Issue 16: each page, once settled, is also checked by axe-core, and its serious and critical
 * violations are problems too. The check rides on the crawl rather than a sweep of its own: the
 * page is already open and loaded, and axe is injected once per document (client routing keeps
 * it). Axe runs once per page and language, by the first account the plan shows it to: the same
 * page for another role differs only in what it lists and which actions are enabled, and an axe
 * run on every account's copy was a third of the crawl's time.
 *
 * Issue 32: in the fresh demo no list page opens empty. A list page is any page whose main content
 * holds a table (the kit's ServerTable and every hand-built one), so a page added later is checked
 * without being named here; each of its tables must show at least one row of data. A body row that
 * is a single cell spanning the whole table is the table's "no data" message, not a row.
 */

type Locale = 'en' | 'zh-TW';
const locales: Locale[] = ['en', 'zh-TW'];

type Plan = {
  /** The languages an account opens a page in. */
  localesOf(account: DemoAccount, path: string): Locale[];
  /** Whether this account's visit is the one axe checks the page in that language on. */
  axeOn(account: DemoAccount, path: string, locale: Locale): boolean;
};

/**
 * Which language each account opens each of its pages in: every account every page of its own
 * once (its permissions decide what a page calls), and every page in both languages by someone
 * (the language decides what a page shows). Accounts alternate a preferred language, and take the
 * other where nobody before them has shown the page in it yet. Deterministic, so both workers
 * derive the same plan from the sidebars global-setup.ts saved. The first account to show a page in
 * a language is the one axe checks it on.
 */
function crawlPlan(): Plan {
  const sidebars = JSON.parse(readFileSync(process.env.VIGIL_E2E_SIDEBARS!, 'utf8')) as Record<DemoAccount, LoginData['sidebar']>;
  const leaves = (items: LoginData['sidebar']): string[] =>
    items.flatMap((item) => (item.type === 0 ? leaves(item.lower as LoginData['sidebar']) : [item.path]));
  const shown = new Set<string>();
  const planned = new Map<string, Locale>();
  const axed = new Set<string>();
  (Object.keys(demoAccounts) as DemoAccount[]).forEach((account, i) => {
    const preferred = locales[i % 2];
    const other = locales[(i + 1) % 2];
    // A stored tree can list pages the role's route table leaves out (SPEC's shared table is one
    // tree for five roles), and the shell does not show those: planning them would give a page's
    // language to a visit that never happens.
    const own = new Set(rolePages(demoAccounts[account]).map((key) => `/${key}`));
    for (const path of new Set(leaves(sidebars[account]).filter((p) => own.has(p)))) {
      const locale = shown.has(`${preferred} ${path}`) && !shown.has(`${other} ${path}`) ? other : preferred;
      if (!shown.has(`${locale} ${path}`)) axed.add(`${account} ${locale} ${path}`);
      shown.add(`${locale} ${path}`);
      planned.set(`${account} ${path}`, locale);
    }
  });
  // A page the shell shows that the sign-in sidebar did not list (home, say) is opened in both, and
  // checked by axe on every visit: it is not in the plan, so no account is known to see it first.
  return {
    localesOf: (account, path) => {
      const locale = planned.get(`${account} ${path}`);
      return locale ? [locale] : locales;
    },
    axeOn: (account, path, locale) => !planned.has(`${account} ${path}`) || axed.has(`${account} ${locale} ${path}`),
  };
}

type Problems = string[];

/**
 * Pages that are legitimately empty in the fresh demo for one account, by account and path, each
 * with the reason: the exception stays as narrow as the reason.
 */
const emptyOnPurpose: Partial<Record<DemoAccount, Record<string, string>>> = {};

/**
 * The labels of the tables in the page's main content that show no row of data: no body row, or
 * only rows of one cell spanning every column (the table's "no data" message).
 */
async function emptyTables(page: Page): Promise<string[]> {
  return page.locator('main table').evaluateAll((tables) =>
    tables
      .filter((table) => {
        const columns = table.querySelector('thead tr')?.children.length ?? 0;
        const isMessage = (row: Element) =>
          columns > 1 && row.children.length === 1 && (row.children[0] as HTMLTableCellElement).colSpan >= columns;
        return Array.from(table.querySelectorAll(':scope > tbody > tr')).every(isMessage);
      })
      .map((table, i) => table.getAttribute('aria-label') ?? `table ${i + 1}`),
  );
}

/** Watches a page's API traffic and console; `pending` names what is still in flight. */
function watch(page: Page, problems: Problems) {
  const inFlight = new Set<Request>();
  const isApi = (url: string) => new URL(url).pathname.startsWith('/api/');
  page.on('request', (r) => {
    if (isApi(r.url())) inFlight.add(r);
  });
  page.on('requestfinished', (r) => inFlight.delete(r));
  page.on('requestfailed', (r) => {
    if (!inFlight.delete(r)) return;
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
  return { pending: () => [...inFlight].map((r) => `${r.method()} ${new URL(r.url()).pathname}`) };
}

const placeholders = '.MuiSkeleton-root, [role="progressbar"]';

/**
 * Waits until the page has loaded what it loads: no request in flight and no placeholder, twice in
 * a row. A failure names what was still pending, so a page that never settles says why.
 */
async function expectSettled(page: Page, pending: () => string[], label: string): Promise<void> {
  let calm = 0;
  let left = '';
  try {
    await expect
      .poll(
        async () => {
          const requests = pending();
          const shown = await page.locator(placeholders).evaluateAll((els) => els.map((e) => e.outerHTML.slice(0, 120)));
          left = [...requests, ...shown].join(', ');
          calm = requests.length === 0 && shown.length === 0 ? calm + 1 : 0;
          return calm >= 2;
        },
        // A slow answer is not an endless one: CI machines run several suites at once.
        { intervals: [50, 100, 150, 250], timeout: 30_000 },
      )
      .toBe(true);
  } catch {
    throw new Error(`${label} keeps loading (a placeholder or request never ends): ${left}`);
  }
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

async function crawl(page: Page, account: DemoAccount, { localesOf, axeOn }: Plan): Promise<{ problems: Problems; pages: number }> {
  const problems: Problems = [];
  const { pending } = watch(page, problems);
  // Issue 31: every page loads with the CSP in force and the browser reports no violation of it.
  await watchContentSecurityPolicy(page, problems);
  let pages = 0;
  let sidebar: string[] = [];
  await loginAs(page, account);
  for (const locale of locales) {
    if (locale !== 'en') {
      await page.evaluate((l) => localStorage.setItem('locale', l), locale);
      await page.reload();
    }
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expectSettled(page, pending, `${account} first page (${locale})`);
    if (locale === 'en') {
      sidebar = [...new Set(await sidebarPaths(page))];
      expect(sidebar.length, `${account} has a sidebar`).toBeGreaterThan(0);
    }
    for (const path of sidebar.filter((p) => localesOf(account, p).includes(locale))) {
      await open(page, path);
      await page.waitForURL((url) => url.pathname === path || url.pathname.startsWith(`${path}/`));
      await expectSettled(page, pending, `${account} ${path} (${locale})`);
      if (!emptyOnPurpose[account]?.[path])
        for (const label of await emptyTables(page)) problems.push(`${path} (${locale}) lists nothing in "${label}"`);
      if (axeOn(account, path, locale))
        for (const v of await seriousAxeViolations(page))
          problems.push(`axe ${v.impact} ${v.id} on ${path} (${locale}): ${v.help} at ${v.nodes.join(' | ')}`);
      pages++;
    }
  }
  return { problems, pages };
}

test.describe('every sidebar page of every demo account', () => {
  // Accounts are independent (each has its own context and only reads), so both workers share them.
  test.describe.configure({ mode: 'parallel' });
  for (const account of Object.keys(demoAccounts) as DemoAccount[]) {
    test(`${account}: every page loads without errors or serious accessibility violations`, async ({ page }) => {
      // Up to 40 pages: a page's budget of a few seconds each (an axe run included), with room
      // for a loaded machine.
      test.setTimeout(240_000);
      const { problems, pages } = await crawl(page, account, crawlPlan());
      expect(pages).toBeGreaterThan(0);
      expect(problems, `${account}:\n${problems.join('\n')}`).toEqual([]);
    });
  }
});
