import { expect, test } from '../support/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { linkPath, waitForMail } from '../support/mailbox';
import {
  ADDRESS,
  fillAddress,
  PASSWORD,
  buyAsGuest,
  createVerifiedCustomer,
  productsOf,
  signInByApi,
  stockOf,
  uniqueEmail,
} from '../support/shop';
import { seriousViolations, watchConsole } from '../support/page-checks';

/** A shirt with plenty of size L, and a tote with options and plenty of option B. */
async function pickShirtAndTote(request: APIRequestContext) {
  const shirt = (await productsOf(request, 'selflove_men_tshirts')).find(
    (p) => p.hasSize && p.countInStock.large >= 5,
  );
  const tote = (await productsOf(request, 'totes')).find(
    (p) => p.hasAandB && p.countInStock.countB >= 5,
  );
  if (!shirt || !tote) throw new Error('the sample catalog has no shirt in L or tote in B');
  return { shirt, tote };
}

/** The header's cart link (one of the two layouts' links is visible). */
const cartLink = (page: Page) =>
  page.getByRole('link', { name: /^Cart, / }).locator('visible=true');

/** Picks a size or option on the product page (the radios are drawn as pills). */
async function choose(page: Page, legend: 'Size' | 'Option', value: string) {
  const group = page.getByRole('group', { name: legend });
  await group
    .locator('label')
    .filter({ hasText: new RegExp(`^${value}$`) })
    .click();
  await expect(group.getByRole('radio', { name: value, exact: true })).toBeChecked();
}

/** On the test checkout page: pays and lands on the thank-you page. */
async function payInTestCheckout(page: Page) {
  await expect(page).toHaveURL(/\/test-checkout\/tcs_/);
  await expect(page.getByText('TEST MODE: this checkout takes no money.')).toBeVisible();
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page).toHaveURL(/\/successfulorder\?session_id=tcs_/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Thank you for your order!' }),
  ).toBeVisible();
}

test.describe('checkout', () => {
  test('a guest buys a sized shirt and an optioned tote, pays, and follows the order mail', async ({
    page,
    request,
  }, testInfo) => {
    const { shirt, tote } = await pickShirtAndTote(request);
    const email = uniqueEmail(testInfo, 'guest');

    await page.goto(`/products/${shirt._id}`);
    await choose(page, 'Size', 'L');
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await page.goto(`/products/${tote._id}`);
    await choose(page, 'Option', 'B');
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    await expect(
      page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem'),
    ).toHaveCount(2);
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 items');

    await page.getByRole('link', { name: 'Guest checkout' }).click();
    await expect(page).toHaveURL(/\/guest-checkout$/);
    await expect(page).toHaveTitle('Guest Checkout | Sadu Sands');
    const items = page.getByRole('list', { name: 'Items in your order' });
    await expect(items).toContainText(shirt.name);
    await expect(items).toContainText('Size L');
    await expect(items).toContainText(tote.name);
    await expect(items).toContainText('Option B');

    await page.getByLabel('Email').fill(email);
    await fillAddress(page);
    await page.getByRole('button', { name: 'Continue to payment' }).click();

    await expect(page.getByText(`Order for ${email}`)).toBeVisible({ timeout: 15_000 });
    await payInTestCheckout(page);
    await expect(page.getByText(/order-tracking e-mail from Sadu Sands/)).toBeVisible();
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 0 items');
    await page.reload();
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 0 items');

    const mail = await waitForMail(request, email, /confirmed/);
    expect(mail.subject).toMatch(/^Your Sadu Sands order [0-9A-F]{8} is confirmed$/);
    const orderPath = linkPath(mail, '/order/');
    expect(orderPath).toMatch(/^\/order\/[^/?]+\?token=.+/);

    // A fresh browser with nobody signed in: the signed link alone opens the order.
    await page.evaluate(() => localStorage.clear());
    await page.goto(orderPath);
    await expect(page).toHaveURL(orderPath);
    const number = mail.subject.match(/order ([0-9A-F]{8})/)?.[1] ?? '';
    await expect(page.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();
    await expect(page.getByText(/^Paid on /)).toBeVisible();
    await expect(page.getByText('Not delivered')).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Items in this order' }).getByRole('listitem'),
    ).toHaveCount(2);
    await expect(page.getByRole('main').getByRole('link', { name: email })).toBeVisible();

    // Without its token the same order asks for a sign-in.
    await page.goto(orderPath.split('?')[0] ?? '/');
    await expect(page).toHaveURL(/\/login\?redirect=/);
  });

  test('a registered customer signs in, goes through shipping, payment and place order, and pays', async ({
    page,
    request,
  }, testInfo) => {
    const { shirt } = await pickShirtAndTote(request);
    const email = uniqueEmail(testInfo, 'customer');
    await createVerifiedCustomer(request, email, 'Layla Customer');

    await page.goto(`/cart/${shirt._id}?qty=2&size=L&option=NA`);
    await expect(page.getByRole('list', { name: 'Items in your cart' })).toBeVisible();
    await page.getByRole('link', { name: 'Proceed to checkout' }).click();

    await expect(page).toHaveURL(/\/login\?redirect=/);
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();

    await expect(page).toHaveURL(/\/shipping$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Shipping' })).toBeVisible();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page.getByText('Address is required')).toBeVisible();
    await fillAddress(page);
    await page.getByRole('button', { name: 'Continue to payment' }).click();

    await expect(page).toHaveURL(/\/payment$/);
    await expect(page.getByRole('radio', { name: 'Card payment (Stripe)' })).toBeChecked();
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL(/\/placeorder$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Place Order' })).toBeVisible();
    await expect(page.getByText('Card payment (Stripe)')).toBeVisible();
    await expect(page.getByRole('main').getByText(ADDRESS.address)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Items in your order' })).toContainText(
      `${shirt.name}`,
    );
    await page.getByRole('button', { name: 'Place order' }).click();

    await expect(page.getByText(`Order for ${email}`)).toBeVisible({ timeout: 15_000 });
    await payInTestCheckout(page);
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 0 items');

    // Thank-you page → the profile's Orders List → the order.
    await page.getByRole('link', { name: 'View your orders' }).click();
    await expect(page).toHaveURL(/\/profile\?tab=orders$/);
    await expect(page.getByRole('tab', { name: /Orders List/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    // One paid order (the list is drawn as cards on phones and as a table on wider screens).
    const orderLinks = page.getByRole('main').locator('a[href^="/order/"]').locator('visible=true');
    await expect(orderLinks).toHaveCount(1);
    // Its status in words (beside the Paid column's date), and nothing a screen reader stumbles on.
    await expect(
      page
        .getByRole('main')
        .locator('span', { hasText: /^Paid$/ })
        .locator('visible=true'),
    ).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await orderLinks.click();
    await expect(page).toHaveURL(/\/order\/[^/?]+$/);
    await expect(
      page.getByRole('heading', { level: 1, name: /^Order [0-9A-F]{8}$/ }),
    ).toBeVisible();
    await expect(page.getByText(/^Paid on /)).toBeVisible();
    await expect(page.getByText('Status: Paid')).toBeVisible();
    // The order goes to the recipient the address names (decision 040), at the buyer's e-mail.
    await expect(page.getByRole('main').getByText(ADDRESS.fullName)).toBeVisible();
    await expect(page.getByRole('main').getByText(email)).toBeVisible();

    const mail = await waitForMail(request, email, /confirmed/);
    expect(linkPath(mail, '/order/')).toContain(new URL(page.url()).pathname);
  });

  test('cancelling in the test checkout returns to the cart, charges nothing and gives the stock back', async ({
    page,
    request,
  }, testInfo) => {
    // Hoodies are bought by no other test; each project takes its own, so the counts are its own.
    const hoodies = (await productsOf(request, 'hoodies')).filter(
      (p) => p.hasSize && p.countInStock.large >= 3,
    );
    const hoodie = hoodies[testInfo.project.name === 'mobile' ? 1 : 0];
    if (!hoodie) throw new Error('the sample catalog has too few hoodies in size L');
    const before = await stockOf(request, hoodie._id);

    await page.goto(`/cart/${hoodie._id}?qty=2&size=L&option=NA`);
    await expect(page.getByRole('list', { name: 'Items in your cart' })).toBeVisible();
    await page.getByRole('link', { name: 'Guest checkout' }).click();
    await page.getByLabel('Email').fill(uniqueEmail(testInfo, 'cancel'));
    await fillAddress(page);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page).toHaveURL(/\/test-checkout\/tcs_/, { timeout: 15_000 });

    // The open checkout holds the two hoodies.
    expect((await stockOf(request, hoodie._id)).large).toBe(before.large - 2);

    await page.getByRole('button', { name: 'Cancel and return to the shop' }).click();
    await expect(page).toHaveURL(/\/cart\?checkout=cancelled$/);
    await expect(page.getByText('Payment cancelled.')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Payment cancelled.' })).toContainText(
      'Nothing was charged',
    );
    await expect(page.getByRole('list', { name: 'Items in your cart' })).toContainText(hoodie.name);
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 items');
    await expect.poll(async () => (await stockOf(request, hoodie._id)).large).toBe(before.large);
  });

  test('a guest follows “Write a review” from the order link, reviews, and sees it listed', async ({
    page,
    request,
  }, testInfo) => {
    const { tote } = await pickShirtAndTote(request);
    const email = uniqueEmail(testInfo, 'reviewer');
    const orderPath = await buyAsGuest(request, email, [
      { product: tote._id, qty: 1, size: 'NA', option: 'B' },
    ]);
    const comment = `Roomy and sturdy <b>${testInfo.project.name}</b> ${Date.now()}`;

    // The buyer's e-mail alone proves nothing, and says nothing about who bought what.
    const emailOnly = await request.post(`/api/products/${tote._id}/review`, {
      data: { rating: 1, comment: 'Not me', userEmail: email },
    });
    expect(emailOnly.status()).toBe(403);
    expect(await emailOnly.json()).toEqual({
      message: expect.stringMatching(/^Only buyers can review this product/),
    });

    const problems = watchConsole(page, { failedRequestsExpected: true });
    const orderPage = await page.goto(orderPath);
    // The address carries the order's token: never sent on as a Referer.
    expect(orderPage?.headers()['referrer-policy']).toBe('no-referrer');
    await expect(page.getByText(/^Paid on /)).toBeVisible();
    await expectAccessible(page, /^Order [0-9A-F]{8}$/);
    const number = (await page.getByRole('heading', { level: 1 }).textContent())?.slice(-8);
    await page.getByRole('link', { name: `Write a review of ${tote.name}` }).click();

    // The product page took the proof out of its address.
    await expect(page).toHaveURL(new RegExp(`/products/${tote._id}#reviews$`));
    await expect(page.getByRole('heading', { level: 1, name: tote.name })).toBeVisible();
    const form = page.getByRole('form', { name: 'Write a customer review' });
    await expect(form.getByLabel('E-mail (the one on your order)')).toHaveValue(email);
    await expect(form.getByText(`From your order ${number}.`)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Write a customer review' })).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);

    await form.getByRole('combobox', { name: 'Rating' }).selectOption('4');
    await form.getByRole('textbox', { name: 'Comment' }).fill(comment);
    await form.getByRole('button', { name: 'Submit' }).click();

    await expect(page.getByText('Review added')).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Comment' })).toHaveValue('');
    await expect(form.getByLabel('E-mail (the one on your order)')).toHaveValue(email);
    await expect(form.getByRole('alert')).toHaveCount(0);
    // Reloaded: the review is listed (newest first), its comment as text, not HTML.
    const review = page.locator('#reviews li').filter({ hasText: comment });
    await expect(review).toBeVisible();
    await expect(review).toContainText('Verified buyer');
    await expect(review.locator('b')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    // One review per e-mail and product.
    await form.getByRole('combobox', { name: 'Rating' }).selectOption('5');
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByRole('alert')).toContainText('You have already reviewed this product');

    // Opened again without the link, the page has no proof: it says how to review.
    await page.reload();
    await expect(page).toHaveURL(new RegExp(`/products/${tote._id}#reviews$`));
    const reviewing = page.getByRole('region', { name: 'Write a customer review' });
    await expect(reviewing.getByRole('link', { name: 'sign in' })).toBeVisible();
    await expect(reviewing.getByRole('form')).toHaveCount(0);
    expect(problems).toEqual([]);
  });
});

/** The page has its one h1 and nothing serious for axe. */
async function expectAccessible(page: Page, heading: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);
}

test.describe('checkout accessibility', () => {
  test('guest checkout, empty and with its errors, has no serious violations', async ({
    page,
    request,
  }) => {
    const problems = watchConsole(page);
    await page.goto('/guest-checkout');
    await expect(page.getByText('Your cart is empty')).toBeVisible();
    await expectAccessible(page, 'Guest Checkout');

    const { shirt, tote } = await pickShirtAndTote(request);
    await page.goto(`/cart/${shirt._id}?qty=1&size=L&option=NA`);
    await expect(page.getByRole('list', { name: 'Items in your cart' })).toBeVisible();
    await page.goto(`/cart/${tote._id}?qty=1&size=NA&option=B`);
    await expect(
      page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem'),
    ).toHaveCount(2);
    await page.goto('/guest-checkout');
    await expect(page.getByRole('list', { name: 'Items in your order' })).toBeVisible();
    await expectAccessible(page, 'Guest Checkout');

    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page.getByRole('alert')).toHaveCount(6);
    await expect(page.getByLabel('Email')).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  test('shipping, payment and place order have no serious violations', async ({
    page,
    request,
  }, testInfo) => {
    // Three pages checked by axe and an address typed key by key: longer than most.
    test.setTimeout(90_000);
    const email = uniqueEmail(testInfo, 'a11y');
    await createVerifiedCustomer(request, email, 'Noor Access');
    const problems = watchConsole(page);
    await signInByApi(page, email);
    const { shirt } = await pickShirtAndTote(request);
    await page.goto(`/cart/${shirt._id}?qty=1&size=L&option=NA`);
    await expect(page.getByRole('list', { name: 'Items in your cart' })).toBeVisible();

    await page.goto('/shipping');
    await expectAccessible(page, 'Shipping');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page.getByRole('alert')).toHaveCount(5);
    expect(await seriousViolations(page)).toEqual([]);

    // Keyboard only: type the address (the country is the United States already; the state is
    // picked by typing its name), submit with Enter, choose the method, continue.
    await page.getByLabel('Full name').focus();
    for (const value of [
      ADDRESS.fullName,
      ADDRESS.phone,
      null,
      ADDRESS.address,
      ADDRESS.city,
      ADDRESS.state,
      ADDRESS.postalCode,
    ]) {
      if (value) await page.keyboard.type(value);
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/payment$/);
    await expectAccessible(page, 'Payment Method');
    await page.getByRole('radio', { name: 'Card payment (Stripe)' }).focus();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Continue' })).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/placeorder$/);
    await expectAccessible(page, 'Place Order');
    expect(problems).toEqual([]);
  });

  test('the order page has no serious violations, paid or not found', async ({
    page,
    request,
  }, testInfo) => {
    const { shirt } = await pickShirtAndTote(request);
    const email = uniqueEmail(testInfo, 'a11y-order');
    const orderPath = await buyAsGuest(request, email, [
      { product: shirt._id, qty: 1, size: 'L', option: 'NA' },
    ]);
    const problems = watchConsole(page);
    await page.goto(orderPath);
    await expect(page.getByText(/^Paid on /)).toBeVisible();
    await expectAccessible(page, /^Order [0-9A-F]{8}$/);
    expect(problems).toEqual([]);

    await page.goto(`${orderPath.split('?')[0] ?? ''}?token=not-the-token`);
    await expectAccessible(page, 'Order not found');
    await expect(page.getByRole('alert')).toContainText('We could not find this order');
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
