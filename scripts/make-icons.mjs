// Draws the app icons in public/icons/ from the brand mark (the sun over the horizon of app/BrandMark.tsx) on the
// default theme's teal, with the system Chromium. Run again after changing the mark or the colours:
//   node scripts/make-icons.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const OUT_DIR = 'public/icons';
const TEAL = '#3f7f7a'; // THEMES.default.colors.header
const CREAM = '#fffaf2'; // THEMES.default.colors.cardbackground

/** The brand mark in its own 32-unit box; its visible extent is about 28 units wide, centred on (16, 15.5). */
const MARK = `
  <circle cx="16" cy="19" r="6.5" fill="${CREAM}" />
  <g stroke="${CREAM}" stroke-width="2.2" stroke-linecap="round">
    <line x1="16" y1="4" x2="16" y2="8" />
    <line x1="5.4" y1="8.4" x2="8.2" y2="11.2" />
    <line x1="26.6" y1="8.4" x2="23.8" y2="11.2" />
    <line x1="2" y1="19" x2="6" y2="19" />
    <line x1="26" y1="19" x2="30" y2="19" />
    <line x1="3" y1="27" x2="29" y2="27" />
  </g>`;

/**
 * One icon in a 512 box. `markWidth` is the share of the box the mark spans; `corner` rounds the tile (0 fills the
 * box, as maskable and Apple icons must, since the platform cuts its own shape).
 */
function iconSvg({ markWidth, corner }) {
  const scale = (512 * markWidth) / 28;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
  <rect width="512" height="512" rx="${corner}" fill="${TEAL}" />
  <g transform="translate(256 256) scale(${scale.toFixed(3)}) translate(-16 -15.5)">${MARK}</g>
</svg>`;
}

const ANY = iconSvg({ markWidth: 0.66, corner: 104 });
// Maskable: everything that matters inside the central circle of 80% diameter (the safe zone of the spec).
const MASKABLE = iconSvg({ markWidth: 0.5, corner: 0 });
const APPLE = iconSvg({ markWidth: 0.62, corner: 0 });

const PNGS = [
  { file: 'icon-192.png', size: 192, svg: ANY },
  { file: 'icon-512.png', size: 512, svg: ANY },
  { file: 'maskable-192.png', size: 192, svg: MASKABLE },
  { file: 'maskable-512.png', size: 512, svg: MASKABLE },
  { file: 'apple-touch-icon-180.png', size: 180, svg: APPLE },
  { file: 'favicon-32.png', size: 32, svg: ANY },
];

mkdirSync(OUT_DIR, { recursive: true });
writeFileSync(join(OUT_DIR, 'favicon.svg'), `${ANY}\n`);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
try {
  const page = await browser.newPage();
  for (const { file, size, svg } of PNGS) {
    await page.setViewportSize({ width: size, height: size });
    const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(`<!doctype html><style>html,body{margin:0;background:transparent}svg{display:block}</style>${sized}`);
    await page.screenshot({ path: join(OUT_DIR, file), omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    console.log(`wrote ${join(OUT_DIR, file)}`);
  }
} finally {
  await browser.close();
}
