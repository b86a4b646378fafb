import { expect, test, waitForApp } from '../support/test';
import type { Browser, Page, TestInfo } from '@playwright/test';
import {
  anotherBrowser,
  expectNoSidewaysScroll,
  signInOwnerToBackOffice,
  backOfficeLink,
} from '../support/back-office';
import { seriousViolations, watchConsole } from '../support/page-checks';

const FIRST = 'Al Sadu Diamond Strap';
const SECOND = 'Dune Triangle Strap';

async function expectAccessible(page: Page, what: string) {
  expect(await seriousViolations(page), what).toEqual([]);
  await expectNoSidewaysScroll(page);
}

/** A screenshot kept with the test's results (and where SCREENSHOT_DIR says, to look at). */
async function keepScreenshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  if (process.env.SCREENSHOT_DIR)
    await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${name}.png`, fullPage: true });
}

/** The names of the product cards of the page's listing, in order. */
const cardNames = (page: Page) =>
  page.getByRole('main').getByRole('listitem').getByRole('heading', { level: 3 });

async function shopperAt(browser: Browser, testInfo: TestInfo, width: number) {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: { width, height: width < 600 ? 844 : 800 },
  });
  return context.newPage();
}

// The owner makes 'Evening Edit' and shows it in the header; shoppers open it from the header's
// menu (desktop) and the sidebar (phone) and see its products in the owner's order.
test.describe('collections @desktop-only', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });

  let page: Page;
  let problems: string[];
  let collectionPath = '';

  test.beforeAll(async ({ browser }, testInfo) => {
    page = await anotherBrowser(browser, testInfo);
    problems = watchConsole(page);
  });

  test.afterAll(async () => {
    await page.context().close();
  });

  test('the owner creates Evening Edit, adds two products, reorders them, shows it in the menu and publishes it', async ({
    request,
  }, testInfo) => {
    await signInOwnerToBackOffice(page, testInfo);
    // Watched from here: an enrolled owner's sign-in is told 409 by the set-up check on its way.
    problems.length = 0;
    await backOfficeLink(page, 'Collections').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Collections' })).toBeVisible();
    await page.getByRole('link', { name: 'New collection' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'New collection' })).toBeVisible();

    const form = page.getByRole('form', { name: 'Collection details' });
    // A mistake first: the handle says what is wrong, and has the focus.
    await form.getByLabel('Name').fill('Evening Edit');
    await form.getByLabel('Handle (optional)').fill('Evening Edit!');
    await form.getByRole('button', { name: 'Create collection' }).click();
    await expect(form.getByLabel('Handle (optional)')).toBeFocused();
    await expect(form.getByText('Handle may hold only lower-case letters')).toBeVisible();
    await form.getByLabel('Handle (optional)').fill('');
    await form.getByLabel('Description', { exact: true }).fill('Light layers for long evenings.');
    await form.getByLabel('SEO title (optional)').fill('Evening Edit: light layers');
    await form.getByRole('button', { name: 'Create collection' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Evening Edit' })).toBeVisible();
    await expect(page.getByText('evening-edit', { exact: true })).toBeVisible();
    collectionPath = '/collections/evening-edit';

    // Two products, found by name, each added at the end.
    const search = page.getByRole('search', { name: 'Find products to add' });
    for (const name of [FIRST, SECOND]) {
      await search.getByLabel('Find products to add').fill(name);
      await search.getByRole('button', { name: 'Search' }).click();
      await page.getByRole('button', { name: `Add ${name}` }).click();
      await expect(
        page.getByRole('list', { name: 'Products found' }).getByText('In the collection'),
      ).toBeVisible();
    }
    const inCollection = page.getByRole('list', { name: 'Products in this collection' });
    await expect(inCollection.getByRole('listitem')).toHaveCount(2);
    await expect(inCollection.getByRole('listitem').first()).toContainText(FIRST);

    // Reordered with the keyboard: the focus stays on the product's controls.
    await page.getByRole('button', { name: `Move ${SECOND} up` }).focus();
    await page.keyboard.press('Enter');
    await expect(inCollection.getByRole('listitem').first()).toContainText(SECOND);
    await expect(page.getByRole('status').filter({ hasText: 'moved to position 1' })).toHaveText(
      `${SECOND} moved to position 1 of 2`,
    );
    await expect(page.getByRole('button', { name: `Move ${SECOND} down` })).toBeFocused();

    // Shown in the menu and published.
    await form.getByLabel('Show in the shop’s header menu').check();
    await form.getByLabel('Status').selectOption('published');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(form.getByRole('status')).toHaveText('Saved');
    await expect(page.getByRole('link', { name: 'See it in the shop' })).toBeVisible();
    const menu = await request.get('/api/collections/menu');
    // Other stories in this run may show collections of their own (Desert Bloom's Summer Drop).
    expect((await menu.json()).collections).toContainEqual({
      handle: 'evening-edit',
      name: 'Evening Edit',
    });
    await expectAccessible(page, 'the collection editor');
    await keepScreenshot(page, testInfo, 'collection-editor-1280');

    await backOfficeLink(page, 'Collections').click();
    const row = page.getByRole('row', { name: /Evening Edit/ });
    await expect(row).toContainText('Published');
    await expect(row).toContainText('Yes (position 0)');
    await expectAccessible(page, 'the collections list');

    // The back office's screens at a phone's width.
    await page.setViewportSize({ width: 390, height: 844 });
    await row.getByRole('link', { name: 'Evening Edit' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Evening Edit' })).toBeVisible();
    await expectAccessible(page, 'the collection editor at 390 px');
    await keepScreenshot(page, testInfo, 'collection-editor-390');
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(problems).toEqual([]);
  });

  test('a shopper opens it from the header at 1280 px and sees its products in that order', async ({
    browser,
  }, testInfo) => {
    const shopper = await shopperAt(browser, testInfo, 1280);
    await shopper.goto('/');
    await waitForApp(shopper);
    const header = shopper.getByRole('navigation', { name: 'Categories' });
    await header.getByRole('button', { name: 'Collections' }).click();
    await shopper.getByRole('menuitem', { name: 'Evening Edit' }).click();
    await expect(shopper).toHaveURL(collectionPath);
    await expect(shopper.getByRole('heading', { level: 1, name: 'Evening Edit' })).toBeVisible();
    await expect(shopper.getByText('Light layers for long evenings.')).toBeVisible();
    await expect(cardNames(shopper)).toHaveText([SECOND, FIRST]);
    await expect(shopper).toHaveTitle('Evening Edit: light layers | Sadu Sands');
    await expectAccessible(shopper, 'the collection page at 1280 px');
    await keepScreenshot(shopper, testInfo, 'collection-page-1280');
    // The header's four menus fit down to the desktop layout's narrowest width.
    await shopper.setViewportSize({ width: 1024, height: 800 });
    await expectNoSidewaysScroll(shopper);
    await keepScreenshot(shopper, testInfo, 'collection-page-1024');
    await shopper.setViewportSize({ width: 1280, height: 800 });

    // The keyboard opens the same menu.
    await shopper.goto('/');
    await waitForApp(shopper);
    await header.getByRole('button', { name: 'Collections' }).focus();
    await shopper.keyboard.press('Enter');
    await expect(shopper.getByRole('menuitem', { name: 'Evening Edit' })).toBeFocused();
    await shopper.keyboard.press('Enter');
    await expect(shopper).toHaveURL(collectionPath);

    // Served with its head and products by the server (no script needed).
    const html = await (await shopper.request.get(collectionPath)).text();
    expect(html).toContain(`<link rel="canonical" href=`);
    expect(html.indexOf(SECOND)).toBeLessThan(html.indexOf(FIRST));
    expect((await shopper.request.get('/collections/no-such-drop')).status()).toBe(404);
    await shopper.context().close();
  });

  test('a shopper opens it from the sidebar at 390 px', async ({ browser }, testInfo) => {
    const shopper = await shopperAt(browser, testInfo, 390);
    await shopper.goto('/');
    await waitForApp(shopper);
    await shopper.getByRole('button', { name: 'Open menu' }).click();
    const sidebar = shopper.getByRole('dialog', { name: 'Menu' });
    await sidebar.getByRole('button', { name: 'Collections' }).click();
    await sidebar.getByRole('link', { name: 'Evening Edit' }).click();
    await expect(shopper).toHaveURL(collectionPath);
    await expect(shopper.getByRole('heading', { level: 1, name: 'Evening Edit' })).toBeVisible();
    await expect(cardNames(shopper)).toHaveText([SECOND, FIRST]);
    await expectAccessible(shopper, 'the collection page at 390 px');
    await keepScreenshot(shopper, testInfo, 'collection-page-390');
    await shopper.goto('/');
    await waitForApp(shopper);
    await shopper.getByRole('button', { name: 'Open menu' }).click();
    await shopper
      .getByRole('dialog', { name: 'Menu' })
      .getByRole('button', { name: 'Collections' })
      .click();
    await keepScreenshot(shopper, testInfo, 'sidebar-390');
    await shopper.context().close();
  });
});
