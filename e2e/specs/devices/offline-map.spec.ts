import type { Route } from '@playwright/test';
import { expect, loginAs, test } from '../../fixtures.ts';

/**
 * Tiles at a loopback address that this spec intercepts: nothing is ever sent to it, and each tile
 * request fails when the spec says so.
 */
const TILES = 'http://127.0.0.1:59999';

// The server's Content-Security-Policy allows only the tiles it is configured with (none here), so
// the browser would refuse these before any request: this spec is about the map's teardown, and the
// policy is the crawl's to check.
test.use({ bypassCSP: true });

test('the live device page with unreachable map tiles shows coordinates and tears the map down without an error', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // The server is configured without tiles; this page is told of tiles that will not load.
  await page.route('**/config.js', async (route) => {
    const response = await route.fetch();
    const body = `${await response.text()}\nwindow.__VIGIL_CONFIG__ = { ...window.__VIGIL_CONFIG__, mapTiles: '${TILES}/{z}/{x}/{y}.png' };\n`;
    await route.fulfill({ response, body });
  });
  // A slow, unreachable tile server: its requests hang, then fail.
  const held: Route[] = [];
  let unreachable = false;
  await page.route(`${TILES}/**`, async (route) => {
    if (unreachable) await route.abort('connectionrefused');
    else held.push(route);
  });

  await loginAs(page, 'guardadmin');
  await page.goto('/device-real-time');
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
  // The user zooms in; the tiles fail while the zoom runs, as they do from a tile server that
  // times out, and the map gives way to the coordinates.
  await page.getByRole('button', { name: 'Zoom in' }).click();
  // From now on every tile fails, the held ones and those the zoom asks for after this line (on a
  // busy machine none may have been asked for yet, and nothing would fail).
  unreachable = true;
  for (const route of held.splice(0)) await route.abort('connectionrefused');
  await expect(page.getByText('The map could not load: positions are shown as coordinates.')).toBeVisible();

  // On to another page and its rows: the removed map's zoom has ended by then.
  await page.goto('/member');
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
  expect(errors).toEqual([]);
});
