import type { APIRequestContext } from '@playwright/test';
import { dataSourceOrigin, type DataSource } from '@vigil/contracts';
import { apiLogin, expect, loginAs, test } from '../../fixtures.ts';

/** A demo member with readings of a kind, found through the API as the console would. */
async function memberWith(request: APIRequestContext, resource: string): Promise<{ memberId: number; source: number }> {
  const { access_token } = await apiLogin(request, 'orgadmin');
  const headers = { Authorization: `Bearer ${access_token}` };
  const list = await request.get(`/api${resource}`, { headers, params: { per_page: 1, order_by: 'occur_time', order: 'desc' } });
  expect(list.status()).toBe(200);
  const [row] = (await list.json()).data.list as { id: number; type: number }[];
  expect(row, `a demo reading of ${resource}`).toBeTruthy();
  const detail = await request.get(`/api${resource}/${row.id}`, { headers });
  return { memberId: (await detail.json()).data.user_id as number, source: row.type };
}

const pages = [
  { page: 'bloodoxygen', resource: '/physiologic/blood/oxygen', lines: ['90'] },
  { page: 'bloodpressure', resource: '/physiologic/blood/pressure', lines: [] },
  { page: 'bodytemperature', resource: '/physiologic/body/temperature', lines: ['38', '32'] },
];

for (const { page: key, resource, lines } of pages) {
  test(`${key}: chart with its threshold lines, then the server-paged table`, async ({ page, request }) => {
    const { memberId } = await memberWith(request, resource);
    await loginAs(page, 'orgadmin');
    await page.goto(`/${key}/${memberId}`);
    const chart = page.getByTestId('time-chart');
    await expect(chart.locator('canvas')).toBeVisible();
    await expect(page.getByTestId('chart-threshold')).toHaveCount(lines.length);
    for (const value of lines) await expect(page.locator(`[data-testid="chart-threshold"][data-value="${value}"]`)).toBeVisible();
    await page.getByRole('tab', { name: 'Table' }).click();
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader', { name: 'Data source' })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Occurrence time' })).toBeVisible();
    await expect(table.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await expect(table.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  });

  test(`${key}: a member without readings shows No data`, async ({ page }) => {
    await loginAs(page, 'orgadmin');
    await page.goto(`/${key}/999999`);
    await expect(page.getByTestId('chart-empty')).toHaveText('No data');
    await page.getByRole('tab', { name: 'Table' }).click();
    await expect(page.getByRole('table').getByText('No data')).toBeVisible();
  });
}

test('wearable device page: heart rate by default with SPEC lines, other tabs on demand', async ({ page, request }) => {
  const { memberId, source } = await memberWith(request, '/physiologic/heart/rate');
  const deviceType = dataSourceOrigin[source as DataSource].deviceType;
  const models: Record<number, string> = { 5: 'B10', 6: 'B20', 7: 'G15', 8: 'H20' };
  test.skip(deviceType === null || !(deviceType in models), 'the newest demo heart rate is not from a wearable watch');
  await loginAs(page, 'orgadmin');
  await page.goto(`/wearable-device-${models[deviceType!]}/${memberId}/${deviceType}`);
  await expect(page.getByRole('tab', { name: 'Heart rate', selected: true })).toBeVisible();
  await page.getByRole('button', { name: 'Week' }).click();
  await expect(page.getByTestId('time-chart').locator('canvas')).toBeVisible();
  await expect(page.locator('[data-testid="chart-threshold"][data-value="100"]')).toBeVisible();
  await expect(page.locator('[data-testid="chart-threshold"][data-value="50"]')).toBeVisible();
  await expect(page.getByTestId('summary-average')).toHaveText(/^(\d+\.\d|-)/);
  // Decimation: never more than two points per pixel column of the chart.
  const drawn = Number(await page.getByTestId('time-chart').getAttribute('data-points-drawn'));
  const width = (await page.getByTestId('time-chart').boundingBox())!.width;
  expect(drawn).toBeLessThanOrEqual(Math.ceil(width) * 2 + 2);

  await page.getByRole('tab', { name: 'Sleep' }).click();
  await expect(page.getByTestId('sleep-stage-bar').or(page.getByTestId('sleep-empty'))).toBeVisible();
  await page.getByRole('tab', { name: 'Blood oxygen' }).click();
  await expect(page.locator('[data-testid="chart-threshold"][data-value="90"]')).toBeVisible();
});

test('wearable device page without a member explains what it needs', async ({ page }) => {
  await loginAs(page, 'orgadmin');
  await page.goto('/wearable-device-B10');
  await expect(page.getByText('This page opens from a member’s watch')).toBeVisible();
});
