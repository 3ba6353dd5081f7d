import { expect, loginAs, test } from '../../fixtures.ts';

/*
 * The installable console's service worker in Chromium: not registered on the sign-in page,
 * registered once signed in, and a push it receives shows a notification. The push is delivered
 * through the DevTools protocol (ServiceWorker.deliverPushMessage): headless Chromium's own push
 * service is Google's, a host outside this machine, so a real delivery cannot be made here (the
 * server's encryption and VAPID signing are checked against a local push service in
 * apps/server/src/notify/channels.test.ts).
 */

test('the service worker registers after sign-in and shows a pushed alert as a notification', async ({ page, context, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  await context.grantPermissions(['notifications'], { origin });

  await page.goto('/login');
  await expect(page.getByLabel('Account', { exact: true })).toBeVisible();
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);

  await loginAs(page, 'orgadmin');
  await page.goto('/personal');
  await expect(page.getByRole('heading', { name: 'Alerts on this device' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enable on this device' })).toBeEnabled();
  // Waits for the worker to be active, as a person's browser would before any push arrives.
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toBe(`${origin}/`);

  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const mine = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
      if (mine) resolve(mine.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const payload = { title: 'Fall: E2E Resident', body: 'Ward 1, bed 2', link: '/', alertId: null, priority: 'high', ackToken: null, ackLabel: 'Acknowledge', tag: 'e2e-push' };
  const deliver = async () => cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: await registrationId, data: JSON.stringify(payload) });
  await deliver();

  // A push service delivers again a message the worker did not take (it may be starting or
  // stopping just then); the tag keeps it one notification, so each look that finds none delivers again.
  await expect
    .poll(async () => {
      const shown = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.getNotifications({ tag: 'e2e-push' })).map((n) => ({ title: n.title, body: n.body }));
      });
      if (shown.length === 0) await deliver();
      return shown;
    })
    .toEqual([{ title: 'Fall: E2E Resident', body: 'Ward 1, bed 2' }]);
});
