import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:3400';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const [name, width, height] of [['desk', 1280, 900], ['phone', 390, 844]]) {
  const page = await browser.newPage({ viewport: { width, height } });
  await page.goto(`${base}/hoodies`);
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `/tmp/sale-list-${name}.png` });
  await page.goto(`${base}/products/sadu-sands-logo-hoodie`);
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `/tmp/sale-product-${name}.png` });
  await page.getByRole('button', { name: /add to cart/i }).click().catch(() => {});
  await page.waitForURL(/\/cart$/, { timeout: 5000 }).catch(() => {});
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `/tmp/sale-cart-${name}.png`, fullPage: true });
  await page.close();
}
await browser.close();
