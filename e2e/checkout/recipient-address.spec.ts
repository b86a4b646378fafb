import { expect, test } from '../support/test';
import { waitForMail } from '../support/mailbox';
import { seriousViolations } from '../support/page-checks';
import { ADDRESS, fillAddress, productsOf, uniqueEmail } from '../support/shop';

test.describe('the recipient and the address', () => {
  // A whole purchase, waiting for its order mail.
  test.slow();

  test('a guest checks out with a name, a phone, the United States and Illinois', async ({
    page,
    request,
  }, testInfo) => {
    const tote = (await productsOf(request, 'totes')).find(
      (p) => p.hasAandB && p.countInStock.countA >= 2,
    );
    if (!tote) throw new Error('the sample catalog has no tote in option A');
    const email = uniqueEmail(testInfo, 'recipient');

    await page.goto(`/cart/${tote._id}?qty=1&size=NA&option=A`);
    await page.getByRole('link', { name: 'Guest checkout' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Guest Checkout' })).toBeVisible();

    // Autofill tokens, a phone keyboard, the country and the state from lists.
    for (const [label, token] of [
      ['Full name', 'name'],
      ['Phone (optional)', 'tel'],
      ['Country', 'country'],
      ['Address', 'address-line1'],
      ['City', 'address-level2'],
      ['State', 'address-level1'],
      ['Postal code', 'postal-code'],
    ] as const)
      await expect(page.getByLabel(label, { exact: true })).toHaveAttribute('autocomplete', token);
    await expect(page.getByLabel('Phone (optional)')).toHaveAttribute('type', 'tel');

    // A wrong ZIP code and phone are said on their fields before anything is sent.
    await page.getByLabel('Email').fill(email);
    await fillAddress(page, { ...ADDRESS, phone: '12', postalCode: '6060' });
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page.getByText('Please enter a ZIP code of 5 digits (or ZIP+4)')).toBeVisible();
    await expect(page.getByText(/Please enter a phone number we can call/)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await fillAddress(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({
      path: testInfo.outputPath(`checkout-form-${testInfo.project.name}.png`),
      fullPage: true,
    });
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page).toHaveURL(/\/test-checkout\/tcs_/, { timeout: 15_000 });
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await expect(page).toHaveURL(/\/successfulorder\?session_id=tcs_/);

    // The first line names the order; the mail greets the recipient and links the order.
    const numberLine = page.getByText(/^Your order number is [0-9A-F]{8}\.$/);
    await expect(numberLine).toBeVisible();
    const number = ((await numberLine.textContent()) ?? '').slice(-9, -1);
    const mail = await waitForMail(request, email, /confirmed/);
    expect(mail.subject).toContain(number);
    expect(mail.text).toMatch(/^Hi Maya,/m);
    expect(mail.text).toContain(
      'Shipping to: Maya Haddad, 12 Dune Road, Chicago, IL 60601, United States of America',
    );

    await page.getByRole('link', { name: `Open order ${number}` }).click();
    const shipping = page.getByRole('main').locator('address');
    await expect(shipping).toContainText('Maya Haddad');
    await expect(shipping.getByRole('link', { name: '+13125550100' })).toHaveAttribute(
      'href',
      'tel:+13125550100',
    );
    await expect(shipping).toContainText('Chicago, IL 60601');
    await expect(shipping).toContainText('United States of America');
    expect(await seriousViolations(page)).toEqual([]);
  });
});
