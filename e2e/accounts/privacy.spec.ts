import { readFile } from 'node:fs/promises';
import { expect, test } from '../support/test';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { ACCOUNT_MESSAGES } from '@shop/shared/accounts';
import { PRIVACY_MESSAGES } from '@shop/shared/privacy';
import { linkPath, waitForMail } from '../support/mailbox';
import { watchConsole } from '../support/page-checks';

const PASSWORD = 'Sand-Dune1';

const uniqueEmail = (testInfo: TestInfo, label: string) =>
  `${label}-${testInfo.project.name}-${Date.now()}-${testInfo.retry}@example.com`;

/** An account registered through the API and verified by the link mailed to it. */
async function registerVerified(request: APIRequestContext, name: string, email: string) {
  const registered = await request.post('/api/users', {
    data: { name, email, password: PASSWORD },
  });
  expect(registered.status()).toBe(201);
  const link = linkPath(await waitForMail(request, email, /Verify your email/), '/verify/');
  expect((await request.get(`/api${link.replace(/^\/verify\//, '/users/verify/')}`)).status()).toBe(
    200,
  );
}

async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('a customer downloads a copy of their data, then deletes the account', async ({
  page,
  request,
}, testInfo) => {
  const problems = watchConsole(page, { failedRequestsExpected: true });
  const email = uniqueEmail(testInfo, 'privacy');
  await registerVerified(request, 'Noor', email);

  await page.goto('/login?redirect=/profile');
  await signIn(page, email);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();

  // Download my data: a dated JSON file with the account's own details.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  const today = new Date().toISOString().slice(0, 10);
  expect(download.suggestedFilename()).toBe(`sadu-sands-my-data-${today}.json`);
  const data = JSON.parse(await readFile(await download.path(), 'utf8'));
  expect(data.profile).toMatchObject({ name: 'Noor', email, verified: true, role: 'customer' });
  expect(data.orders).toEqual([]);
  expect(JSON.stringify(data)).not.toMatch(/argon2|token/i);

  // Delete my account: the dialog says what happens and asks for the password.
  const trigger = page.getByRole('button', { name: 'Delete my account' });
  await trigger.click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('This cannot be undone');
  const password = dialog.getByLabel('Current password');
  await password.fill('Not-my-password1');
  await dialog.getByRole('button', { name: 'Delete permanently' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(PRIVACY_MESSAGES.wrongPassword);
  // Still signed in: the profile is still there behind the dialog.
  expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toContain(email);

  await password.fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Delete permanently' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(PRIVACY_MESSAGES.deleted)).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/);

  // The address is unknown now: the sign-in answers as for any address without an account.
  await signIn(page, email);
  await expect(
    page.getByRole('alert').filter({ hasText: ACCOUNT_MESSAGES.invalidCredentials }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  expect(problems).toEqual([]);
});

test('the delete dialog works from the keyboard alone and gives the focus back', async ({
  page,
  request,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'privacy-keys');
  await registerVerified(request, 'Rami', email);
  await page.goto('/login?redirect=/profile');
  await signIn(page, email);
  await expect(page).toHaveURL(/\/profile$/);

  const trigger = page.getByRole('button', { name: 'Delete my account' });
  await trigger.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  // The focus stays inside the dialog however far one tabs.
  for (let step = 0; step < 6; step++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
});
