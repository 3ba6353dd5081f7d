import type { Page } from '@playwright/test';
import { expect, loginAs, test } from '../../fixtures.ts';

/**
 * Issue 14's round trip: the care home's staff orders a member's medicines, the pharmacy's staff
 * sees the order arrive without reloading and works it to the door, the home checks what arrived,
 * the pharmacy closes the order; each side watches the other's steps arrive live.
 */
const table = (page: Page) => page.getByRole('table', { name: 'Medication delivery' });
const orderRow = (page: Page, orderNo: string) => table(page).getByRole('row').filter({ hasText: orderNo });

async function moveTo(page: Page, orderNo: string, state: string) {
  await orderRow(page, orderNo).getByRole('button', { name: 'Change state' }).click();
  const dialog = page.getByRole('dialog', { name: `Change the state of ${orderNo}` });
  await dialog.getByRole('combobox', { name: /New state/ }).click();
  await page.getByRole('option', { name: state, exact: true }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

test('one order from submission to finish across the care home and the pharmacy', async ({ browser }) => {
  // Two browsers walk an order through seven steps: on shared CI cores that outlasts test.slow()'s 90 s.
  test.setTimeout(180_000);
  const careContext = await browser.newContext();
  const pharmacyContext = await browser.newContext();
  const care = await careContext.newPage();
  const pharmacy = await pharmacyContext.newPage();

  // SPEC §2: the pharmacy roles' index is the delivery page.
  await loginAs(pharmacy, 'pharmstaff');
  await expect(pharmacy).toHaveURL(/\/medication-delivery$/);
  await expect(table(pharmacy)).toBeVisible();

  await loginAs(care, 'orgstaff');
  await care.goto('/medication-delivery');
  await care.getByRole('button', { name: 'New order' }).click();
  const form = care.getByRole('dialog', { name: 'New order' });
  await form.getByRole('combobox', { name: /Member/ }).click();
  await care.getByRole('option').first().click();
  await form.getByRole('combobox', { name: /Pharmacy/ }).click();
  await care.getByRole('option').first().click();
  await form.getByRole('textbox', { name: /Medicine 1/ }).fill('Donepezil 5 mg');
  await form.getByLabel(/Quantity/).first().fill('28');
  await form.getByLabel(/Unit/).first().fill('tablet');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();

  // Newest first: the order just sent heads the home's list.
  const sent = table(care).getByRole('row').nth(1);
  await expect(sent).toContainText('Submitted');
  const orderNo = (await sent.getByRole('cell').first().innerText()).trim();
  expect(orderNo).toMatch(/^D\d{6}$/);

  // The pharmacy's page was open all along: the order arrives over the staff channel.
  await expect(orderRow(pharmacy, orderNo)).toContainText('Submitted');

  for (const state of ['Received', 'Processing', 'Arranged', 'Picked up']) {
    await moveTo(pharmacy, orderNo, state);
    await expect(orderRow(care, orderNo)).toContainText(state);
  }

  // The home checks every line against what was ordered.
  await orderRow(care, orderNo).getByRole('button', { name: 'View' }).click();
  const detail = care.getByRole('dialog', { name: new RegExp(orderNo) });
  await detail.getByRole('button', { name: 'Check receipt' }).click();
  const receipt = care.getByRole('dialog', { name: 'Check receipt' });
  await receipt.getByRole('button', { name: 'Save' }).click();
  await expect(receipt).toBeHidden();
  await expect(detail.getByRole('table', { name: 'Medicines' })).toContainText('Received');
  await detail.getByRole('button', { name: 'Close' }).click();

  await moveTo(pharmacy, orderNo, 'Finished');
  await expect(orderRow(care, orderNo)).toContainText('Finished');
  await orderRow(care, orderNo).getByRole('button', { name: 'View' }).click();
  const history = care.getByRole('table', { name: 'History' });
  await expect(history.getByRole('row')).toHaveCount(7);
  await expect(history).toContainText('Picked up → Finished');

  await careContext.close();
  await pharmacyContext.close();
});
