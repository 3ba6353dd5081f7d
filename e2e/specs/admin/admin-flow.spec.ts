import type { Locator, Page } from '@playwright/test';
import { expect, loginAs, test, type DemoAccount } from '../../fixtures.ts';

/**
 * ISSUE 4's administration flow, end to end in the real console: the operator creates an
 * organisation and its admin; that admin adds an area, a staff member and a resident, registers a
 * watch and binds it, edits a standard; the change-log pages show the steps.
 */

const stamp = Date.now().toString(36);
const org = `E2E Care ${stamp}`;
const adminAccount = `adm${stamp}`.slice(0, 20);
const staffAccount = `stf${stamp}`.slice(0, 20);
const area = `E2E Ward ${stamp}`;
const resident = `E2E Resident ${stamp}`;
const serial = `E2E-B10-${stamp}`;
const password = 'Vigil2024';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

/** Chooses an option of a MUI select by its field label. */
async function choose(page: Page, dialog: Locator, label: string, option: string | RegExp): Promise<void> {
  await dialog.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

async function saveDialog(dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toBeHidden();
}

async function search(page: Page, label: string, text: string): Promise<void> {
  await page.getByRole('search').getByLabel(label, { exact: true }).fill(text);
  await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
}

test('operator creates an organisation and its admin', async ({ page }) => {
  await loginAs(page, 'manager');
  await page.goto('/org');
  await page.getByRole('button', { name: 'Add organisation' }).click();
  const create = page.getByRole('dialog');
  await create.getByLabel('Organisation name').fill(org);
  await choose(page, create, 'Type', 'Care organisation');
  await saveDialog(create);

  await search(page, 'Name, phone or address', org);
  const row = page.getByRole('row', { name: new RegExp(org) });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Add admin' }).click();
  const admin = page.getByRole('dialog');
  await admin.getByLabel('Account').fill(adminAccount);
  await admin.getByLabel('Initial password').fill(password);
  await admin.getByRole('textbox', { name: 'Name', exact: true }).fill(`Admin ${stamp}`);
  await saveDialog(admin);
});

test('the new admin sets up the organisation and the change logs show it', async ({ page }) => {
  await loginAs(page, adminAccount as DemoAccount, password);

  await page.goto('/area');
  await page.getByRole('button', { name: 'Add area' }).click();
  let dialog = page.getByRole('dialog');
  // SPEC §5: blank and special characters are refused with their exact messages.
  await dialog.getByLabel('Area name').fill('   ');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog.getByText('Cannot be empty')).toBeVisible();
  await dialog.getByLabel('Area name').fill('Ward <1>');
  await expect(dialog.getByText(/Cannot input special characters/)).toBeVisible();
  await dialog.getByLabel('Area name').fill(area);
  await saveDialog(dialog);
  await expect(page.getByRole('cell', { name: area })).toBeVisible();

  await page.goto('/staff');
  await page.getByRole('button', { name: 'Add staff' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel('Account').fill(staffAccount);
  await dialog.getByLabel('Initial password').fill(password);
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(`Staff ${stamp}`);
  await choose(page, dialog, 'Role', 'Organisation staff');
  await choose(page, dialog, 'Area', area);
  await saveDialog(dialog);
  const staffRow = page.getByRole('row', { name: new RegExp(staffAccount) });
  await expect(staffRow).toBeVisible();
  // Disabling the account is a staff change (kind "enable").
  await staffRow.getByRole('switch').or(staffRow.getByRole('checkbox')).first().click();

  await page.goto('/member');
  await page.getByRole('button', { name: 'Add resident' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name of resident').fill(resident);
  await choose(page, dialog, 'Area', area);
  await saveDialog(dialog);
  await expect(page.getByRole('link', { name: resident })).toBeVisible();

  await page.goto('/member-device');
  await page.getByRole('button', { name: 'Register device' }).click();
  dialog = page.getByRole('dialog');
  await choose(page, dialog, 'Type', 'Wrist watch B10');
  await dialog.getByLabel('Serial number').fill(serial);
  // Saving replaces the form with the one-time key dialog, so "a dialog is hidden" never holds here.
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  const keyDialog = page.getByRole('dialog', { name: new RegExp(serial) });
  await expect(keyDialog.getByTestId('device-key')).not.toHaveValue('');
  await keyDialog.getByRole('button', { name: 'Bind now' }).click();
  dialog = page.getByRole('dialog');
  await choose(page, dialog, 'Bind to resident', new RegExp(resident));
  await saveDialog(dialog);
  await expect(page.getByRole('row', { name: new RegExp(serial) })).toContainText(resident);

  await page.goto('/member');
  await page.getByRole('link', { name: resident }).click();
  await page.getByRole('tab', { name: 'Device record' }).click();
  await expect(page.getByRole('cell', { name: serial })).toBeVisible();
  await page.getByRole('tab', { name: 'Physiological standard' }).click();
  await page.getByLabel('Systolic Maximum').fill('135');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Customised')).toBeVisible();

  // A medical-state change is written to the medical-state log.
  await page.getByRole('tab', { name: 'Basic data' }).click();
  await page.getByRole('button', { name: new RegExp(`change the medical state of ${resident}`, 'i') }).click();
  dialog = page.getByRole('dialog');
  await choose(page, dialog, 'Medical state', 'Hospitalized');
  await saveDialog(dialog);

  await page.goto('/change-log-staff');
  await expect(page.getByRole('row', { name: new RegExp(staffAccount) }).first()).toBeVisible();
  await page.goto('/medical-state-log');
  await expect(page.getByRole('row', { name: new RegExp(resident) }).first()).toContainText('Hospitalized');
});

