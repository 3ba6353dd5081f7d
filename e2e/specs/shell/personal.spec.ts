import { expect, loginAs, test } from '../../fixtures.ts';

/** A 1×1 transparent PNG. */
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

test.describe('personal information', () => {
  test('edits the profile, with validation, and shows Success', async ({ page }) => {
    await loginAs(page, 'guardarea');
    await page.goto('/personal');
    await expect(page.getByTestId('personal-account')).toHaveText('guardarea');
    const original = (await page.getByTestId('personal-name').textContent()) ?? '';
    await page.getByRole('button', { name: 'Edit profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit profile' });
    await dialog.getByLabel(/Name/).fill('   ');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Cannot be empty')).toBeVisible();
    await dialog.getByLabel(/Name/).fill('Guard <Area>');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText(/Cannot input special characters/)).toBeVisible();
    await dialog.getByLabel(/Name/).fill(`${original} QA`);
    await dialog.getByLabel(/Phone/).fill('02-2345-6789');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Success')).toBeVisible();
    await expect(page.getByTestId('personal-name')).toHaveText(`${original} QA`);
    await expect(page.getByTestId('personal-phone')).toHaveText('02-2345-6789');
    // Restore the demo name for other specs.
    await page.getByRole('button', { name: 'Edit profile' }).click();
    await dialog.getByLabel(/Name/).fill(original);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('personal-name')).toHaveText(original);
  });

  test('uploads a headshot and shows it from /file/headshot; refuses files over 2MB', async ({ page }) => {
    await loginAs(page, 'guardarea');
    await page.goto('/personal');
    const input = page.getByTestId('file-input');
    await input.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(2 * 1024 * 1024 + 1) });
    await expect(page.getByRole('alert').filter({ hasText: 'Profile picture cannot exceed 2MB' })).toBeVisible();
    const headshot = page.waitForResponse((r) => r.url().includes('/api/file/headshot/') && r.status() === 200);
    await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByText('Success')).toBeVisible();
    await headshot;
    await expect(page.locator('main img[src^="blob:"]')).toBeVisible();
    await expect(page.getByTestId('account-menu-button').locator('img[src^="blob:"]')).toBeVisible();
  });

  test('changes the password with confirmation and signs in with the new one', async ({ page }) => {
    await loginAs(page, 'guardstaff');
    await page.goto('/pass-modify');
    const form = page.getByRole('form', { name: 'Modify password' });
    await form.getByLabel(/Current password/).fill('Demo1234');
    await form.getByLabel(/^New password/).fill('Demo5678');
    await form.getByLabel(/Confirm new password/).fill('Demo5679');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByText('Does not match the new password')).toBeVisible();
    await form.getByLabel(/Confirm new password/).fill('Demo5678');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Success')).toBeVisible();
    // Put the demo password back at once: other specs sign in as this account.
    await form.getByLabel(/Current password/).fill('Demo5678');
    await form.getByLabel(/^New password/).fill('Demo1234');
    await form.getByLabel(/Confirm new password/).fill('Demo1234');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByLabel(/Current password/)).toHaveValue('');
  });
});
