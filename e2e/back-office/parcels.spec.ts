import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { expect, test } from '../support/test';
import {
  anotherBrowser,
  backOfficeLink,
  expectNoSidewaysScroll,
  signInOwnerToBackOffice,
} from '../support/back-office';
import { linkPath, waitForMail } from '../support/mailbox';
import { seriousViolations, watchConsole } from '../support/page-checks';
import { buyAsGuest, productsOf, uniqueEmail } from '../support/shop';

// Issue 20's parcels, through the screens: a guest buys a tee and a strap; the owner ships the
// tee in one parcel (UPS), then the strap in another (a carrier of its own, with its URL); the
// buyer's order page lists both parcels with their tracking links. At 1280 and 390 px.

/** A tee in size L and a strap in option A of the sample catalog, one of each. */
async function twoLines(request: APIRequestContext) {
  const tee = (await productsOf(request, 'selflove_women_tshirts')).find(
    (product) => product.countInStock.large >= 1,
  );
  const strap = (await productsOf(request, 'belts')).find(
    (product) => product.countInStock.countA >= 1,
  );
  if (!tee || !strap) throw new Error('the sample catalog has no tee in L or strap in A');
  return {
    tee,
    strap,
    lines: [
      { product: tee._id, qty: 1, size: 'L', option: 'NA' },
      { product: strap._id, qty: 1, size: 'NA', option: 'A' },
    ],
  };
}

/** A name as a pattern that matches it at the start of an accessible name. */
const startsWith = (name: string) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

async function expectAccessible(page: Page, what: string) {
  expect(await seriousViolations(page), what).toEqual([]);
  await expectNoSidewaysScroll(page);
}

const shot = (page: Page, testInfo: TestInfo, name: string) =>
  page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });

test('the owner ships one line, then the other; the buyer sees both parcels with their links', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const { tee, strap, lines } = await twoLines(request);
  const email = uniqueEmail(testInfo, 'parcels');
  const orderPath = await buyAsGuest(request, email, lines);
  const confirmed = await waitForMail(request, email, /confirmed/);
  const number = confirmed.subject.match(/order ([0-9A-F]{8})/)?.[1] ?? '';

  const owner = await anotherBrowser(browser, testInfo);
  await signInOwnerToBackOffice(owner, testInfo);
  const problems = watchConsole(owner);
  await backOfficeLink(owner, 'Orders').click();
  const search = owner.getByRole('search', { name: 'Search by order number, e-mail or name' });
  await search.getByRole('searchbox').fill(email);
  await search.getByRole('button', { name: 'Search' }).click();
  await owner.getByRole('link', { name: `#${number}` }).click();
  await expect(owner.getByRole('heading', { level: 1, name: `Order #${number}` })).toBeVisible();

  // The first parcel: the tee, by UPS.
  const actions = owner.getByRole('group', { name: 'Order actions' });
  await actions.getByRole('button', { name: 'Ship items' }).click();
  const dialog = owner.getByRole('dialog', { name: `Ship items of order #${number}` });
  await dialog.getByRole('spinbutton', { name: startsWith(tee.name) }).fill('1');
  await dialog.getByLabel('Carrier').selectOption('UPS');
  const ups = `1Z${Date.now()}`;
  await dialog.getByLabel('Tracking number').fill(ups);
  await dialog.getByLabel('Note for the customer (optional)').fill('Your strap follows soon');
  await expectAccessible(owner, 'the ship dialog');
  await shot(owner, testInfo, 'ship-dialog');
  await dialog.getByRole('button', { name: 'Ship parcel' }).click();
  await expect(dialog).toBeHidden();
  await expect(owner.getByText(`Shipped 1 item of order #${number}`)).toBeVisible();
  await expect(owner.getByText('Partly shipped').first()).toBeVisible();
  const parcels = owner.getByRole('list', { name: 'Parcels' });
  await expect(parcels.getByRole('link', { name: startsWith(ups) })).toHaveAttribute(
    'href',
    `https://www.ups.com/track?tracknum=${ups}`,
  );
  const first = await waitForMail(request, email, /^Part of your .* has shipped$/);
  expect(first.text).toContain(`Track the parcel: https://www.ups.com/track?tracknum=${ups}`);

  // The second parcel: what remains (the strap), by a carrier of its own.
  await actions.getByRole('button', { name: 'Ship items' }).click();
  await expect(dialog.getByRole('spinbutton', { name: startsWith(tee.name) })).toBeDisabled();
  await dialog.getByRole('spinbutton', { name: startsWith(strap.name) }).fill('1');
  await dialog.getByLabel('Carrier').selectOption('Other');
  await dialog.getByLabel('Tracking number').fill('PN-77');
  await dialog.getByLabel('Tracking URL').fill('https://parcels.example/track/PN-77');
  await dialog.getByRole('button', { name: 'Ship parcel' }).click();
  await expect(dialog).toBeHidden();
  await expect(owner.getByRole('heading', { level: 1, name: `Order #${number}` })).toBeVisible();
  await expect(parcels.getByRole('listitem')).toHaveCount(2);
  await expect(owner.getByText('Shipped', { exact: true }).first()).toBeVisible();
  const second = await waitForMail(request, email, /^Your .* has shipped$/);
  expect(second.text).toContain('Track the parcel: https://parcels.example/track/PN-77');

  // One parcel arrives.
  await parcels.getByRole('button', { name: `Mark the UPS parcel ${ups} delivered` }).click();
  await expect(owner.getByText(`Parcel ${ups} marked delivered`)).toBeVisible();
  await expectAccessible(owner, 'the order with its parcels');
  await shot(owner, testInfo, 'order-detail-parcels');
  expect(problems).toEqual([]);

  // The buyer's order page, from the mail's link: both parcels with their links.
  const buyer = await anotherBrowser(browser, testInfo);
  await buyer.goto(linkPath(second, '/order/') || orderPath);
  const shipments = buyer.getByRole('list', { name: 'Shipments' });
  await expect(shipments.getByRole('listitem')).toHaveCount(2);
  await expect(shipments.getByRole('link', { name: startsWith(ups) })).toHaveAttribute(
    'href',
    `https://www.ups.com/track?tracknum=${ups}`,
  );
  await expect(shipments.getByRole('link', { name: /^PN-77/ })).toHaveAttribute(
    'href',
    'https://parcels.example/track/PN-77',
  );
  await expect(shipments).toContainText('Your strap follows soon');
  await expectAccessible(buyer, 'the buyer’s order page');
  await shot(buyer, testInfo, 'buyer-order-page');
});
