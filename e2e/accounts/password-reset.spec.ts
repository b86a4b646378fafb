import { expect, test } from '../support/test';
import { linkPath, waitForMail } from '../support/mailbox';
import { watchConsole } from '../support/page-checks';

test('forgot password: the mail’s link sets a new password that then signs in', async ({
  page,
  request,
}, testInfo) => {
  const problems = watchConsole(page, { failedRequestsExpected: true });
  const email = `reset-${testInfo.project.name}-${Date.now()}-${testInfo.retry}@example.com`;
  const registered = await request.post('/api/users', {
    data: { name: 'Layla', email, password: 'Old-pass1' },
  });
  expect(registered.status()).toBe(201);

  await page.goto('/forgot-password');
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot Password' })).toBeVisible();
  await expect(page.getByLabel('E-mail address')).toHaveAttribute('type', 'email');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'SEND PASSWORD RESET' }).click();

  // The request rests the button for 15 minutes, with a countdown and the spam-folder advice.
  await expect(page.getByText(/we have sent it a link to reset the password/)).toBeVisible();
  const button = page.getByRole('button', { name: 'SEND PASSWORD RESET' });
  await expect(button).toBeDisabled();
  const timer = page.getByRole('timer');
  await expect(timer).toHaveText(/^1[45]:\d\d$/);
  await expect(page.getByText(/check your spam and junk folders/)).toBeVisible(); // once
  const shown = await timer.textContent();
  await expect(timer).not.toHaveText(shown ?? '', { timeout: 3000 }); // it ticks
  await page.reload();
  await expect(page.getByRole('timer')).toHaveText(/^14:\d\d$/);
  await expect(page.getByRole('button', { name: 'SEND PASSWORD RESET' })).toBeDisabled();

  // The link from the mail: the same password checks as registration, then the new password.
  const mail = await waitForMail(request, email, /Reset your/);
  await page.goto(linkPath(mail, '/reset-password/'));
  await expect(page.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill('weakpass');
  await page.getByLabel('Confirm Password', { exact: true }).fill('weakpass');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(
    page
      .getByText(
        'Password must be 8 characters long with at least one lowercase, one uppercase, one digit, and a special character.',
      )
      .first(),
  ).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill('New-pass2');
  await page.getByLabel('Confirm Password', { exact: true }).fill('New-pass2');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password reset successful!')).toBeVisible();

  await page.getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill('New-pass2');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toContain(email);
  expect(problems).toEqual([]);
});
