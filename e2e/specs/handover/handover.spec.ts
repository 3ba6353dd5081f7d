import { expect, loginAs, test } from '../../fixtures.ts';

/**
 * Issue 14's shift handover on the demo: the care home's staff generate the first area's handover
 * from live data, sign it off, and the nursing aide of the next shift accepts it with her
 * synthesis in her own browser; the giver then reads the closed sheet with both names.
 */
test('a shift handover is generated, signed off and accepted by the incoming staff member', async ({ browser }) => {
  test.slow();
  const giverContext = await browser.newContext();
  const receiverContext = await browser.newContext();
  const giver = await giverContext.newPage();
  const receiver = await receiverContext.newPage();

  await loginAs(giver, 'orgstaff');
  await giver.goto('/handover');
  const list = giver.getByRole('table', { name: 'Shift handover' });
  // The demo keeps a week of accepted handovers of this area. A first page load on a busy machine
  // (shared CI cores) can take longer than the usual wait.
  const firstLoad = { timeout: 30_000 };
  await expect(list.getByRole('row').filter({ hasText: 'Accepted' }).first()).toBeVisible(firstLoad);

  await giver.getByRole('button', { name: 'Generate handover' }).click();
  const form = giver.getByRole('dialog', { name: 'Generate handover' });
  await form.getByRole('combobox', { name: /Area/ }).click();
  await giver.getByRole('option', { name: '一樓 A 區' }).click();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();

  const draft = list.getByRole('row').filter({ hasText: 'Draft' });
  await expect(draft).toHaveCount(1);
  await draft.getByRole('button', { name: 'View' }).click();
  await expect(giver).toHaveURL(/\/handover\/detail\/\d+$/);
  const sheetUrl = new URL(giver.url()).pathname;
  await expect(giver.getByRole('heading', { level: 1 })).toContainText('一樓 A 區 handover', firstLoad);
  // Generated from live data: the demo's open alerts and the vital-signs round left overdue.
  await expect(giver.getByText(/Open alert/).first()).toBeVisible();
  await expect(giver.getByText(/Care overdue/).first()).toBeVisible();

  await giver.getByRole('button', { name: 'Sign off' }).click();
  await expect(giver.getByText(/^Signed off · handed over by 黃冠廷/)).toBeVisible();
  await expect(giver.getByRole('button', { name: 'Accept handover' })).toHaveCount(0);

  await loginAs(receiver, 'aide');
  await receiver.goto(sheetUrl);
  await expect(receiver.getByRole('button', { name: 'Accept handover' })).toBeVisible(firstLoad);
  await receiver.getByRole('button', { name: 'Accept handover' }).click();
  const accept = receiver.getByRole('dialog', { name: 'Accept handover' });
  await accept.getByRole('textbox', { name: /Receiver's synthesis/ }).fill('Vital signs round to finish first; watch the open alerts');
  await accept.getByRole('button', { name: 'Save' }).click();
  await expect(accept).toBeHidden();
  await expect(receiver.getByText(/^Accepted · handed over by 黃冠廷 .* accepted by 阮氏梅/)).toBeVisible();

  // Back on the list, the giver finds the handover closed by the aide.
  await giver.goto('/handover');
  const closed = list.getByRole('row').filter({ hasText: '阮氏梅' }).first();
  await expect(closed).toContainText('Accepted', firstLoad);
  await closed.getByRole('button', { name: 'View' }).click();
  await expect(giver.getByText(/Vital signs round to finish first; watch the open alerts/)).toBeVisible();

  await giverContext.close();
  await receiverContext.close();
});
