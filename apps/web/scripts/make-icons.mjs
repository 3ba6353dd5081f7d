// Renders the console's mark (public/favicon.svg) into the PNG icons the web manifest names, with
// the Chromium the end-to-end tests use: `node apps/web/scripts/make-icons.mjs`. The PNGs are
// committed; run this again when the mark changes. The maskable icon keeps the mark inside the
// safe zone (the inner 80 %) on a full-bleed background, as Android crops it to a circle.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const publicDir = fileURLToPath(new URL('../public/', import.meta.url));
const svg = readFileSync(`${publicDir}favicon.svg`, 'utf8');
const background = '#1f6f78';
const icons = [
  { file: 'icons/icon-192.png', size: 192, maskable: false },
  { file: 'icons/icon-512.png', size: 512, maskable: false },
  { file: 'icons/icon-maskable-512.png', size: 512, maskable: true },
  { file: 'icons/apple-touch-icon.png', size: 180, maskable: true },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  for (const { file, size, maskable } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const inner = maskable ? Math.round(size * 0.8) : size;
    await page.setContent(
      `<html><body style="margin:0;background:${maskable ? background : 'transparent'};display:grid;place-items:center;width:${size}px;height:${size}px">` +
        `<div style="width:${inner}px;height:${inner}px">${svg.replace('<svg ', `<svg width="${inner}" height="${inner}" `)}</div></body></html>`,
    );
    await page.screenshot({ path: `${publicDir}${file}`, omitBackground: !maskable });
    await page.close();
  }
} finally {
  await browser.close();
}
