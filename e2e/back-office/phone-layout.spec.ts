import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from '../support/test';
import { anotherBrowser, backOfficeToken, signInOwnerToBackOffice } from '../support/back-office';
import { buyAsGuest, productsOf, uniqueEmail } from '../support/shop';
import { seriousViolations } from '../support/page-checks';

// Issue 20: at 390 px no back-office page is wider than the screen and no table cell is cut off.
// A table wider than the phone scrolls inside its own box (which shows it scrolls); nothing else
// may reach past the screen. Checked in the browser on every back-office page, with axe.

/** What does not fit: the page's width, and cells out of reach or cut inside themselves. */
function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const problems: string[] = [];
    if (document.documentElement.scrollWidth > width)
      problems.push(`the page is ${document.documentElement.scrollWidth} px wide`);
    const scrollsSideways = (element: Element) =>
      ['auto', 'scroll'].includes(getComputedStyle(element).overflowX);
    for (const cell of Array.from(document.querySelectorAll('main td, main th'))) {
      const name = `${cell.tagName.toLowerCase()} '${(cell.textContent ?? '').trim().slice(0, 40)}'`;
      if (cell.scrollWidth > cell.clientWidth + 1) problems.push(`${name} is cut inside its cell`);
      let box = cell.parentElement;
      while (box && !scrollsSideways(box)) box = box.parentElement;
      const rect = cell.getBoundingClientRect();
      if (!box) {
        if (rect.right > width + 1 || rect.left < -1) problems.push(`${name} is off the screen`);
        continue;
      }
      // Inside a scrolling box every cell must be within what the box scrolls to.
      const frame = box.getBoundingClientRect();
      if (rect.right - (frame.left + box.clientLeft) + box.scrollLeft > box.scrollWidth + 1)
        problems.push(`${name} reaches past its scrolling box`);
      if (frame.right > width + 1)
        problems.push(`${name}'s scrolling box is wider than the screen`);
    }
    return problems;
  });
}

async function expectFitsThePhone(page: Page, path: string, testInfo: TestInfo) {
  await expect(page.locator('main h1').first()).toBeVisible();
  // Lists and forms have settled: no skeleton is waiting for its answer.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  expect(await layoutProblems(page), path).toEqual([]);
  expect(await seriousViolations(page), path).toEqual([]);
  const name = path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'admin';
  await page.screenshot({ path: testInfo.outputPath(`${name}-390.png`), fullPage: true });
}

test('every back-office page fits a phone: no sideways scroll, no cut cell, axe clean @mobile-only', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  // Something in every list: a guest's paid order.
  const [tote] = await productsOf(request, 'totes');
  const orderPath = await buyAsGuest(request, uniqueEmail(testInfo, 'phone-layout'), [
    { product: tote!._id, qty: 1, size: 'NA', option: 'A' },
  ]);
  const orderId = new URL(orderPath, 'http://x').pathname.split('/').pop()!;

  const page = await anotherBrowser(browser, testInfo);
  await signInOwnerToBackOffice(page, testInfo);
  // A discount for the list and its own page: inactive, so no other story's cart is priced with it.
  const discount = await request.post('/api/admin/discounts', {
    headers: { authorization: `Bearer ${await backOfficeToken(page)}` },
    data: {
      code: `PHONE-LAYOUT-${Date.now().toString(36)}`,
      kind: 'percentage',
      percent: 15,
      appliesTo: 'order',
      minItemsPrice: 25,
      usageLimit: 50,
      startsAt: '2026-12-01T06:00:00.000Z',
      endsAt: '2026-12-31T06:00:00.000Z',
      active: false,
    },
  });
  expect(discount.status()).toBe(201);
  const { _id: discountId } = (await discount.json()) as { _id: string };
  const paths = [
    '/admin',
    '/admin/orders',
    `/admin/orders/${orderId}`,
    `/admin/orders/print?kind=packing-slip&ids=${orderId}`,
    '/admin/products',
    '/admin/products/new',
    `/admin/products/${tote!._id}`,
    '/admin/products/import',
    '/admin/collections',
    '/admin/collections/new',
    '/admin/discounts',
    '/admin/discounts/new',
    `/admin/discounts/${discountId}`,
    '/admin/stock/movements',
    '/admin/customers',
    '/admin/staff',
    '/admin/audit',
    '/admin/settings/shipping',
    '/admin/shop-details',
  ];
  for (const path of paths) {
    await page.goto(path);
    await expectFitsThePhone(page, path, testInfo);
  }
  // A customer's own page, reached from the list.
  await page.goto('/admin/customers');
  await page.getByRole('main').getByRole('table').getByRole('link').first().click();
  await expectFitsThePhone(page, '/admin/customers/:id', testInfo);
  await page.context().close();
});
