import { expect, test } from '../support/test';
import type { Page, TestInfo } from '@playwright/test';
import { linkPath, waitForMail } from '../support/mailbox';
import { watchConsole } from '../support/page-checks';

const PASSWORD = 'Sand-Dune1';

const uniqueEmail = (testInfo: TestInfo, label: string) =>
  `${label}-${testInfo.project.name}-${Date.now()}-${testInfo.retry}@example.com`;

/** The header's greeting: a dropdown on wide screens, the account icon and the sidebar on phones. */
async function expectGreeting(page: Page, name: string, mobile: boolean) {
  if (!mobile) {
    await expect(page.getByRole('button', { name: `Hi, ${name}` })).toBeVisible();
    return;
  }
  await expect(page.getByRole('button', { name: `Account menu for ${name}` })).toBeVisible();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const sidebar = page.getByRole('dialog', { name: 'Menu' });
  await expect(sidebar.getByText(`Hi, ${name}`)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sidebar).toBeHidden();
}

async function logOut(page: Page, name: string, mobile: boolean) {
  await page
    .getByRole('button', { name: mobile ? `Account menu for ${name}` : `Hi, ${name}` })
    .click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
}

test('register, verify by mail, log in, edit the profile and log out', async ({
  page,
  request,
}, testInfo) => {
  // The whole life of an account in one story: five password hashes and two mails take 10-15 s
  // on a quiet machine, and twice that on a loaded CI runner.
  test.setTimeout(90_000);
  const mobile = testInfo.project.name === 'mobile';
  const problems = watchConsole(page, { failedRequestsExpected: true });
  const email = uniqueEmail(testInfo, 'lifecycle');

  // Register: the form checks the passwords first, then the server answers and /pending follows.
  await page.goto('/register');
  await expect(page).toHaveTitle('Create an account | Sadu Sands');
  await page.getByLabel('Username').fill('Maya');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(`${PASSWORD}x`);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Passwords do not match').first()).toBeVisible();
  await expect(page.getByLabel('Confirm password')).toBeFocused();
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/pending$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Pending Verification... check your email!' }),
  ).toBeVisible();

  // The link in the mail verifies the address.
  const mail = await waitForMail(request, email, /Verify your email/);
  await page.goto(linkPath(mail, '/verify/'));
  await expect(
    page.getByRole('heading', { level: 1, name: 'Successfully verified!' }),
  ).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Login' }).click();

  // Log in: the header greets the user.
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectGreeting(page, 'Maya', mobile);

  // Profile: a new name (a new password, and the current one, are always required) and the
  // stored userInfo follows.
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Profile Settings' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Maya');
  await page.getByLabel('Name', { exact: true }).fill('Maya Sands');
  await page.getByLabel('New password', { exact: true }).fill('Sand-Dune2');
  await page.getByLabel('Confirm new password').fill('Sand-Dune2');
  await page.getByLabel('Current password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Profile Updated')).toBeVisible();
  await expectGreeting(page, 'Maya Sands', mobile);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? 'null'));
  expect(stored).toMatchObject({ name: 'Maya Sands', email });

  // The new token works (the old one does not): the orders tab loads.
  await page.getByRole('tab', { name: /^Orders List/ }).click();
  await expect(page.getByText('No Orders')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Orders List (0 paid orders)' })).toBeVisible();

  // Log out: the server is told to end the token, home, no userInfo, and the profile is behind
  // the login again.
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('userInfo') ?? 'null') as { token: string }).token,
  );
  const logoutCall = page.waitForRequest(
    (sent) => sent.method() === 'POST' && new URL(sent.url()).pathname === '/api/users/logout',
  );
  await logOut(page, 'Maya Sands', mobile);
  const sent = await logoutCall;
  expect(sent.headers().authorization).toBe(`Bearer ${token}`);
  expect((await sent.response())?.status()).toBe(200);
  // The server ended that token: whoever copied it can no longer use it.
  const withOldToken = await request.get('/api/users/profile', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(withOldToken.status()).toBe(401);
  expect(await withOldToken.json()).toEqual({ message: 'Not authorized, token failed' });
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/$/); // no late redirect of the sign-in guard
  expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/);

  // And the new password signs in, back to the profile.
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill('Sand-Dune2');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Maya Sands');
  expect(problems).toEqual([]);
});

test('a second visit of the verification link explains and offers a new one', async ({
  page,
  request,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'relink');
  const registered = await request.post('/api/users', {
    data: { name: 'Noor', email, password: PASSWORD },
  });
  expect(registered.status()).toBe(201);
  const link = linkPath(await waitForMail(request, email, /Verify your email/), '/verify/');

  await page.goto(link);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Successfully verified!' }),
  ).toBeVisible();
  // A fresh page (the verification result is not cached across loads) asks the server again.
  await page.goto('/');
  await page.goto(link);
  await expect(page.getByRole('alert')).toContainText('invalid or has expired');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send a new verification link' }).click();
  await expect(page.getByText(/we have sent it a new link/)).toBeVisible();
});
