// Draws the app icons in public/icons/ from the brand mark (the sun over the horizon of src/client/app/brand-mark.json,
// which the header's BrandMark draws too) on the default theme's teal, with the system Chromium. Run again after
// changing the mark or the colours:
//   node scripts/make-icons.mjs
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const OUT_DIR = 'public/icons';
const TEAL = '#3f7f7a'; // THEMES.default.colors.header
const CREAM = '#fffaf2'; // THEMES.default.colors.cardbackground

/** The brand mark in its own 32-unit box; its visible extent is about 28 units wide, centred on (16, 15.5). */
const mark = JSON.parse(readFileSync(new URL('../src/client/app/brand-mark.json', import.meta.url), 'utf8'));
const MARK = `
  <circle cx="${mark.sun.cx}" cy="${mark.sun.cy}" r="${mark.sun.r}" fill="${CREAM}" />
  <g stroke="${CREAM}" stroke-width="${mark.strokeWidth}" stroke-linecap="round">
${mark.lines.map(([x1, y1, x2, y2]) => `    <line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" />`).join('\n')}
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
