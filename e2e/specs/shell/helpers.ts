import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { expect } from '../../fixtures.ts';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

export type SeriousViolation = { id: string; impact: string | null; help: string; nodes: string[] };

/**
 * Serious and critical axe-core violations of the page as it stands (WCAG 2 A/AA and best-practice
 * rules). axe is injected only when the document does not have it yet, so a page moved along by
 * client-side navigation is checked again without another injection.
 */
export async function seriousAxeViolations(page: Page): Promise<SeriousViolation[]> {
  // Evaluated through the DevTools protocol, not added as an inline <script>: the console's CSP
  // refuses inline scripts, and would report the test's own injection as a violation.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  // Colours are judged as drawn: a page that has just come in is still fading from the dimmed
  // pending state, which would read as low contrast. Endless animations (a flashing alarm) never
  // finish, so only the finite ones are awaited.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: unknown) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      // Only violations are read: axe then keeps one node per passing rule, not every node, which
      // makes a run on a long table page several times faster.
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Runs axe-core in the page and fails on any serious or critical violation. */
export async function expectNoSeriousAxeViolations(page: Page, label: string): Promise<void> {
  const serious = await seriousAxeViolations(page);
  expect(serious, `${label}: ${JSON.stringify(serious, null, 2)}`).toEqual([]);
}

/** The persisted session (SPEC §3), or null when signed out. */
export async function storedSession(page: Page): Promise<Record<string, unknown> | null> {
  return page.evaluate(() => JSON.parse(window.localStorage.getItem('session') ?? 'null'));
}

/** Paths of the sidebar's links, with every group expanded. */
export async function sidebarPaths(page: Page): Promise<string[]> {
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar).toBeVisible();
  // Expanding one group changes which elements match, so always take the first still-collapsed one.
  const collapsed = sidebar.locator('[aria-expanded="false"]');
  for (let i = 0; i < 20 && (await collapsed.count()) > 0; i++) await collapsed.first().click();
  return sidebar.locator('a').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
}

/**
 * Fails the crawl on what the console's Content-Security-Policy blocks or misses: every page
 * document must come with the policy, and every `securitypolicyviolation` the browser fires (a
 * script, style, image, socket or tile the policy does not allow) is reported with what was
 * blocked and where. Listens from before the first script of every document.
 */
export async function watchContentSecurityPolicy(page: Page, problems: string[]): Promise<void> {
  await page.exposeBinding('__vigilCspViolation', (_source, v: { directive: string; blocked: string; url: string; sample: string }) => {
    problems.push(`CSP violation on ${v.url}: ${v.directive} blocked ${v.blocked || 'inline'} ${v.sample}`.trim());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __vigilCspViolation: (v: object) => void }).__vigilCspViolation;
      void report({ directive: e.effectiveDirective, blocked: e.blockedURI, url: e.documentURI, sample: e.sample });
    });
  });
  page.on('response', (r) => {
    if (r.request().isNavigationRequest() && r.request().resourceType() === 'document' && !r.headers()['content-security-policy'])
      problems.push(`${r.url()} came without a Content-Security-Policy`);
  });
}
