import { expect, loginAs, test } from '../../fixtures.ts';

/**
 * Issue 27's settings in the real console: the operator saves the channels' settings (an SMTP
 * server that refuses is named on the page, nothing stored; the LINE API’s address is kept across a reload),
 * and an organisation's admin saves its escalation timing and sees the saved row.
 */

test.describe.configure({ timeout: 90_000 });

test('the operator saves the notification channels’ settings', async ({ page }) => {
  await loginAs(page, 'manager');
  await page.goto('/notify-settings');
  await expect(page.getByRole('heading', { name: 'Notification channels', level: 1 })).toBeVisible();

  // A server nobody answers on: the save fails with the reason, beside the server.
  await page.getByLabel('SMTP server', { exact: true }).fill('127.0.0.1');
  await page.getByLabel('Port', { exact: true }).fill('9');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('smtp-refusal')).toContainText('The SMTP server refused');
  await page.getByLabel('SMTP server', { exact: true }).fill('');
  await page.getByLabel('Port', { exact: true }).fill('587');

  // The LINE API's base address: stored by the page (no environment variable sets it here).
  const base = `https://line-${Date.now().toString(36)}.example.test`;
  await page.getByLabel('LINE API base address', { exact: true }).fill(base);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  await page.reload();
  await expect(page.getByLabel('LINE API base address', { exact: true })).toHaveValue(base);
  await expect(page.getByLabel('SMTP server', { exact: true })).toHaveValue('');
});

test('an organisation admin saves the escalation timing and sees the saved row', async ({ page }) => {
  await loginAs(page, 'orgadmin');
  await page.goto('/notify-policy');
  await expect(page.getByRole('heading', { name: 'Escalation timing', level: 1 })).toBeVisible();
  const medium = page.getByLabel('Acknowledgement timeout for Medium priority, minutes');
  await medium.fill('7');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  await page.reload();
  const row = page.getByTestId('policy-row-medium');
  await expect(row.getByLabel('Acknowledgement timeout for Medium priority, minutes')).toHaveValue('7');
  await expect(row).toContainText('push after 7 min · LINE and email after 14 min · admins after 21 min');
});
