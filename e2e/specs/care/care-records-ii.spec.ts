import { apiLogin, bellCountsServer, bellFeedQuery, expect, loginAs, test } from '../../fixtures.ts';

/** Care records II (docs/care.md): pain on the body map raises SPEC's pain alert; a doctor listens to a recording. */

type Member = { id: number; name: string };
type Alert = { id: number; type: number; source: { user: { id: number } | null } };
const PAIN_ALERT = 74;

test('a nurse marks pain on the body map in Chinese, saves, and the pain alert arrives', async ({ page, request }) => {
  const login = await apiLogin(request, 'orgstaff');
  const auth = { authorization: `Bearer ${login.access_token}` };
  const members = (await (await request.get('/api/user', { headers: auth, params: { per_page: -1 } })).json()) as { data: { list: Member[] } };
  // A resident the demo marked no pain for, so the assessment is the only pain on the record.
  const member = members.data.list.at(-1)!;
  // The one-open-event rule would fold a new alert into one the member already has open.
  const open = (await (await request.get('/api/abnormal', { headers: auth, params: { is_handle: 0, per_page: -1 } })).json()) as { data: { list: Alert[] } };
  for (const a of open.data.list.filter((x) => x.type === PAIN_ALERT && x.source.user?.id === member.id)) {
    expect((await request.post('/api/handle/abnormal', { headers: auth, data: { abnormal_id: a.id, content: 'Cleared before the e2e run' } })).ok()).toBe(true);
  }

  test.setTimeout(120_000);
  await loginAs(page, 'orgstaff');
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: '中文' }).click();
  // The choice is remembered once the Chinese texts have loaded: leaving earlier would forget it.
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
  const feedQuery = bellFeedQuery(page);
  await page.goto('/symptom-manage');
  await expect(page.getByRole('heading', { name: '症狀照護' })).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  // The bell is busy until its first list is read; its count before that is not the baseline.
  await expect(page.getByTestId('abnormal-bell')).toHaveAttribute('aria-busy', 'false');
  const feed = await feedQuery;

  await page.getByRole('button', { name: '新增評估' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: '住民' }).fill(member.name);
  await page.getByRole('option', { name: new RegExp(member.name) }).first().click();
  // The lower back is on the back view; the map's parts are buttons named in Chinese, marked by a
  // click (the unit test marks one by keyboard). The member field above says nothing before Save,
  // so the map does not move under the pointer.
  const lowerBack = dialog.getByRole('button', { name: '下背部，背面', exact: true });
  await lowerBack.click();
  await expect(lowerBack).toHaveAttribute('aria-pressed', 'true');
  const site = dialog.getByRole('region', { name: '下背部，背面' });
  await site.getByRole('combobox', { name: '疼痛性質' }).click();
  await page.getByRole('option', { name: '刺痛' }).click();
  await site.getByRole('combobox', { name: '強度（0–10）' }).click();
  await page.getByRole('option', { name: '6', exact: true }).click();
  await expect(dialog.getByText('疼痛分數：6/10')).toBeVisible();
  await dialog.getByRole('button', { name: '儲存' }).click();
  await expect(dialog).toBeHidden();

  // The saved assessment is on the list, marked above 3 and due for reassessment.
  const row = page.getByRole('row').filter({ hasText: member.name }).first();
  await expect(row).toContainText('6/10 · 高於 3');
  await expect(row).toContainText('前');
  // The pain alert reaches this staff member's bell and feed.
  await expect
    .poll(() => bellCountsServer(page, request, login.access_token, feed, (a) => a.type === PAIN_ALERT && a.source.user?.id === member.id), {
      message: 'the bell counts the pain alert with every other open alert the server has',
    })
    .toBe(true);
  await page.getByTestId('abnormal-bell').click();
  // The home page's feed loads on demand: give it the time a first load takes.
  const today = page.getByRole('region', { name: '今天' });
  await expect(today).toContainText(member.name, { timeout: 30_000 });
  await expect(today).toContainText('疼痛分數大於 3');
});

test('a hospital doctor plays a stethoscope recording, with its waveform', async ({ page }) => {
  test.setTimeout(90_000);
  await loginAs(page, 'hospdoctor');
  await page.goto('/stethoscope');
  await expect(page.getByRole('heading', { name: 'Digital stethoscope' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Play' }).first().click();
  const dialog = page.getByRole('dialog');
  const audio = dialog.locator('audio');
  await expect(audio).toBeVisible();
  await expect(dialog.getByRole('img', { name: /Waveform of/ })).toBeVisible();
  await audio.evaluate((el: HTMLAudioElement) => el.play());
  await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime), { message: 'the recording plays' }).toBeGreaterThan(0.2);
  await expect(dialog.getByRole('button', { name: 'Download', exact: true })).toBeEnabled();
});

for (const account of ['hospdoctor', 'clinicdoctor'] as const) {
  test(`${account}'s sidebar lists outpatient visits and medical records, each with demo data`, async ({ page }) => {
    test.setTimeout(90_000);
    await loginAs(page, account);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('button', { name: 'Care' }).click();
    for (const [name, heading] of [
      ['Outpatient visits', 'Outpatient visits'],
      ['Medical records', 'Medical records'],
    ] as const) {
      await nav.getByRole('link', { name }).click();
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible({ timeout: 30_000 });
      // A demo row (a cell with a date), not the empty state.
      await expect(page.getByRole('row').nth(1).getByRole('cell').first()).toHaveText(/\d{4}-\d{2}-\d{2}/);
    }
  });
}
