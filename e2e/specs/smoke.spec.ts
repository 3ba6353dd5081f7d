import { apiLogin, demoAccounts, expect, test } from '../fixtures.ts';

test('the health check answers ok', async ({ request }) => {
  const response = await request.get('/api/health');
  expect(response.status()).toBe(200);
  expect((await response.json()).data).toMatchObject({ status: 'ok', database: true });
});

test('runtime settings are served as /config.js', async ({ request }) => {
  const response = await request.get('/config.js');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('javascript');
  expect(await response.text()).toContain('window.__VIGIL_CONFIG__');
});

test('the login page renders in English outside Taipei and Shanghai', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByLabel('Account', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
});

test('the demo organisation admin signs in through the API', async ({ request }) => {
  const login = await apiLogin(request, 'orgadmin');
  expect(login.access_token).toEqual(expect.any(String));
  expect(login.router).toBe(demoAccounts.orgadmin);
  expect(login.user).toMatchObject({ name: '林雅婷', headshot: null, area_id: null });
  expect(login.user.id).toEqual(expect.any(Number));
  expect(login.user.org_id).toEqual(expect.any(Number));
  expect(login.api).toContainEqual({ route: '/logout', method: 'POST' });
  expect(login.sidebar.length).toBeGreaterThan(0);
});
