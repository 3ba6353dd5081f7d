import { readFileSync } from 'node:fs';
import { ErrorCode, STEP_UP_REQUIRED } from '@vigil/contracts';
import { DEMO_PASSWORD, expect, loginAs, test } from '../../fixtures.ts';

/**
 * The abnormal log exported from its page as the server makes it (GET /abnormal/export): the
 * whole filtered list, CSV with a byte-order mark and translated headers. The export needs a recent
 * sign-in; a fresh sign-in is recent for five minutes, so the server's refusal of a stale session
 * (answered by the real server in the server tests) is given to the first export request here, and
 * the user answers the step-up dialog with the real password before the console sends it again.
 */
test('orgadmin exports the abnormal log as CSV after confirming it is them', async ({ page }) => {
  await loginAs(page, 'orgadmin');
  let refused = false;
  await page.route('**/api/abnormal/export?*', async (route) => {
    if (refused) return route.continue();
    refused = true;
    await route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ code: ErrorCode.noPermission, message: STEP_UP_REQUIRED }) });
  });
  await page.goto('/abnormal-log');
  await expect(page.getByRole('heading', { name: 'Abnormal log' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Abnormal log' }).getByRole('row').nth(1)).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('menuitem', { name: 'CSV (Excel, UTF-8)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
  await dialog.getByLabel('Password').fill(DEMO_PASSWORD);
  const stepUp = page.waitForResponse((r) => r.url().includes('/api/personal/step-up'));
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  expect((await stepUp).status()).toBe(200);

  const file = await (await download).path();
  const csv = readFileSync(file!, 'utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  expect(csv.slice(1).split('\r\n')[0]).toBe(
    'ID,Occurred,Type,Category,Member,Area,Device,Reading,Handle state,Follow,What was done,Handled by,Handled at,Remark',
  );
  expect(csv.slice(1).split('\r\n').filter(Boolean).length).toBeGreaterThan(1);
});
