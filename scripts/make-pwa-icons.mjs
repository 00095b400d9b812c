// Renders the PWA icons (src/client/public/*.png) from favicon.svg with Playwright's Chromium.
// Run by hand after changing the favicon: `node scripts/make-pwa-icons.mjs`. The PNGs are committed.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/client/public');
const svg = fs.readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
const glyph = svg.match(/<path[^>]*\/>/)?.[0];
if (!glyph) throw new Error('favicon.svg has no <path>');
// Maskable: full-bleed brand green (no rounded corners: the platform masks it), the glyph scaled
// to 80% about its centre so it stays well inside the 40%-radius safe zone.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#14532d"/><g transform="translate(16 16) scale(0.8) translate(-15.5 -16)">${glyph}</g></svg>`;

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--headless'],
});
async function render(markup, size, name) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  await page.setContent(
    `<body style="margin:0">${markup.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body>`,
  );
  await page.screenshot({ path: path.join(publicDir, name), omitBackground: true });
  await page.close();
}
await render(svg, 192, 'pwa-192x192.png');
await render(svg, 512, 'pwa-512x512.png');
await render(maskable, 512, 'maskable-icon-512x512.png');
await render(maskable, 180, 'apple-touch-icon-180x180.png');
await browser.close();
