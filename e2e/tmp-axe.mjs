import { chromium } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const page = await (await browser.newContext()).newPage();
for (const path of ['/hoodies', '/products/sadu-sands-logo-hoodie']) {
  await page.goto(`http://127.0.0.1:3400${path}`);
  await page.waitForLoadState('networkidle');
  const r = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  console.log(path, r.violations.map((v) => `${v.id}: ${v.nodes.length}`));
}
await browser.close();
