import { chromium } from '@playwright/test';
const base = process.argv[2]; const paths = process.argv.slice(3);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const width of [1280, 390]) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  const logs = [];
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') logs.push(`${m.type()}: ${m.text().slice(0, 300)}`); });
  page.on('pageerror', (e) => logs.push('pageerror: ' + e.message));
  for (const p of paths) {
    logs.length = 0;
    const res = await page.goto(base + p, { waitUntil: 'networkidle' });
    const name = p.replace(/\W+/g, '_') || 'home';
    await page.screenshot({ path: `/tmp/shots/${name}-${width}.png`, fullPage: false });
    console.log(width, p, res.status(), await page.title(), logs.length ? logs : 'clean');
  }
  await page.close();
}
await browser.close();
