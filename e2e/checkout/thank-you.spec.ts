import { expect, test } from '../support/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { linkPath, waitForMail } from '../support/mailbox';
import { seriousViolations } from '../support/page-checks';
import {
  fillAddress,
  createVerifiedCustomer,
  productsOf,
  signInByApi,
  uniqueEmail,
} from '../support/shop';

/** A tote with options and plenty of option B. */
async function pickTote(request: APIRequestContext) {
  const tote = (await productsOf(request, 'totes')).find(
    (p) => p.hasAandB && p.countInStock.countB >= 5,
  );
  if (!tote) throw new Error('the sample catalog has no tote in option B');
  return tote;
}

/** Pays on the test checkout page and waits for the thank-you page. */
async function payInTestCheckout(page: Page) {
  await expect(page).toHaveURL(/\/test-checkout\/tcs_/, { timeout: 15_000 });
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page).toHaveURL(/\/successfulorder\?session_id=tcs_/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Thank you for your order!' }),
  ).toBeVisible();
}

/** The spec's text of the thank-you page, which every visitor sees. */
async function expectSpecText(page: Page) {
  await expect(
    page.getByText(
      'You will receive a payment confirmation e-mail from our payment provider and an order-tracking e-mail from Sadu Sands.',
    ),
  ).toBeVisible();
}

/** The order card of the thank-you page. */
const receiptCard = (page: Page) => page.getByRole('region', { name: /^Order [0-9A-F]{8}$/ });

test.describe('the thank-you page', () => {
  // Whole purchases, each waiting for its order mail.
  test.slow();

  test('shows a guest their order, links it, and shows nothing of it to another browser', async ({
    page,
    request,
    browser,
  }, testInfo) => {
    const tote = await pickTote(request);
    const email = uniqueEmail(testInfo, 'thanks');

    await page.goto(`/cart/${tote._id}?qty=2&size=NA&option=B`);
    await page.getByRole('link', { name: 'Guest checkout' }).click();
    await page.getByLabel('Email').fill(email);
    await fillAddress(page);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await payInTestCheckout(page);
    const successUrl = page.url();

    // The number, the items and the total of the order just paid, under the spec's text.
    const card = receiptCard(page);
    await expect(card).toBeVisible();
    await expectSpecText(page);
    const number = ((await card.getByRole('heading', { level: 2 }).textContent()) ?? '').slice(-8);
    const items = card.getByRole('list', { name: 'Items in your order' });
    await expect(items.getByRole('listitem')).toHaveCount(1);
    await expect(items).toContainText(tote.name);
    await expect(items).toContainText('Option B');
    await expect(items).toContainText(`2 × $${tote.price.toFixed(2)}`);
    const total = (await card.getByTestId('amount-total').textContent()) ?? '';
    expect(total).toMatch(/^\$\d+\.\d{2}$/);
    expect(await seriousViolations(page)).toEqual([]);

    // One order number everywhere: the mail says the same, and its link is the page's link.
    const mail = await waitForMail(request, email, /confirmed/);
    expect(mail.subject).toBe(`Your Sadu Sands order ${number} is confirmed`);
    expect(mail.text).toContain(`Total ${total}`);
    const link = card.getByRole('link', { name: `Open order ${number}` });
    await expect(link).toHaveAttribute('href', linkPath(mail, '/order/'));

    // A reload of the same tab still shows it.
    await page.reload();
    await expect(receiptCard(page)).toBeVisible();

    await link.click();
    await expect(page).toHaveURL(/\/order\/[^/?]+\?token=/);
    await expect(page.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();
    await expect(page.getByText(/^Paid on /)).toBeVisible();
    await expect(page.getByTestId('amount-total')).toHaveText(total);

    // The same success URL in another browser: the spec's text, nothing of the order.
    const other = await browser.newContext();
    try {
      const stranger = await other.newPage();
      await stranger.goto(successUrl);
      await expect(
        stranger.getByRole('heading', { level: 1, name: 'Thank you for your order!' }),
      ).toBeVisible();
      await expectSpecText(stranger);
      await expect(stranger.getByRole('link', { name: 'Continue shopping' })).toBeVisible();
      await expect(receiptCard(stranger)).toHaveCount(0);
      await expect(stranger.getByRole('main')).not.toContainText(number);
      await expect(stranger.getByRole('main')).not.toContainText(tote.name);
      await expect(stranger.getByText('We are confirming your payment…')).toHaveCount(0);
    } finally {
      await other.close();
    }
  });

  test('a customer sees one order number on the thank-you page, the Orders List, the order page and the mail', async ({
    page,
    request,
  }, testInfo) => {
    const tote = await pickTote(request);
    const email = uniqueEmail(testInfo, 'number');
    await createVerifiedCustomer(request, email, 'Noura Number');
    await signInByApi(page, email);

    await page.goto(`/cart/${tote._id}?qty=1&size=NA&option=B`);
    await page.getByRole('link', { name: 'Proceed to checkout' }).click();
    await expect(page).toHaveURL(/\/shipping$/);
    await fillAddress(page);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page).toHaveURL(/\/payment$/);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/placeorder$/);
    await page.getByRole('button', { name: 'Place order' }).click();
    await payInTestCheckout(page);

    const card = receiptCard(page);
    await expect(card).toBeVisible();
    const number = ((await card.getByRole('heading', { level: 2 }).textContent()) ?? '').slice(-8);
    // A customer's own order opens by their sign-in: no token in the link.
    await expect(card.getByRole('link', { name: `Open order ${number}` })).toHaveAttribute(
      'href',
      /^\/order\/[^/?]+$/,
    );

    const mail = await waitForMail(request, email, /confirmed/);
    expect(mail.subject).toBe(`Your Sadu Sands order ${number} is confirmed`);

    await page.getByRole('link', { name: 'View your orders' }).click();
    await expect(page).toHaveURL(/\/profile\?tab=orders$/);
    const listed = page.getByRole('main').getByRole('link', { name: `Order #${number}` });
    await expect(listed.locator('visible=true')).toHaveCount(1);
    await listed.locator('visible=true').click();
    await expect(page.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();
  });
});
