import { readFile } from 'node:fs/promises';
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from '../support/test';
import {
  anotherBrowser,
  backOfficeLink,
  expectNoSidewaysScroll,
  signInOwnerToBackOffice,
} from '../support/back-office';
import { seriousViolations } from '../support/page-checks';
import { buyAsGuest, productsOf, uniqueEmail } from '../support/shop';

/** A screenshot kept with the test's results (and where SCREENSHOT_DIR says, to look at). */
async function keepScreenshot(page: Page, testInfo: TestInfo, name: string) {
  const file = `${name}-${testInfo.project.name}.png`;
  await page.screenshot({ path: testInfo.outputPath(file), fullPage: true });
  if (process.env.SCREENSHOT_DIR)
    await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${file}`, fullPage: true });
}

test.describe('packing slips and invoices', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the owner chooses two orders, downloads their invoices and prints their packing slips', async ({
    browser,
    request,
  }, testInfo) => {
    // Two paid orders of one guest, found in the list by that guest's e-mail.
    const email = uniqueEmail(testInfo, 'slips');
    const tote = (await productsOf(request, 'totes')).find(
      (product) => product.hasAandB && product.countInStock.countB >= 5,
    );
    if (!tote) throw new Error('the sample catalog has no tote in B');
    const line = { product: tote._id, qty: 1, size: 'NA', option: 'B' };
    for (let i = 0; i < 2; i += 1) await buyAsGuest(request, email, [line]);

    const owner = await anotherBrowser(browser, testInfo);
    await signInOwnerToBackOffice(owner, testInfo);
    await backOfficeLink(owner, 'Orders').click();
    const search = owner.getByRole('search', { name: 'Search by order number, e-mail or name' });
    await search.getByRole('searchbox').fill(email);
    await search.getByRole('button', { name: 'Search' }).click();
    const table = owner.getByRole('table', { name: 'Orders, newest first' });
    await expect(table.getByRole('row')).toHaveCount(3);
    const numbers = (await table.getByRole('rowheader').allTextContents()).map((text) =>
      text.replace('#', ''),
    );
    expect(numbers).toHaveLength(2);
    for (const number of numbers)
      await owner.getByRole('checkbox', { name: `Choose order #${number}` }).check();
    await expect(owner.getByText('2 orders chosen')).toBeVisible();
    await expectNoSidewaysScroll(owner);
    expect(await seriousViolations(owner)).toEqual([]);
    await keepScreenshot(owner, testInfo, 'orders-chosen');

    // The invoices, as one PDF.
    const downloading = owner.waitForEvent('download');
    await owner.getByRole('button', { name: 'Download invoices' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^invoices-\d{4}-\d{2}-\d{2}\.pdf$/);
    const pdf = await readFile(await download.path());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    await expect(owner.getByText(/^Downloaded invoices-/)).toBeVisible();

    // The packing slips, one page each, without the shop's frame on paper.
    await owner.getByRole('button', { name: 'Print packing slips' }).click();
    await expect(owner.getByRole('heading', { level: 1, name: 'Packing slips' })).toBeVisible();
    const sheets = owner.getByRole('article');
    await expect(sheets).toHaveCount(2);
    for (const [i, number] of numbers.entries()) {
      await expect(sheets.nth(i)).toContainText(`Order #${number}`);
      await expect(sheets.nth(i)).toContainText('12 Dune Road');
      await expect(sheets.nth(i).getByRole('heading', { name: 'Packing slip' })).toBeVisible();
    }
    await expectNoSidewaysScroll(owner);
    expect(await seriousViolations(owner)).toEqual([]);
    await keepScreenshot(owner, testInfo, 'packing-slips');

    await owner.emulateMedia({ media: 'print' });
    await expect(owner.getByRole('navigation', { name: 'Back office' })).toBeHidden();
    await expect(owner.getByRole('button', { name: 'Print' })).toBeHidden();
    await expect(sheets).toHaveCount(2);
    await keepScreenshot(owner, testInfo, 'packing-slips-print');
    await owner.emulateMedia({ media: 'screen' });
    await owner.context().close();
  });
});
