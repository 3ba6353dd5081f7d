import { expect, loginAs, test } from '../../fixtures.ts';

test.use({ viewport: { width: 390, height: 844 } });

test('on a phone a form dialog takes the whole screen, and the discard question stays a card over it', async ({ page }) => {
  await loginAs(page, 'orgadmin');
  await page.goto('/area');
  await page.getByRole('button', { name: 'Add area' }).click();
  const form = page.getByRole('dialog', { name: 'Add area' });
  await form.getByLabel('Area name').fill('Ward on a phone');
  expect(await form.boundingBox()).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });

  await page.keyboard.press('Escape');
  const question = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
  await expect(question).toBeVisible();
  const card = await question.boundingBox();
  expect(card!.width).toBeLessThan(390);
  await question.getByRole('button', { name: 'Discard' }).click();
  await expect(form).toBeHidden();
});
