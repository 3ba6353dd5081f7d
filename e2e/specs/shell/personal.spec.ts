import { PASSWORD_HISTORY } from '@vigil/contracts';
import { DEMO_PASSWORD, apiLogin, expect, loginAs, test } from '../../fixtures.ts';

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

  test('says which password is wrong or reused, beside its field, and changes the password', async ({ page, request }) => {
    await loginAs(page, 'guardstaff');
    await page.goto('/pass-modify');
    const form = page.getByRole('form', { name: 'Modify password' });
    const fill = async (current: string, next: string, confirm = next) => {
      await form.getByLabel(/Current password/).fill(current);
      await form.getByLabel(/^New password/).fill(next);
      await form.getByLabel(/Confirm new password/).fill(confirm);
      await form.getByRole('button', { name: 'Change password' }).click();
    };
    await fill(DEMO_PASSWORD, 'Demo5678', 'Demo5679');
    await expect(form.getByText('Does not match the new password')).toBeVisible();
    await fill('Wrong1234', 'Demo5678');
    await expect(form.getByText('Current password is incorrect')).toBeVisible();
    await expect(form.getByLabel(/Current password/)).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Form validation failed')).toHaveCount(0);
    await fill(DEMO_PASSWORD, DEMO_PASSWORD);
    await expect(form.getByText('This password is your current one or was used recently; choose another')).toBeVisible();
    await fill(DEMO_PASSWORD, 'Demo5678');
    await expect(page.getByText('Success')).toBeVisible();
    await expect(form.getByLabel(/Current password/)).toHaveValue('');

    // Put the demo password back (other specs sign in as this account): the server refuses the last
    // PASSWORD_HISTORY passwords, so step through that many others first.
    const { access_token } = await apiLogin(request, 'guardstaff', 'Demo5678');
    const headers = { Authorization: `Bearer ${access_token}` };
    let current = 'Demo5678';
    for (const next of [...Array.from({ length: PASSWORD_HISTORY }, (_, i) => `Step${i}x5678`), DEMO_PASSWORD]) {
      const res = await request.put('/api/personal/password', { headers, data: { old_password: current, new_password: next, confirm_password: next } });
      expect(await res.json(), `change to ${next}`).toEqual({ data: null });
      current = next;
    }
    await apiLogin(request, 'guardstaff');
  });
});
