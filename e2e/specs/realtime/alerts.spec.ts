import { DataSource, nowUnix } from '@vigil/contracts';
import type { APIRequestContext } from '@playwright/test';
import { type FeedAlert, apiLogin, bellCountsServer, bellFeedQuery, expect, loginAs, test } from '../../fixtures.ts';

/** A B10 watch the demo world binds to a member of the care organisation (orgadmin's). */
const SERIAL = 'B10-0001';
const DEVICE_KEY = `demo-${SERIAL}`;

type Row = { id: number; type: number; source: { device: { id: number; name: string | null } | null } };

/**
 * The open alerts of this spec's watch only: the care spec, in the other worker, raises and handles
 * heart-rate alerts of its own watch at the same moment, and clearing those would break it.
 */
async function openAlertsOfDevice(request: APIRequestContext, token: string): Promise<Row[]> {
  const headers = { authorization: `Bearer ${token}` };
  const deviceId = await watchDeviceId(request, token);
  const res = await request.get('/api/abnormal', { headers, params: { is_handle: 0, per_page: -1 } });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { data: { list: Row[] } | Row[] };
  const list = Array.isArray(body.data) ? body.data : body.data.list;
  return list.filter((row) => row.source.device?.id === deviceId);
}

async function watchDeviceId(request: APIRequestContext, token: string): Promise<number> {
  const found = await request.get('/api/device/bind/real-time', { headers: { authorization: `Bearer ${token}` }, params: { keyword: SERIAL } });
  expect(found.status()).toBe(200);
  return ((await found.json()) as { data: { list: { device_id: number }[] } }).data.list[0].device_id;
}

/** The alerts of this spec's watch, among whatever the bell holds. */
const ofWatch = (deviceId: number, types: number[]) => (a: FeedAlert) => types.includes(a.type) && a.source.device?.id === deviceId;

test('an abnormal reading sent through ingestion rings the bell; handling it takes it away', async ({ page, request }) => {
  const login = await apiLogin(request, 'orgadmin');
  const auth = { authorization: `Bearer ${login.access_token}` };

  // The one-open-event rule would swallow a new alert if the demo left one open for this watch.
  const before = await openAlertsOfDevice(request, login.access_token);
  for (const row of before.filter((r) => r.type === 45)) {
    const res = await request.post('/api/handle/abnormal', { headers: auth, data: { abnormal_id: row.id, content: 'Cleared before the e2e run' } });
    expect(res.ok()).toBe(true);
  }

  const feedQuery = bellFeedQuery(page);
  await loginAs(page, 'orgadmin');
  const bell = page.getByTestId('abnormal-bell');
  await expect(bell).toBeVisible();
  const feed = await feedQuery;
  const deviceId = await watchDeviceId(request, login.access_token);

  const ingest = await request.post('/api/ingest/readings', {
    headers: { 'x-device-key': DEVICE_KEY },
    data: { readings: [{ serial: SERIAL, kind: 'heartRate', source: DataSource.watchB10_1m, occur_time: nowUnix(), values: { value: 178 } }] },
  });
  expect(ingest.status()).toBe(200);
  expect(((await ingest.json()) as { data: { accepted: number } }).data.accepted).toBe(1);

  await expect
    .poll(() => bellCountsServer(page, request, login.access_token, feed, ofWatch(deviceId, [45])), { message: 'the bell counts the new alert' })
    .toBe(true);

  await bell.click();
  await expect(page).toHaveURL(/\/$/);
  // This reading's alert, wherever other specs' alerts (the other worker's, same organisation)
  // put it in the feed.
  const mine = page.getByTestId('abnormal-feed-item').filter({ hasText: '178 bpm' });
  const first = mine.first();
  await expect(first).toBeVisible();
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

  // The handled alert leaves the feed, and with it the bell's count (store.test.ts counts it; an
  // exact count here would also count the other worker's alerts arriving meanwhile).
  await expect(mine).toHaveCount(0);
});

/** Handles every open alert of these types so the one-open-event rule lets a new one through. */
async function clearOpen(request: APIRequestContext, token: string, types: number[]): Promise<void> {
  for (const row of (await openAlertsOfDevice(request, token)).filter((r) => types.includes(r.type))) {
    const res = await request.post('/api/handle/abnormal', {
      headers: { authorization: `Bearer ${token}` },
      data: { abnormal_id: row.id, content: 'Cleared before the e2e run' },
    });
    expect(res.ok()).toBe(true);
  }
}

async function sendHeartRate(request: APIRequestContext, value: number): Promise<void> {
  const res = await request.post('/api/ingest/readings', {
    headers: { 'x-device-key': DEVICE_KEY },
    data: { readings: [{ serial: SERIAL, kind: 'heartRate', source: DataSource.watchB10_1m, occur_time: nowUnix(), values: { value } }] },
  });
  expect(res.status()).toBe(200);
}

test('a live heart-rate alert is announced with its unit, room and bed, and its chart link opens the member’s heart-rate page with their own limits and the peak inside the plot', async ({ page, request }) => {
  const login = await apiLogin(request, 'orgadmin');
  const headers = { authorization: `Bearer ${login.access_token}` };
  await clearOpen(request, login.access_token, [44, 45]);

  await loginAs(page, 'orgadmin');
  await page.getByTestId('abnormal-bell').click();
  await expect(page.getByTestId('realtime-status')).toHaveText('Live');

  await sendHeartRate(request, 167);
  const item = page.getByTestId('abnormal-feed-item').filter({ hasText: '167 bpm' }).first();
  await expect(item).toBeVisible();
  // Announced to screen readers, and highlighted for a moment.
  await expect(page.getByTestId('abnormal-feed-announcer')).toContainText('New alert, Medium priority');
  await expect(item.getByTestId('abnormal-feed-reading')).toContainText('167 bpm');
  await expect(item.getByTestId('abnormal-feed-who')).toContainText(/Room \d+/);
  await expect(item.getByTestId('abnormal-feed-who')).toContainText(/Bed \d+/);

  const chartLink = item.getByTestId('alert-link-vital');
  const href = (await chartLink.getAttribute('href'))!;
  const memberId = Number(/^\/heartrate\/(\d+)$/.exec(href)?.[1]);
  expect(memberId).toBeGreaterThan(0);

  // The member's own instant heart-rate limits (set for them here, not SPEC's defaults).
  const put = (body: object) => request.put(`/api/user/standard/${memberId}`, { headers, data: body });
  expect((await put({ standards: [{ kind: 0, min: 48, max: 155 }] })).status()).toBe(200);
  try {
    await chartLink.click();
    await expect(page).toHaveURL(new RegExp(`/heartrate/${memberId}$`));
    await expect(page.getByTestId('threshold-source')).toHaveAttribute('data-origin', 'member');
    await expect(page.locator('[data-testid="chart-threshold"][data-value="155"]')).toContainText('High threshold 155');
    await expect(page.locator('[data-testid="chart-threshold"][data-value="48"]')).toContainText('Low threshold 48');
    const chart = page.getByTestId('time-chart');
    await expect(chart).toHaveAttribute('data-highest', /\d/);
    const highest = Number(await chart.getAttribute('data-highest'));
    expect(highest).toBeGreaterThanOrEqual(167);
    // SPEC's 30–140 scale would cut the peak off; the plot widens to hold it.
    expect(Number(await chart.getAttribute('data-y-max'))).toBeGreaterThanOrEqual(highest);
  } finally {
    await put({ reset: [0] });
  }
});

test('with audio blocked the banner shows; once it is pressed the chime plays on the next alert', async ({ context, request }) => {
  // Test hook on the audio element: the browser's autoplay rule (no play before a user gesture)
  // emulated deterministically, and every chime that did play recorded.
  await context.addInitScript(() => {
    const w = window as unknown as { chimes: string[]; skew: number };
    w.chimes = [];
    // The page's clock, which the spec can move on: triggers within a moment of the last chime make
    // no second one (player.ts), and an alert may reach the page sooner than that after the click.
    w.skew = 0;
    const realNow = Date.now.bind(Date);
    Date.now = () => realNow() + w.skew;
    // The document's own first click or key press, as the autoplay rule counts it.
    let gesture = false;
    const seen = () => {
      gesture = true;
    };
    window.addEventListener('pointerdown', seen, true);
    window.addEventListener('keydown', seen, true);
    HTMLMediaElement.prototype.play = function play(this: HTMLMediaElement) {
      if (!gesture) return Promise.reject(new DOMException('blocked', 'NotAllowedError'));
      w.chimes.push(this.src);
      return Promise.resolve();
    };
  });
  const login = await apiLogin(request, 'orgadmin');
  await clearOpen(request, login.access_token, [44, 45]);
  const signIn = await context.newPage();
  await loginAs(signIn, 'orgadmin');
  // A console reopened in a new window (signed in, no gesture there yet): the chime is blocked.
  const page = await context.newPage();
  const feedQuery = bellFeedQuery(page);
  await page.goto('/');
  await signIn.close();
  const banner = page.getByTestId('sound-blocked');
  await expect(banner).toBeVisible();
  await expect(banner).toHaveText('Sound is off — click to enable');
  // Pressing the banner is itself the gesture that unblocks sound: the console plays the confirming
  // chime and hides the banner only once it has played. The keyboard reaches the banner whatever
  // the top bar's layout does, as a keyboard user would.
  await page.waitForLoadState('networkidle');
  await banner.press('Enter');
  const chimes = () => page.evaluate(() => (window as unknown as { chimes: string[] }).chimes.length);
  await expect.poll(chimes, { message: 'pressing the banner plays the confirming chime' }).toBeGreaterThanOrEqual(1);
  await expect(banner).toBeHidden();
  const afterClick = await chimes();
  // The next alert is a new moment, not part of the click's chime.
  await page.evaluate(() => {
    (window as unknown as { skew: number }).skew += 2000;
  });

  const feed = await feedQuery;
  const deviceId = await watchDeviceId(request, login.access_token);
  await sendHeartRate(request, 171);
  await expect
    .poll(() => bellCountsServer(page, request, login.access_token, feed, ofWatch(deviceId, [44, 45])), { message: 'the alert arrives' })
    .toBe(true);
  await expect.poll(chimes, { message: 'the chime plays for the new alert' }).toBeGreaterThan(afterClick);
  expect(await page.evaluate(() => (window as unknown as { chimes: string[] }).chimes.at(-1))).toMatch(/alert-chime\.wav$/);
});
