import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from '../support/test';
import {
  anotherBrowser,
  backOfficeLink,
  expectNoSidewaysScroll,
  signInOwnerToBackOffice,
} from '../support/back-office';
import { seriousViolations, watchConsole } from '../support/page-checks';
import { ADDRESS, productsOf, uniqueEmail } from '../support/shop';

/** A screenshot kept with the test's results (and where SCREENSHOT_DIR says, to look at). */
async function keepScreenshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  if (process.env.SCREENSHOT_DIR)
    await page.screenshot({
      path: `${process.env.SCREENSHOT_DIR}/${name}-${testInfo.project.name}.png`,
      fullPage: true,
    });
}

async function expectAccessible(page: Page, what: string) {
  expect(await seriousViolations(page), what).toEqual([]);
  await expectNoSidewaysScroll(page);
}

/**
 * Each project ships its own country through a zone of its own, so the two projects (and the
 * other specs, whose addresses stay in 'Everywhere') never see each other's rates.
 */
const shipTo = (testInfo: TestInfo) =>
  testInfo.project.name === 'mobile'
    ? { country: 'Mexico', code: 'MX' }
    : { country: 'Canada', code: 'CA' };

// The owner adds a zone with Standard and Express; a guest shipping there picks Express and pays
// its price on the payment page.
test.describe('shipping rates', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });

  test('the owner adds a zone for one country with Standard and Express', async ({
    browser,
  }, testInfo) => {
    const page = await anotherBrowser(browser, testInfo);
    const problems = watchConsole(page);
    const { country } = shipTo(testInfo);
    const zoneName = `North ${testInfo.project.name}`;

    await signInOwnerToBackOffice(page, testInfo);
    problems.length = 0;
    await backOfficeLink(page, 'Shipping and tax').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Shipping and tax' })).toBeVisible();
    // The spec's settings, as a fresh shop has them.
    const everywhere = page.getByRole('region', { name: 'Everywhere' });
    await expect(everywhere.getByRole('row', { name: /Standard/ })).toContainText('$5.00');
    await expect(everywhere.getByRole('row', { name: /Standard/ })).toContainText('$50.00');
    await expect(page.getByLabel('Default tax rate (%)')).toHaveValue('7');

    // A retry finds the zone its first attempt made: it starts again from none.
    const earlier = page.getByRole('button', { name: `Delete zone ${zoneName}` });
    if (await earlier.isVisible()) {
      await earlier.click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await expect(earlier).toBeHidden();
    }

    await page.getByRole('button', { name: 'Add zone' }).click();
    const zoneDialog = page.getByRole('dialog', { name: 'Add a shipping zone' });
    await zoneDialog.getByLabel('Zone name').fill(zoneName);
    await zoneDialog.getByLabel('Countries').fill(`${country}, Narnia`);
    await zoneDialog.getByRole('button', { name: 'Add zone' }).click();
    await expect(zoneDialog.getByRole('alert')).toHaveText('Country is not a known country');
    await zoneDialog.getByLabel('Countries').fill(country);
    await zoneDialog.getByRole('button', { name: 'Add zone' }).click();
    await expect(zoneDialog).toBeHidden();

    const zone = page.getByRole('region', { name: zoneName });
    await expect(zone).toContainText('No rates yet');
    for (const [name, price] of [
      ['Standard', '8'],
      ['Express', '19.50'],
    ] as const) {
      await zone.getByRole('button', { name: `Add a rate to ${zoneName}` }).click();
      const rateDialog = page.getByRole('dialog', { name: `Add a rate to ${zoneName}` });
      await rateDialog.getByLabel('Rate name').fill(name);
      await rateDialog.getByLabel('Price ($)').fill(price);
      await rateDialog.getByRole('button', { name: 'Add rate' }).click();
      await expect(rateDialog).toBeHidden();
    }
    const rates = zone.getByRole('table', { name: `Rates of ${zoneName}` });
    await expect(rates.getByRole('row', { name: /Express/ })).toContainText('$19.50');
    await expect(rates.getByRole('row', { name: /Standard/ })).toContainText('$8.00');
    await expectAccessible(page, 'Shipping and tax');
    await keepScreenshot(page, testInfo, 'shipping-settings');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  test('a guest shipping there picks Express and pays its price', async ({
    page,
    request,
  }, testInfo) => {
    const problems = watchConsole(page);
    const { country } = shipTo(testInfo);
    const tote = (await productsOf(request, 'totes')).find(
      (p) => p.hasAandB && p.countInStock.countB >= 3,
    );
    if (!tote) throw new Error('the sample catalog has no tote in option B');

    await page.goto(`/products/${tote._id}`);
    await page
      .getByRole('group', { name: 'Option' })
      .locator('label')
      .filter({ hasText: /^B$/ })
      .click();
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    await expect(page).toHaveURL(/\/cart$/, { timeout: 15_000 });
    await page.getByRole('link', { name: 'Guest checkout' }).click();
    await expect(page).toHaveURL(/\/guest-checkout$/);

    await page.getByLabel('Email').fill(uniqueEmail(testInfo, 'express'));
    // The country first: outside the United States the state is free text.
    await page.getByLabel('Full name').fill(ADDRESS.fullName);
    await page.getByLabel('Country').selectOption({ label: country });
    await page.getByLabel('Address', { exact: true }).fill(ADDRESS.address);
    await page.getByLabel('City').fill('Winnipeg');
    await page.getByLabel('State').fill('Manitoba');
    await page.getByLabel('Postal code').fill('R3C 4T3');

    const method = page.getByRole('group', { name: 'Shipping method' });
    await expect(method.getByRole('radio')).toHaveCount(2);
    await expect(method.getByRole('radio', { name: /Standard/ })).toBeChecked();
    await expect(page.getByTestId('amount-shipping')).toHaveText('$8.00');
    // By keyboard: the arrow key moves to Express and picks it.
    await method.getByRole('radio', { name: /Standard/ }).focus();
    await page.keyboard.press('ArrowDown');
    await expect(method.getByRole('radio', { name: /Express/ })).toBeChecked();
    await expect(page.getByTestId('amount-shipping')).toHaveText('$19.50');
    const total = await page.getByTestId('amount-total').textContent();
    await expectAccessible(page, 'Guest Checkout with a rate choice');
    await keepScreenshot(page, testInfo, 'checkout-rate-choice');
    // Watched up to here: the test checkout page is the provider's stand-in, not the shop's.
    expect(problems).toEqual([]);

    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page).toHaveURL(/\/test-checkout\/tcs_/, { timeout: 15_000 });
    await expect(page.getByRole('row', { name: /Shipping/ })).toContainText('$19.50');
    await expect(page.getByRole('row', { name: /Total/ })).toContainText(total ?? '');
  });
});
