import { DataSource, nowUnix } from '@vigil/contracts';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiLogin, expect, loginAs, test } from '../../fixtures.ts';

/** A B10 watch the demo world binds to a member of the care organisation (orgadmin's). */
const SERIAL = 'B10-0001';
const DEVICE_KEY = `demo-${SERIAL}`;

type Row = { id: number; type: number; source: { device: { id: number; name: string | null } | null } };

async function openAlertsOfDevice(request: APIRequestContext, token: string): Promise<Row[]> {
  const res = await request.get('/api/abnormal', { headers: { authorization: `Bearer ${token}` }, params: { is_handle: 0, per_page: -1 } });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { data: { list: Row[] } | Row[] };
  const list = Array.isArray(body.data) ? body.data : body.data.list;
  return list;
}

async function bellCount(page: Page): Promise<number> {
  return Number(await page.getByTestId('abnormal-bell-count').getAttribute('data-count'));
}

test('an abnormal reading sent through ingestion rings the bell; handling it takes it away', async ({ page, request }) => {
  const login = await apiLogin(request, 'orgadmin');
  const auth = { authorization: `Bearer ${login.access_token}` };

  // The one-open-event rule would swallow a new alert if the demo left one open for this watch.
  const before = await openAlertsOfDevice(request, login.access_token);
  for (const row of before.filter((r) => r.type === 45)) {
    const res = await request.post('/api/handle/abnormal', { headers: auth, data: { abnormal_id: row.id, content: 'Cleared before the e2e run' } });
    expect(res.ok()).toBe(true);
  }

  await loginAs(page, 'orgadmin');
  const bell = page.getByTestId('abnormal-bell');
  await expect(bell).toBeVisible();
  await expect(page.getByTestId('abnormal-bell-count')).toHaveAttribute('data-count', /\d+/);
  // Let the initial list settle before taking the baseline.
  await page.waitForLoadState('networkidle');
  const baseline = await bellCount(page);

  const ingest = await request.post('/api/ingest/readings', {
    headers: { 'x-device-key': DEVICE_KEY },
    data: { readings: [{ serial: SERIAL, kind: 'heartRate', source: DataSource.watchB10_1m, occur_time: nowUnix(), values: { value: 178 } }] },
  });
  expect(ingest.status()).toBe(200);
  expect(((await ingest.json()) as { data: { accepted: number } }).data.accepted).toBe(1);

  await expect.poll(() => bellCount(page), { message: 'the bell counts the new alert' }).toBeGreaterThan(baseline);
  const raised = await bellCount(page);

  await bell.click();
  await expect(page).toHaveURL(/\/$/);
  const first = page.getByTestId('abnormal-feed-item').first();
  await expect(first).toContainText('178');
  // Triage at a glance: the priority in words as well as colour, the reading with its unit.
  await expect(first.getByTestId('alert-priority')).toHaveAttribute('data-priority', 'medium');
  await expect(first.getByTestId('alert-priority')).toContainText('Medium priority');
  await expect(first.getByTestId('abnormal-feed-reading')).toContainText('178 bpm');
  await expect(page.getByTestId('abnormal-feed-today')).toContainText('178 bpm');
  await first.getByTestId('abnormal-handle').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('What was done').fill('Checked on the resident; pulse back to normal');
  await dialog.getByRole('button', { name: 'Save handling' }).click();
  await expect(dialog).toBeHidden();

  await expect.poll(() => bellCount(page), { message: 'the handled alert leaves the count' }).toBe(raised - 1);
});
