import { readFileSync } from 'node:fs';
import { nowUnix } from '@vigil/contracts';
import { apiLogin, expect, loginAs, test } from '../../fixtures.ts';
import { expectNoSeriousAxeViolations } from '../shell/helpers.ts';

/**
 * The audit trail as an organisation admin sees it: a member's heart-rate week read by a staff
 * member (through the API, as the vital page does) is on the admin's Audit trail page at once.
 */
test('orgstaff reading a member’s heart-rate week appears on orgadmin’s audit trail', async ({ page, request }) => {
  const staff = await apiLogin(request, 'orgstaff');
  const headers = { authorization: `Bearer ${staff.access_token}` };
  const members = await request.get('/api/user', { headers, params: { per_page: 1 } });
  expect(members.status()).toBe(200);
  const member = ((await members.json()) as { data: { list: { id: number; name: string }[] } }).data.list[0];
  const end = nowUnix();
  const week = await request.get('/api/physiologic/heart/rate', {
    headers,
    params: { user_id: member.id, start_date: end - 7 * 86_400, end_date: end, per_page: -1, order_by: 'occur_time' },
  });
  expect(week.status()).toBe(200);

  await loginAs(page, 'orgadmin');
  await page.goto('/audit');
  await expect(page.getByRole('heading', { name: 'Audit trail' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Audit trail' });
  const row = table.getByRole('row').filter({ hasText: staff.user.name }).filter({ hasText: member.name }).filter({ hasText: 'Heart rate' }).first();
  await expect(row).toBeVisible();
  await expect(row).toContainText('Read list');
  await expect(row).toContainText('Organisation staff');
  await expectNoSeriousAxeViolations(page, 'audit trail');

  // Narrowed to vital signs and to reads of lists, the entry is still there.
  await page.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'Read list' }).click();
  await page.getByRole('combobox', { name: 'Part of the console' }).click();
  await page.getByRole('option', { name: 'Vital signs' }).click();
  await expect(row).toBeVisible();

  // The export (made by the server with the same filters) holds the same entry.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('menuitem', { name: 'CSV (Excel, UTF-8)' }).click();
  const file = await (await download).path();
  const csv = readFileSync(file!, 'utf8');
  expect(csv).toContain(staff.user.name);
  expect(csv).toContain(member.name);
});

test('orgstaff has no audit trail page', async ({ page }) => {
  await loginAs(page, 'orgstaff');
  await page.goto('/audit');
  // An unknown page for the role leads home (SPEC §2), so the trail is never shown.
  await expect(page).not.toHaveURL(/\/audit/);
});
