import { expect, test } from '../support/test';
import { BACK_OFFICE_MESSAGES } from '@shop/shared/back-office';
import { seriousViolations, watchConsole } from '../support/page-checks';
import { PASSWORD, createVerifiedCustomer, signInByApi, uniqueEmail } from '../support/shop';

test('a customer who opens /admin is told the back office is not for them', async ({
  page,
  request,
}, testInfo) => {
  const problems = watchConsole(page);
  const email = uniqueEmail(testInfo, 'customer');
  await createVerifiedCustomer(request, email, 'Rana Customer');
  await signInByApi(page, email);

  await page.goto('/admin/orders');
  await expect(
    page.getByRole('heading', { level: 1, name: 'This page is not for you' }),
  ).toBeVisible();
  await expect(page.getByText('The back office is for the shop’s staff only.')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Back office' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Back to the shop' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(problems).toEqual([]);
});

test('someone signed out who opens /admin is asked to sign in first', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
});

test('the setup page with a link that does not work says so after sending, and without a link at once', async ({
  page,
}, testInfo) => {
  const problems = watchConsole(page, { failedRequestsExpected: true });
  await page.goto('/admin/setup?token=not-a-real-token');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Set up the shop’s owner' }),
  ).toBeVisible();
  await page.getByLabel('Name').fill('Not The Owner');
  await page.getByLabel('E-mail').fill(uniqueEmail(testInfo, 'setup'));
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create owner account' }).click();
  // start-up created the owner (e2e/serve.mjs), and then any token is answered so.
  await expect(page.getByRole('alert')).toHaveText(BACK_OFFICE_MESSAGES.ownerExists);
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/admin/setup');
  await expect(
    page.getByText('This page needs the setup link printed when the shop starts.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create owner account' })).toBeDisabled();
  expect(problems).toEqual([]);
});
