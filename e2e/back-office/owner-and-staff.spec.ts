import { expect, test } from '../support/test';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { BACK_OFFICE_MESSAGES } from '@shop/shared/back-office';
import {
  OWNER_EMAIL,
  OWNER_PASSWORD,
  anotherBrowser,
  claimOwnerSecondFactor,
  confirmSecondFactor,
  expectNoSidewaysScroll,
  keepOwnerRecoveryCodes,
  signInOnLoginPage,
  totpKey,
  backOfficeLink,
} from '../support/back-office';
import { linkPath, waitForMail } from '../support/mailbox';
import { seriousViolations, watchConsole } from '../support/page-checks';
import { PASSWORD, buyAsGuest, productsOf, stockOf, uniqueEmail } from '../support/shop';
import type { ApiProduct } from '../support/shop';
import { totpCode } from '../support/totp';

const SIZES = [
  ['S/M', 'smallMed'],
  ['L', 'large'],
  ['XL', 'xlarge'],
] as const;

/**
 * A women's tee in one size, which no other test buys: each --repeat-each copy takes its own
 * size, so the stock this test counts changes only by what it does.
 */
async function teeOfThisRun(request: APIRequestContext, testInfo: TestInfo) {
  const variants = (await productsOf(request, 'selflove_women_tshirts')).flatMap((product) =>
    SIZES.filter(([, key]) => product.countInStock[key] >= 2).map(([size, key]) => ({
      product,
      size,
      key,
    })),
  );
  const variant = variants[testInfo.repeatEachIndex % variants.length];
  if (!variant) throw new Error('the sample catalog has no women’s tee with 2 in one size');
  return variant;
}

/** A strap in option A (no other test buys straps). */
async function strap(request: APIRequestContext): Promise<ApiProduct> {
  const found = (await productsOf(request, 'belts')).find((p) => p.countInStock.countA >= 5);
  if (!found) throw new Error('the sample catalog has no strap with 5 in option A');
  return found;
}

/** A guest's paid order, to an address of its own; its number from the confirmation mail. */
async function guestOrder(
  request: APIRequestContext,
  testInfo: TestInfo,
  lines: Parameters<typeof buyAsGuest>[2],
) {
  const email = uniqueEmail(testInfo, 'guest');
  const orderPath = await buyAsGuest(request, email, lines);
  const confirmed = await waitForMail(request, email, /confirmed/);
  const number = confirmed.subject.match(/order ([0-9A-F]{8})/)?.[1];
  if (!number) throw new Error(`no order number in: ${confirmed.subject}`);
  return { email, orderPath, number };
}

const strapLine = (product: ApiProduct) => ({
  product: product._id,
  qty: 1,
  size: 'NA',
  option: 'A',
});

/** Finds the order on /admin/orders by the buyer's e-mail and opens it. */
async function openOrder(page: Page, order: { email: string; number: string }) {
  await backOfficeLink(page, 'Orders').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  const search = page.getByRole('search', { name: 'Search by order number, e-mail or name' });
  await search.getByRole('searchbox').fill(order.email);
  await search.getByRole('button', { name: 'Search' }).click();
  const rows = page.getByRole('table', { name: 'Orders, newest first' }).getByRole('row');
  // The heading row and the order's.
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(order.email);
  await expect(rows.nth(1)).toContainText('Paid');
  await rows
    .nth(1)
    .getByRole('link', { name: `#${order.number}` })
    .click();
  await expect(
    page.getByRole('heading', { level: 1, name: `Order #${order.number}` }),
  ).toBeVisible();
}

const orderActions = (page: Page) => page.getByRole('group', { name: 'Order actions' });

async function shipOrder(page: Page, number: string, carrier: string, trackingNumber: string) {
  await orderActions(page).getByRole('button', { name: 'Ship', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Ship order #${number}` });
  await dialog.getByLabel('Carrier').fill(carrier);
  await dialog.getByLabel('Tracking number').fill(trackingNumber);
  await dialog.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Order #${number} marked shipped`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Shipments' })).toBeVisible();
  await expect(page.getByText(trackingNumber, { exact: true })).toBeVisible();
}

/** No serious axe violation, and (at any width) no sideways scrolling of the page. */
async function expectAccessible(page: Page, what: string) {
  expect(await seriousViolations(page), what).toEqual([]);
  await expectNoSidewaysScroll(page);
}

const WIDTHS = [1280, 390] as const;

// One owner, and one owner's browser tab through these steps: the back-office session lives in
// the browser (an HttpOnly cookie), and every sign-in of the owner takes a code (support/back-office.ts).
test.describe('the back office, run by its owner @desktop-only', () => {
  test.describe.configure({ mode: 'serial', timeout: 90_000 });

  let page: Page;
  let problems: string[];
  /** The order the owner ships, then refunds in part. */
  let shipped: { email: string; orderPath: string; number: string };

  test.beforeAll(async ({ browser }, testInfo) => {
    page = await anotherBrowser(browser, testInfo);
    problems = watchConsole(page, { failedRequestsExpected: true });
  });

  test.afterAll(async () => {
    await page.context().close();
  });

  test('the owner signs in at /login, opens the back office and sets up the second factor', async () => {
    const testInfo = test.info();
    await page.goto('/login');
    await signInOnLoginPage(page, OWNER_EMAIL, OWNER_PASSWORD);
    const ownerId = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { _id?: string })._id ?? '',
    );
    const secondFactor = await claimOwnerSecondFactor(testInfo, ownerId);

    await page.getByRole('button', { name: 'Hi, Owner' }).click();
    await page.getByRole('menuitem', { name: 'Back office' }).click();
    await expect(page).toHaveURL(/\/admin$/);

    if (secondFactor.enroll) {
      // The first owner sign-in on this server: the app is set up, a wrong code is refused.
      await expect(
        page.getByRole('heading', { level: 1, name: 'Set up your second factor' }),
      ).toBeVisible();
      const secret = (await totpKey(page).textContent()) ?? '';
      await page.getByLabel('6-digit code').fill(totpCode(secret, Date.now(), -10));
      await page.getByRole('button', { name: 'Confirm' }).click();
      await expect(page.getByRole('alert')).toHaveText(BACK_OFFICE_MESSAGES.badCode);

      const { recoveryCodes } = await confirmSecondFactor(page);
      expect(recoveryCodes).toHaveLength(10);
      expect(new Set(recoveryCodes).size).toBe(10);
      await keepOwnerRecoveryCodes(testInfo, ownerId, recoveryCodes);
      await expect(
        page.getByText('You will not see these codes again after you continue.'),
      ).toBeVisible();
      await page.getByRole('button', { name: 'I have saved them' }).click();
    } else {
      // A later copy of these tests on the same server (--repeat-each): a recovery code, once.
      await expect(page.getByRole('heading', { level: 1, name: 'Confirm it’s you' })).toBeVisible();
      await page.getByLabel('Code or recovery code').fill(secondFactor.recoveryCode);
      await page.getByRole('button', { name: 'Confirm' }).click();
    }

    await expect(page.getByRole('heading', { level: 1, name: 'Summary' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Awaiting shipment' })).toBeVisible();
    await expect(backOfficeLink(page, 'Audit log')).toBeVisible();
    // The codes were shown once: the back office opens again without them.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Summary' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Recovery codes' })).toHaveCount(0);
    expect(problems).toEqual([]);
  });

  test('the owner finds a guest’s order by e-mail and ships it; the buyer’s mail and order page show the parcel', async ({
    browser,
    request,
  }, testInfo) => {
    const tee = await teeOfThisRun(request, testInfo);
    shipped = await guestOrder(request, testInfo, [
      { product: tee.product._id, qty: 2, size: tee.size, option: 'NA' },
      strapLine(await strap(request)),
    ]);

    await openOrder(page, shipped);
    const tracking = `1Z${Date.now()}`;
    await shipOrder(page, shipped.number, 'DHL Express', tracking);

    const mail = await waitForMail(request, shipped.email, /has shipped/);
    expect(mail.subject).toBe(`Your Sadu Sands order ${shipped.number} has shipped`);
    expect(mail.text).toContain('Carrier: DHL Express');
    expect(mail.text).toContain(`Tracking number: ${tracking}`);

    // The buyer, in a browser of their own, follows the mail's link.
    const buyer = await anotherBrowser(browser, testInfo);
    await buyer.goto(linkPath(mail, '/order/'));
    await expect(
      buyer.getByRole('heading', { level: 1, name: `Order ${shipped.number}` }),
    ).toBeVisible();
    await expect(buyer.getByText('Shipped: on its way to you.')).toBeVisible();
    const parcels = buyer.getByRole('list', { name: 'Shipments' });
    await expect(parcels).toContainText('CarrierDHL Express');
    await expect(parcels).toContainText(`Tracking number${tracking}`);
    await buyer.context().close();
    expect(problems).toEqual([]);
  });

  test('the owner refunds one line with restock: the stock comes back and the buyer is told', async ({
    browser,
    request,
  }, testInfo) => {
    const tee = await teeOfThisRun(request, testInfo);
    await expect(
      page.getByRole('heading', { level: 1, name: `Order #${shipped.number}` }),
    ).toBeVisible();
    const before = (await stockOf(request, tee.product._id))[tee.key];

    await orderActions(page).getByRole('button', { name: 'Refund' }).click();
    const dialog = page.getByRole('dialog', { name: `Refund order #${shipped.number}` });
    await dialog.getByRole('spinbutton', { name: new RegExp(`^${tee.product.name}`) }).fill('2');
    await expect(dialog).toContainText('and 2 units go back in stock');
    const amount = await dialog.getByLabel('Amount to refund ($)').inputValue();
    expect(Number(amount)).toBeGreaterThan(0);
    await dialog.getByLabel('Reason').fill('Returned unworn: too small');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Refunded $${amount} on order #${shipped.number}`)).toBeVisible();
    await expect(page.getByText('Partly refunded')).toBeVisible();
    await expect(
      page
        .getByRole('list', { name: 'Timeline' })
        .getByText(
          new RegExp(
            `^Refund of \\$${amount} for 2 × ${tee.product.name}.*, back to stock: Returned unworn: too small$`,
          ),
        ),
    ).toBeVisible();

    await expect
      .poll(async () => (await stockOf(request, tee.product._id))[tee.key])
      .toBe(before + 2);

    const mail = await waitForMail(request, shipped.email, /A refund for your/);
    expect(mail.text).toContain(`We have refunded $${amount} for order ${shipped.number}.`);
    const buyer = await anotherBrowser(browser, testInfo);
    await buyer.goto(linkPath(mail, '/order/'));
    await expect(buyer.getByText(`$${amount} refunded to your card.`)).toBeVisible();
    await buyer.context().close();
    expect(problems).toEqual([]);
  });

  test('an invited staff member sets a password and their own second factor, ships an order, and cannot refund or cancel', async ({
    browser,
    request,
  }, testInfo) => {
    const staffEmail = uniqueEmail(testInfo, 'staff');
    const order = await guestOrder(request, testInfo, [strapLine(await strap(request))]);

    await backOfficeLink(page, 'Staff').click();
    const invite = page.getByRole('form', { name: 'Invite a staff member' });
    await invite.getByLabel('Name').fill('Samir Staff');
    await invite.getByLabel('E-mail').fill(staffEmail);
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText(`Invitation sent to ${staffEmail}`)).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: staffEmail })).toContainText('Not set up');

    const invitation = await waitForMail(request, staffEmail, /You are invited/);
    const link = linkPath(invitation, '/reset-password/');
    expect(link).toMatch(/\?welcome=1$/);

    const staff = await anotherBrowser(browser, testInfo);
    const staffProblems = watchConsole(staff);
    await staff.goto(link);
    await expect(
      staff.getByRole('heading', { level: 1, name: 'Choose your password' }),
    ).toBeVisible();
    await expect(
      staff.getByText(
        'Welcome to the Sadu Sands team! Choose your password to finish setting up your staff account.',
      ),
    ).toBeVisible();
    await staff.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await staff.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
    await staff.getByRole('button', { name: 'Save my password' }).click();
    await staff.getByRole('link', { name: 'Log in' }).click();
    await signInOnLoginPage(staff, staffEmail, PASSWORD);

    await staff.goto('/admin');
    await expect(
      staff.getByRole('heading', { level: 1, name: 'Set up your second factor' }),
    ).toBeVisible();
    for (const width of [...WIDTHS].reverse()) {
      await staff.setViewportSize({ width, height: 800 });
      await expectAccessible(staff, `the second factor's set-up at ${width} px`);
    }
    const { recoveryCodes } = await confirmSecondFactor(staff);
    expect(recoveryCodes).toHaveLength(10);
    await staff.getByRole('button', { name: 'I have saved them' }).click();
    await expect(staff.getByRole('heading', { level: 1, name: 'Summary' })).toBeVisible();
    await expect(backOfficeLink(staff, 'Audit log')).toHaveCount(0);

    await openOrder(staff, order);
    await expect(orderActions(staff).getByRole('button')).toHaveText(['Ship', 'Ship items']);
    await expect(staff.getByRole('button', { name: 'Refund' })).toHaveCount(0);
    await expect(staff.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
    await shipOrder(staff, order.number, 'Aramex', `AX${Date.now()}`);
    await expect(staff.getByRole('button', { name: 'Refund' })).toHaveCount(0);
    await waitForMail(request, order.email, /has shipped/);

    await backOfficeLink(staff, 'Staff').click();
    await expect(staff.getByText('Only the owner can invite or remove staff.')).toBeVisible();
    await expect(staff.getByRole('form', { name: 'Invite a staff member' })).toHaveCount(0);
    expect(staffProblems).toEqual([]);
    await staff.context().close();

    // The owner sees the member's second factor set up.
    await page.reload();
    await expect(page.getByRole('row').filter({ hasText: staffEmail })).toContainText('Set up');
    await expect(page.getByRole('row').filter({ hasText: staffEmail })).not.toContainText(
      'Not set up',
    );
    expect(problems).toEqual([]);
  });

  test('the summary, the orders and an order with its dialog open pass axe and fit at 1280 and 390 px', async ({
    request,
  }, testInfo) => {
    const order = await guestOrder(request, testInfo, [strapLine(await strap(request))]);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      const at = `at ${width} px`;

      await page.goto('/admin');
      await expect(page.getByRole('heading', { level: 1, name: 'Summary' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Sales today' })).toBeVisible();
      await expectAccessible(page, `the summary ${at}`);

      await page.goto(`/admin/orders?q=${encodeURIComponent(order.email)}`);
      await expect(page.getByRole('link', { name: `#${order.number}` })).toBeVisible();
      await expectAccessible(page, `the orders ${at}`);

      await page.getByRole('link', { name: `#${order.number}` }).click();
      await orderActions(page).getByRole('button', { name: 'Refund' }).click();
      const dialog = page.getByRole('dialog', { name: `Refund order #${order.number}` });
      await expect(dialog.getByLabel('Reason')).toBeVisible();
      await expectAccessible(page, `the order with its refund dialog open ${at}`);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expectAccessible(page, `the order ${at}`);
    }
    await page.setViewportSize(testInfo.project.use.viewport ?? { width: 1280, height: 800 });
    expect(problems).toEqual([]);
  });

  test('a dialog works from the keyboard alone: Enter opens it, Tab moves through it, Escape closes it', async ({
    request,
  }, testInfo) => {
    const order = await guestOrder(request, testInfo, [strapLine(await strap(request))]);
    await page.goto(`/admin/orders?q=${encodeURIComponent(order.email)}`);
    await page.getByRole('link', { name: `#${order.number}` }).click();

    const heading = page.getByRole('heading', { level: 1, name: `Order #${order.number}` });
    await expect(heading).toBeVisible();
    // The order's actions come right after the way back to the list and its papers.
    await page.getByRole('link', { name: '← All orders' }).focus();
    for (const paper of ['Packing slip', 'Invoice']) {
      await page.keyboard.press('Tab');
      await expect(page.getByRole('link', { name: paper, exact: true })).toBeFocused();
    }
    await page.keyboard.press('Tab');
    const ship = orderActions(page).getByRole('button', { name: 'Ship', exact: true });
    await expect(ship).toBeFocused();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Ship order #${order.number}` });
    const carrier = dialog.getByLabel('Carrier');
    const tracking = dialog.getByLabel('Tracking number');
    await expect(carrier).toBeFocused();
    await page.keyboard.type('UPS');
    await page.keyboard.press('Tab');
    await expect(tracking).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Mark shipped' })).toBeFocused();
    // The focus stays in the dialog.
    await page.keyboard.press('Tab');
    await expect(carrier).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(ship).toBeFocused();

    // Again, to the end: the fields start empty, and Enter in a field sends the form.
    await page.keyboard.press('Enter');
    await expect(carrier).toBeFocused();
    await expect(carrier).toHaveValue('');
    const trackingNumber = `1Z${Date.now()}`;
    await page.keyboard.type('UPS');
    await page.keyboard.press('Tab');
    await page.keyboard.type(trackingNumber);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Order #${order.number} marked shipped`)).toBeVisible();
    await expect(page.getByText(trackingNumber, { exact: true })).toBeVisible();
    // Ship went with the shipping: the focus is on the order's heading, not lost on the page.
    await expect(heading).toBeFocused();
    expect(problems).toEqual([]);
  });
});
