import { expect, test } from '../support/test';
import type { Page, TestInfo } from '@playwright/test';
import { linkPath, waitForMail } from '../support/mailbox';
import { seriousViolations, watchConsole } from '../support/page-checks';

const PASSWORD = 'Sand-Dune1';
const NEW_PASSWORD = 'Sand-Dune2';

const uniqueEmail = (testInfo: TestInfo, label: string) =>
  `${label}-${testInfo.project.name}-${Date.now()}-${testInfo.retry}@example.com`;

/** Signs in and answers the profile's settings form, once it is on screen (not the login's). */
async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login?redirect=/profile');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  const form = page.getByRole('form', { name: 'Profile settings' });
  await expect(form).toBeVisible();
  return form;
}

test('a shopper changes their e-mail with the current password and confirms it by mail', async ({
  page,
  request,
}, testInfo) => {
  // The whole journey with three accessibility scans: longer than one page's test.
  test.slow();
  const problems = watchConsole(page, { failedRequestsExpected: true });
  const oldEmail = uniqueEmail(testInfo, 'before');
  const newEmail = uniqueEmail(testInfo, 'after');

  // A verified account, through the API.
  const registered = await request.post('/api/users', {
    data: { name: 'Rania', email: oldEmail, password: PASSWORD },
  });
  expect(registered.status()).toBe(201);
  const verifyLink = linkPath(
    await waitForMail(request, oldEmail, /Verify your email/),
    '/verify/',
  );
  expect(
    (await request.get(`/api${verifyLink.replace(/^\/verify\//, '/users/verify/')}`)).ok(),
  ).toBe(true);

  const form = await signIn(page, oldEmail, PASSWORD);
  const emailField = form.getByLabel('E-mail address');
  await expect(emailField).toHaveValue(oldEmail);
  await emailField.fill(newEmail);
  await form.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await form.getByLabel('Confirm new password').fill(NEW_PASSWORD);

  // A wrong current password: the API's word, and the shopper stays signed in.
  await form.getByLabel('Current password').fill('Not-My-Pass9');
  await form.getByRole('button', { name: 'Update' }).click();
  await expect(form.getByRole('alert')).toContainText('Your current password is not correct');
  await expect(page).toHaveURL(/\/profile$/);
  expect(await seriousViolations(page)).toEqual([]);

  // The right one: saved, and the address waits for its link.
  await form.getByLabel('Current password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Profile Updated')).toBeVisible();
  const note = form.getByRole('status').filter({ hasText: `We sent a link to ${newEmail}` });
  await expect(note).toBeVisible();
  await expect(emailField).toHaveValue(oldEmail);
  expect(await seriousViolations(page)).toEqual([]);

  // The old address is told, without the new address in full; the new one gets the link.
  const notice = await waitForMail(request, oldEmail, /about to change/);
  expect(notice.text).toContain('a***@example.com');
  expect(notice.text).not.toContain(newEmail);
  const confirmLink = linkPath(
    await waitForMail(request, newEmail, /Confirm your new e-mail/),
    '/confirm-email/',
  );

  // Opening the link confirms at once, with no further click, and ends this browser's session.
  await page.goto(confirmLink);
  await expect(
    page.getByRole('heading', { level: 1, name: 'E-mail address changed' }),
  ).toBeVisible();
  await expect(page.getByRole('main')).toContainText(`Your e-mail address is now ${newEmail}`);
  await expect(page).toHaveTitle('Confirm E-mail | Sadu Sands');
  expect(await seriousViolations(page)).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();

  // The old address no longer signs in; the new one does.
  await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('E-mail address').fill(oldEmail);
  await page.getByLabel('Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid email or password');

  const signedIn = await signIn(page, newEmail, NEW_PASSWORD);
  await expect(signedIn.getByLabel('E-mail address')).toHaveValue(newEmail);
  await expect(signedIn.getByText('We sent a link')).toHaveCount(0);

  // The link works once.
  await page.goto('/');
  await page.goto(confirmLink);
  await expect(page.getByRole('alert')).toContainText('invalid, has expired or was already used');
  expect(problems).toEqual([]);
});

test('a made-up confirmation link explains itself, with no serious accessibility violations', async ({
  page,
}) => {
  const problems = watchConsole(page, { failedRequestsExpected: true });
  await page.goto('/confirm-email/not-a-real-token');
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm E-mail' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('invalid, has expired or was already used');
  await expect(page.getByText('Your e-mail address has not changed.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  expect(problems).toEqual([]);
});
