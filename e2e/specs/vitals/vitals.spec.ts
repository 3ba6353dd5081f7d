import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { DataSource, StandardKind, fromUnix, nowUnix } from '@vigil/contracts';
import { apiLogin, expect, loginAs, test } from '../../fixtures.ts';

/**
 * A B20 watch the demo world binds to a member of the care organisation (orgadmin's). The specs
 * give it its own readings through the real ingestion API, so they depend neither on when the
 * demo history is seeded nor on other specs (the realtime specs use B10-0001).
 */
const SERIAL = 'B20-0002';
const DEVICE_KEY = `demo-${SERIAL}`;
const MODEL = 'B20';
const DEVICE_TYPE = 6;
const MIN = 60;
const HOUR = 3600;
const DAY = 86_400;
const NO_MEMBER = 999_999;

// Day boundaries below are UTC days: the browser runs in UTC too, so "today" agrees on both sides.
test.use({ timezoneId: 'UTC' });

const now = Math.floor(nowUnix() / MIN) * MIN - MIN;
const todayStart = Math.floor(now / DAY) * DAY;
/** The night shown on the sleep tab: 23:00 two days ago to 06:30 yesterday (always in the past). */
const night = { day: todayStart - DAY, start: todayStart - DAY - HOUR, end: todayStart - DAY + 6.5 * HOUR };
const isoDay = (t: number) => fromUnix(t).toISOString().slice(0, 10);

type Reading = { serial: string; kind: string; source: number; occur_time: number; values: Record<string, unknown> };

function readings(): Reading[] {
  const r = (kind: string, source: number, occur_time: number, values: Record<string, unknown>): Reading => ({ serial: SERIAL, kind, source, occur_time, values });
  const list: Reading[] = [];
  // Two hours of one-minute heart rate up to now, and the sleeping night's heart rate.
  for (let t = now - 2 * HOUR; t <= now; t += MIN) list.push(r('heartRate', DataSource.watchB20_1m, t, { value: 68 + ((t / MIN) % 9) }));
  for (let t = night.start; t <= night.end; t += 2 * MIN) list.push(r('heartRate', DataSource.watchB20_1m, t, { value: 56 + ((t / MIN) % 7) }));
  // Five-minute oxygen and temperature over the same two hours; a few blood pressures.
  for (let t = now - 2 * HOUR; t <= now; t += 5 * MIN) {
    list.push(r('bloodOxygen', DataSource.watchB20_5m, t, { value: 95 + ((t / MIN) % 4) }));
    list.push(r('bodyTemperature', DataSource.watchB20_5m, t, { value: 36.4 + ((t / MIN) % 5) / 10 }));
  }
  for (let t = now - 2 * HOUR; t <= now; t += 30 * MIN) list.push(r('bloodPressure', DataSource.watchB20_5m, t, { sys: 124, dia: 79, heart_rate: 71 }));
  const stages = [1, 2, 1, 3, 0, 1, 2, 3, 1];
  const step = (night.end - night.start) / stages.length;
  list.push(
    r('sleep', DataSource.watchB20_5m, night.start, {
      end_time: night.end,
      detail_obj: stages.map((type, i) => ({ type, start_time: night.start + Math.round(i * step), end_time: i === stages.length - 1 ? null : night.start + Math.round((i + 1) * step) })),
      data: null,
    }),
  );
  return list;
}

async function auth(request: APIRequestContext) {
  const { access_token } = await apiLogin(request, 'orgadmin');
  return { authorization: `Bearer ${access_token}` };
}

/** The member the watch is bound to, as the device list shows it. */
async function memberOfWatch(request: APIRequestContext): Promise<number> {
  const res = await request.get('/api/device/bind', { headers: await auth(request), params: { keyword: SERIAL, per_page: 15 } });
  expect(res.status()).toBe(200);
  const rows = (await res.json()).data.list as { serial: string; binding: { member_id: number | null } | null }[];
  const memberId = rows.find((d) => d.serial === SERIAL)?.binding?.member_id;
  expect(memberId, `${SERIAL} is bound to a demo member`).toBeTruthy();
  return memberId!;
}

let memberId = 0;

test.beforeAll(async ({ request }) => {
  memberId = await memberOfWatch(request);
  const list = readings();
  for (let i = 0; i < list.length; i += 1000) {
    const res = await request.post('/api/ingest/readings', { headers: { 'x-device-key': DEVICE_KEY }, data: { readings: list.slice(i, i + 1000) } });
    expect(res.status()).toBe(200);
    const body = (await res.json()).data as { accepted: number; duplicates: number; rejected: unknown[] };
    expect(body.rejected, 'every reading is accepted').toEqual([]);
  }
});

const pages = [
  { page: 'bloodoxygen', lines: [['90', 'low']], cell: /9[5-8] %/ },
  { page: 'bloodpressure', lines: [], cell: /124 mmHg/ },
  { page: 'bodytemperature', lines: [['38', 'high'], ['32', 'low']], cell: /36\.\d °C/ },
] as const;

for (const { page: key, lines, cell } of pages) {
  test(`${key}: chart with SPEC's threshold lines, then the server-paged table`, async ({ page }) => {
    await loginAs(page, 'orgadmin');
    await page.goto(`/${key}/${memberId}`);
    const chart = page.getByTestId('time-chart');
    await expect(chart.locator('canvas').first()).toBeVisible();
    await expect(chart).not.toHaveAttribute('data-empty', 'true');
    await expect.poll(async () => Number(await chart.getAttribute('data-points-drawn'))).toBeGreaterThan(0);
    await expect(page.getByTestId('chart-threshold')).toHaveCount(lines.length);
    for (const [value, tone] of lines) {
      const line = page.locator(`[data-testid="chart-threshold"][data-value="${value}"]`);
      await expect(line).toBeVisible();
      await expect(line).toContainText(`${tone === 'high' ? 'High' : 'Low'} threshold ${value}`);
    }
    // SPEC's pages never follow the member's standards, so no note about whose they are.
    await expect(page.getByTestId('threshold-source')).toHaveCount(0);

    await page.getByRole('tab', { name: 'Table' }).click();
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader', { name: 'Data source' })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Occurrence time' })).toBeVisible();
    await expect(table.getByRole('cell', { name: cell }).first()).toBeVisible();
    await expect(table.getByRole('cell', { name: 'Wrist watch B20 (5 min)' }).first()).toBeVisible();
    await expect(table.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await expect(table.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  });

  test(`${key}: a member without readings shows No data`, async ({ page }) => {
    await loginAs(page, 'orgadmin');
    await page.goto(`/${key}/${NO_MEMBER}`);
    await expect(page.getByTestId('chart-empty')).toHaveText('No data');
    await page.getByRole('tab', { name: 'Table' }).click();
    await expect(page.getByRole('table').getByText('No data')).toBeVisible();
  });
}

test('a non-SPEC page draws the member’s own standards', async ({ page, request }) => {
  const headers = await auth(request);
  const put = (body: object) => request.put(`/api/user/standard/${memberId}`, { headers, data: body });
  expect((await put({ standards: [{ kind: StandardKind.cholesterol, min: 121, max: 187 }] })).status()).toBe(200);
  try {
    await loginAs(page, 'orgadmin');
    await page.goto(`/cholesterol/${memberId}`);
    await expect(page.locator('[data-testid="chart-threshold"][data-value="187"]')).toContainText('High threshold 187');
    await expect(page.locator('[data-testid="chart-threshold"][data-value="121"]')).toContainText('Low threshold 121');
    await expect(page.getByTestId('threshold-source')).toHaveAttribute('data-origin', 'member');
  } finally {
    await put({ reset: [StandardKind.cholesterol] });
  }
});

test('wearable page: heart-rate summary, the member’s own lines, decimated chart and its PNG', async ({ page }) => {
  await loginAs(page, 'orgadmin');
  await page.goto(`/wearable-device-${MODEL}/${memberId}/${DEVICE_TYPE}`);
  await expect(page.getByRole('tab', { name: 'Heart rate', selected: true })).toBeVisible();
  // The week comes from the chart endpoint, prepared and decimated by the server under the one-minute gap rule.
  const weekPoints = page.waitForResponse((r) => r.url().includes('/physiologic/heart/rate/chart?') && r.url().includes('gap_seconds=60'));
  await page.getByRole('button', { name: 'Week' }).click();
  expect((await weekPoints).ok()).toBe(true);
  const chart = page.getByTestId('time-chart');
  await expect(chart.locator('canvas').first()).toBeVisible();
  await expect(chart).not.toHaveAttribute('data-empty', 'true');
  // One truth per member: the same limits as the member's heart-rate page (their instant heart-rate standard).
  await expect(page.getByTestId('threshold-source')).toBeVisible();
  const lines = await page.getByTestId('chart-threshold').evaluateAll((els) => els.map((e) => e.getAttribute('data-value')).sort());
  expect(lines).toHaveLength(2);
  await expect(page.getByTestId('summary-average')).toHaveText(/^\d+\.\d bpm$/);
  await expect(page.getByTestId('summary-highest')).toHaveText(/^\d+ bpm$/);
  await expect(page.getByTestId('summary-lowest')).toHaveText(/^\d+ bpm$/);
  // Decimation: never more than two points per pixel column of the chart.
  const drawn = Number(await chart.getAttribute('data-points-drawn'));
  const width = (await chart.boundingBox())!.width;
  expect(drawn).toBeGreaterThan(0);
  expect(drawn).toBeLessThanOrEqual(Math.ceil(width) * 2 + 2);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download as PNG image' }).first().click()]);
  expect(download.suggestedFilename()).toMatch(/^heart-rate-\d+-\d{8}-\d{8}\.png$/);
  const png = readFileSync((await download.path())!);
  expect(png.length).toBeGreaterThan(1000);
  expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');

  await page.getByRole('tab', { name: 'Blood oxygen' }).click();
  await expect(page.locator('[data-testid="chart-threshold"][data-value="90"]')).toBeVisible();
  await expect(page.getByTestId('time-chart')).not.toHaveAttribute('data-empty', 'true');

  await page.goto(`/heartrate/${memberId}`);
  await expect(page.getByTestId('threshold-source')).toBeVisible();
  expect(await page.getByTestId('chart-threshold').evaluateAll((els) => els.map((e) => e.getAttribute('data-value')).sort())).toEqual(lines);
});

test('wearable page: sleep tab with its stage bar and the night’s heart rate, empty on a night without sleep', async ({ page }) => {
  await loginAs(page, 'orgadmin');
  await page.goto(`/wearable-device-${MODEL}/${memberId}/${DEVICE_TYPE}`);
  await page.getByRole('tab', { name: 'Sleep' }).click();
  const day = page.getByLabel('Night ending on');
  await day.fill(isoDay(night.day));
  const bar = page.getByTestId('sleep-stage-bar');
  await expect(bar).toBeVisible();
  await expect(bar.locator('rect[data-stage]')).toHaveCount(9);
  await expect(page.getByTestId('sleep-totals')).toContainText('Total sleep');
  await expect(page.getByTestId('sleep-totals')).toContainText(/\d+ h \d+ min/);
  const heart = page.getByTestId('reading-summary');
  await expect(heart.getByTestId('summary-average')).toHaveText(/^\d+\.\d bpm$/);

  await day.fill(isoDay(night.day - 3 * DAY));
  await expect(page.getByTestId('sleep-empty')).toHaveText('No sleep data for this night.');
});

test('wearable page: a member without readings shows the empty texts', async ({ page }) => {
  await loginAs(page, 'orgadmin');
  await page.goto(`/wearable-device-${MODEL}/${NO_MEMBER}/${DEVICE_TYPE}`);
  await expect(page.getByTestId('summary-average')).toHaveText('-');
  await expect(page.getByTestId('chart-empty')).toBeVisible();
});

test('wearable page without a member explains what it needs and lists who wears the watch', async ({ page }) => {
  await loginAs(page, 'orgadmin');
  await page.goto(`/wearable-device-${MODEL}`);
  await expect(page.getByText('This page opens from a resident’s watch')).toBeVisible();
  await expect(page.getByRole('heading', { name: `Residents wearing a ${MODEL} watch` })).toBeVisible();
  await page.getByTestId('watch-wearers').getByRole('link', { name: new RegExp(SERIAL) }).click();
  await expect(page).toHaveURL(new RegExp(`/wearable-device-${MODEL}/${memberId}/${DEVICE_TYPE}$`));
  await expect(page.getByRole('tab', { name: 'Heart rate', selected: true })).toBeVisible();
});
