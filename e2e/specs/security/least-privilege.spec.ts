import { apiLogin, expect, loginAs, test } from '../../fixtures.ts';

/**
 * Issue 31, least privilege: a form offers only the members one may save for. The demo hospital is
 * related to the care home with `members`, so its doctor reads the home's residents, but records
 * for them are the home's to write: the doctor's member picker lists the hospital's own patients.
 */
const hospitalPatients = ['張玉蘭', '李正雄', 'Robert Lin', '王月娥', '吳添丁'];
const careResident = 'Margaret Wu';

test("a hospital doctor's member picker lists only the hospital's own patients", async ({ page, request }) => {
  test.setTimeout(90_000);
  // The related care home's residents are readable all the same.
  const login = await apiLogin(request, 'hospdoctor');
  const readable = await request.get('/api/user', { headers: { authorization: `Bearer ${login.access_token}` }, params: { per_page: -1 } });
  const names = ((await readable.json()) as { data: { list: { name: string }[] } }).data.list.map((m) => m.name);
  expect(names).toContain(careResident);

  await loginAs(page, 'hospdoctor');
  await page.goto('/educate');
  await page.getByRole('button', { name: 'Record education' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Patient' }).click();
  const options = page.getByRole('option');
  await expect(options.filter({ hasText: 'Robert Lin' })).toHaveCount(1);
  const offered = await options.allTextContents();
  expect(offered.length).toBeGreaterThan(0);
  expect(offered.filter((label) => !hospitalPatients.some((name) => label.startsWith(name)))).toEqual([]);
});
