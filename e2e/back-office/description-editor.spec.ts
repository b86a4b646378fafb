import { expect, test } from '../support/test';
import {
  anotherBrowser,
  expectNoSidewaysScroll,
  signInOwnerToBackOffice,
  backOfficeLink,
} from '../support/back-office';
import { seriousViolations, watchConsole } from '../support/page-checks';

/** The size chart the owner types, row by row: wide enough to need scrolling on a phone. */
const CHART = [
  ['Size', 'Chest, measured flat', 'Length from the shoulder'],
  ['S/M', '34-36 in (86-91 cm)', '27 in (69 cm)'],
  ['L/XL', '38-42 in (97-107 cm)', '28.5 in (72 cm)'],
];

// The owner writes a size chart with the editor's tools; a shopper reads it on a phone.
test.describe('a rich description with a size chart @desktop-only', () => {
  test.describe.configure({ timeout: 90_000 });

  test('the owner writes a heading and a size chart; the product page shows them, the chart scrolling in its box', async ({
    browser,
  }, testInfo) => {
    const page = await anotherBrowser(browser, testInfo);
    const name = `Size Chart Tee ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

    await signInOwnerToBackOffice(page, testInfo);
    // Watched from here: an enrolled owner's sign-in is told 409 by the set-up check on its way.
    const problems = watchConsole(page);
    await backOfficeLink(page, 'Products').click();
    await page.getByRole('link', { name: 'New product' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New product' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Product details' });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Category').selectOption({ label: 'Totes' });
    await form.getByLabel('Price ($)').fill('32');
    await form.getByLabel('Status').selectOption('published');

    const editor = form.getByRole('textbox', { name: 'Description', exact: true });
    const toolbar = form.getByRole('toolbar', { name: 'Description formatting' });
    const tool = (label: string) => toolbar.getByRole('button', { name: label, exact: true });

    await editor.click();
    await tool('Heading 2').click();
    await expect(tool('Heading 2')).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.type('Fit');
    await page.keyboard.press('Enter');
    await expect(tool('Paragraph')).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.type('A relaxed tee, ');
    // The keyboard alone: the toolbar is one tab stop before the text, its arrows move along it.
    await page.keyboard.press('Shift+Tab');
    await expect(tool('Paragraph')).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(tool('Bold')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(tool('Bold')).toHaveAttribute('aria-pressed', 'true');
    await expect(editor).toBeFocused();
    await page.keyboard.type('measured flat');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('.');
    await page.keyboard.press('Enter');
    await tool('Heading 3').click();
    await page.keyboard.type('Size chart');
    await page.keyboard.press('Enter');

    await tool('Insert table').click();
    await expect(editor.getByRole('table')).toBeVisible();
    await expect(tool('Delete table')).toBeEnabled();
    for (const [row, cells] of CHART.entries()) {
      for (const [column, text] of cells.entries()) {
        await page.keyboard.type(text);
        const last = row === CHART.length - 1 && column === cells.length - 1;
        if (!last) await page.keyboard.press('Tab');
      }
    }
    // Tab belongs to the table's cells: Escape is the way out to the toolbar.
    await page.keyboard.press('Escape');
    await expect(toolbar.locator('button[tabindex="0"]')).toBeFocused();
    // One row too many, then taken away again with the row tool.
    await tool('Add row').click();
    await expect(editor.getByRole('row')).toHaveCount(4);
    await page.keyboard.press('ArrowDown');
    await tool('Delete row').click();
    await expect(editor.getByRole('row')).toHaveCount(3);

    await expect(page.getByRole('heading', { level: 1, name: 'New product' })).toBeVisible();
    expect(await seriousViolations(page), 'the product editor with a size chart').toEqual([]);
    await form.getByRole('button', { name: 'Create product' }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const productId = new URL(page.url()).pathname.split('/').pop() ?? '';
    // The saved description opens in the editor as it was written.
    await expect(
      page
        .getByRole('textbox', { name: 'Description', exact: true })
        .getByRole('cell', { name: 'S/M' }),
    ).toBeVisible();

    // The shopper's phone.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/products/${productId}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Fit' })).toBeVisible();
    await expect(page.getByText('A relaxed tee, measured flat.')).toBeVisible();
    await expect(page.locator('strong', { hasText: 'measured flat' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: 'Size chart' })).toBeVisible();
    const chart = page.getByRole('region', { name: 'Size chart' });
    const table = chart.getByRole('table');
    await expect(table.getByRole('columnheader', { name: 'Chest, measured flat' })).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(3);
    await expect(table.getByRole('row').nth(1)).toHaveText(/S\/M\s*34-36 in \(86-91 cm\)\s*27 in/);

    // Wider than the phone: the chart scrolls inside its box, by keyboard too; the page does not.
    const box = await chart.evaluate((element) => ({
      scrollWidth: element.scrollWidth,
      clientWidth: element.clientWidth,
    }));
    expect(box.scrollWidth).toBeGreaterThan(box.clientWidth);
    await expectNoSidewaysScroll(page);
    await chart.focus();
    await expect(chart).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => chart.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
    await expectNoSidewaysScroll(page);
    expect(await seriousViolations(page), 'the product page at 390 px').toEqual([]);

    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(chart).toBeVisible();
    expect(await seriousViolations(page), 'the product page at 1280 px').toEqual([]);
    // What crawlers read: the table's cells apart in the meta description.
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      /Size, Chest, measured flat, Length from the shoulder\. S\/M, 34-36 in/,
    );
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
