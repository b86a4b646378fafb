import { expect, test } from '../support/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { linkPath, waitForMail } from '../support/mailbox';
import { seriousViolations, toastViolations, watchConsole } from '../support/page-checks';

const PASSWORD = 'Sand-Dune1';

/** The page is loaded: one h1, no spinner in the main content. */
async function expectReady(page: Page, heading: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('main').getByRole('status').filter({ hasText: /…/ })).toHaveCount(0);
}

/** An account registered and verified through the API; answers its verification path. */
async function registerVerified(request: APIRequestContext, email: string) {
  const registered = await request.post('/api/users', {
    data: { name: 'Amal', email, password: PASSWORD },
  });
  expect(registered.status()).toBe(201);
  const link = linkPath(await waitForMail(request, email, /Verify your email/), '/verify/');
  return link;
}

/** Each page as it opens, then after the action that shows its error or result state. */
const PAGES: { path: string; heading: string; then?: (page: Page) => Promise<void> }[] = [
  {
    path: '/login',
    heading: 'Sign In',
    then: async (page) => {
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    },
  },
  {
    path: '/register',
    heading: 'Register',
    then: async (page) => {
      await page.getByRole('button', { name: 'Register' }).click();
      await expect(page.getByText('Please enter your name')).toBeVisible();
    },
  },
  {
    path: '/forgot-password',
    heading: 'Forgot Password',
    then: async (page) => {
      await page.getByLabel('E-mail address').fill('nobody-a11y@example.com');
      await page.getByRole('button', { name: 'SEND PASSWORD RESET' }).click();
      await expect(page.getByRole('timer')).toBeVisible();
    },
  },
  {
    path: '/reset-password/not-a-real-token',
    heading: 'Reset Password',
    then: async (page) => {
      await page.getByLabel('New Password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await expect(page.getByRole('alert')).toContainText('invalid or has expired');
    },
  },
  { path: '/pending', heading: 'Pending Verification... check your email!' },
  {
    path: '/verify/00000000-0000-4000-8000-000000000000/not-a-real-link',
    heading: 'Email Verification',
    then: async (page) => {
      await expect(page.getByRole('alert')).toContainText('invalid or has expired');
    },
  },
];

test('toasts have no serious accessibility violations', async ({ page }) => {
  await page.goto('/register');
  await expectReady(page, 'Register');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.locator('[data-sonner-toast]')).not.toHaveCount(0);
  expect(await toastViolations(page)).toEqual([]);
});

for (const { path, heading, then } of PAGES) {
  test(`${path} has no serious accessibility violations or console errors`, async ({ page }) => {
    const problems = watchConsole(page, { failedRequestsExpected: true });
    await page.goto(path);
    await expectReady(page, heading);
    await expect(page).toHaveTitle(/ \| Sadu Sands$/);
    expect(await seriousViolations(page)).toEqual([]);
    if (then) {
      await then(page);
      expect(await seriousViolations(page)).toEqual([]);
    }
    expect(problems).toEqual([]);
  });
}

test('the verification success and the profile tabs have no serious violations', async ({
  page,
  request,
}, testInfo) => {
  const problems = watchConsole(page, { failedRequestsExpected: true });
  const email = `a11y-${testInfo.project.name}-${Date.now()}-${testInfo.retry}@example.com`;
  const link = await registerVerified(request, email);

  await page.goto(link);
  await expectReady(page, 'Successfully verified!');
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/login?redirect=/profile');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expectReady(page, 'Profile');
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Amal');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Password cannot be empty').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('tab', { name: /^Orders List/ }).click();
  await expect(page.getByText('No Orders')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  expect(problems).toEqual([]);
});

test('the delete-account dialog has no serious violations, open or with its error', async ({
  page,
  request,
}, testInfo) => {
  const problems = watchConsole(page);
  const email = `a11y-delete-${testInfo.project.name}-${Date.now()}-${testInfo.retry}@example.com`;
  const link = await registerVerified(request, email);
  await request.get(`/api${link.replace(/^\/verify\//, '/users/verify/')}`);

  await page.goto('/login?redirect=/profile');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expectReady(page, 'Profile');

  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Delete permanently' }).click();
  await expect(dialog.getByText('Password cannot be empty')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(problems).toEqual([]);
});

test('the profile tabs and the login form work from the keyboard alone', async ({
  page,
  request,
}, testInfo) => {
  const email = `keys-${testInfo.project.name}-${Date.now()}-${testInfo.retry}@example.com`;
  const link = await registerVerified(request, email);
  await request.get(`/api${link.replace(/^\/verify\//, '/users/verify/')}`);

  await page.goto('/login?redirect=/profile');
  await page.getByLabel('E-mail address').focus();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/profile$/);

  const settings = page.getByRole('tab', { name: 'Profile Settings' });
  await settings.focus();
  await page.keyboard.press('ArrowRight');
  const orders = page.getByRole('tab', { name: /^Orders List/ });
  await expect(orders).toBeFocused();
  await expect(orders).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('No Orders')).toBeVisible();
  await expect(page).toHaveURL(/\/profile\?tab=orders$/);
});
