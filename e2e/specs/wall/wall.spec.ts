import { DataSource, nowUnix } from '@vigil/contracts';
import { apiLogin, expect, loginAs, test } from '../../fixtures.ts';

/**
 * A B10 watch the demo world binds to a resident of the care organisation (orgadmin's), that no
 * other spec sends readings to: the alert specs' watch (B10-0001), read in the other worker at
 * the same moment, put its own heart rate on the tile after this spec's.
 */
const SERIAL = 'B10-0003';
const DEVICE_KEY = `demo-${SERIAL}`;

test('the live wall shows a reading on its resident’s tile as soon as it is ingested', async ({ page, request }) => {
  const login = await apiLogin(request, 'orgadmin');
  const found = await request.get('/api/device/bind/real-time', { headers: { authorization: `Bearer ${login.access_token}` }, params: { keyword: SERIAL } });
  expect(found.status()).toBe(200);
  const [row] = ((await found.json()) as { data: { list: { member_name: string }[] } }).data.list;

  await loginAs(page, 'orgadmin');
  await page.goto('/wall');
  const tile = page.getByRole('article', { name: row.member_name });
  await expect(tile).toBeVisible();
  // A tile off screen stops listening (docs/wall.md): look at it, as the nurse watching it would.
  await tile.scrollIntoViewIfNeeded();
  await expect(page.getByText('Live', { exact: true })).toBeVisible();

  // Within the standard, so no alert reorders the wall meanwhile.
  const ingest = await request.post('/api/ingest/readings', {
    headers: { 'x-device-key': DEVICE_KEY },
    data: { readings: [{ serial: SERIAL, kind: 'heartRate', source: DataSource.watchB10_1m, occur_time: nowUnix(), values: { value: 137 } }] },
  });
  expect(((await ingest.json()) as { data: { accepted: number } }).data.accepted).toBe(1);
  await expect(tile.locator('[data-kind="heart_rate"]')).toHaveText('137 bpm');
});
