import type { Locator } from '@playwright/test';
import { expect, test } from '../support/test';

/**
 * The server counts failed sign-ins per e-mail (the spec's cooldown) and, more loosely, per client
 * address (30 in 15 minutes), so these tests sign in from an address of their own (the e2e server
 * trusts one proxy's X-Forwarded-For): the other tests' logins from 127.0.0.1 stay unaffected.
 */
const octet = () => 1 + Math.floor(Math.random() * 250);
test.use({
  // A fresh address for every test, project and retry (Playwright reads the empty pattern).
  // eslint-disable-next-line no-empty-pattern
  extraHTTPHeaders: async ({}, use) => {
    await use({ 'x-forwarded-for': `10.${octet()}.${octet()}.${octet()}` });
  },
});

/** The seconds a lock's countdown ('Please wait 0:55') says are left. */
async function secondsLeft(timer: Locator): Promise<number> {
  const [, minutes, seconds] = /(\d+):(\d\d)$/.exec((await timer.textContent()) ?? '') ?? [];
  return Number(minutes) * 60 + Number(seconds);
}

test('five failed logins lock the form with a countdown that survives a reload', async ({
  page,
}, testInfo) => {
  // Fake time in the page only, so the minute can be skipped; the server keeps real time.
  await page.clock.install();
  const email = `cooldown-${testInfo.project.name}-${Date.now()}-${testInfo.retry}@example.com`;

  await page.goto('/login');
  await page.getByLabel('E-mail address').fill(email);
  const password = page.getByLabel('Password');
  const signIn = page.getByRole('button', { name: 'Sign In' });
  for (let attempt = 1; attempt <= 4; attempt++) {
    await password.fill(`Wrong-pass${attempt}`);
    await signIn.click();
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await expect(password).toHaveValue('');
  }
  await password.fill('Wrong-pass5');
  await signIn.click();

  // Locked: the message counts down from a minute, the fields and the button are disabled.
  const timer = page.getByRole('timer');
  await expect(timer).toHaveText(/^Too many attempts\. Please wait (1:00|0:5\d)$/);
  await expect(signIn).toBeDisabled();
  await expect(page.getByLabel('E-mail address')).toBeDisabled();
  await expect(password).toBeDisabled();
  await expect(page.getByRole('link', { name: 'Forgot your password?' })).toBeEnabled();
  const stored = await page.evaluate(() =>
    JSON.parse(localStorage.getItem('loginCooldown') ?? '{}'),
  );
  expect(stored).toMatchObject({ failures: 0, lockouts: 1 });

  // The page's clock still runs as well: a slow machine may add seconds, never take them.
  const locked = await secondsLeft(timer);
  await page.clock.fastForward(5000);
  await expect.poll(() => secondsLeft(timer)).toBeLessThanOrEqual(locked - 5);
  const skipped = await secondsLeft(timer);
  expect(skipped).toBeGreaterThanOrEqual(40);

  // A reload keeps the lock and the time left.
  await page.reload();
  await expect(page.getByRole('timer')).toHaveText(/^Too many attempts\. Please wait 0:\d\d$/);
  const reloaded = await secondsLeft(page.getByRole('timer'));
  expect(reloaded).toBeLessThanOrEqual(skipped);
  expect(reloaded).toBeGreaterThanOrEqual(skipped - 10);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeDisabled();

  // When the minute is over the form comes back and the lock leaves storage.
  await page.clock.fastForward(60_000);
  await expect(page.getByRole('timer')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  await expect(page.getByText('You can try to sign in again.')).toBeVisible();
  const after = await page.evaluate(() =>
    JSON.parse(localStorage.getItem('loginCooldown') ?? '{}'),
  );
  expect(after).toEqual({ failures: 0, lockouts: 1, lockedUntil: null });
});

test('a lock of the server (429 with Retry-After) locks the form even on a first try', async ({
  page,
}, testInfo) => {
  // Lock this e-mail on the server first: five failures from elsewhere (another device).
  const email = `fresh-${testInfo.project.name}-${Date.now()}@example.com`;
  for (let attempt = 1; attempt <= 5; attempt++) {
    await page.request.post('/api/users/login', {
      data: { email, password: 'Wrong-pass1' },
      headers: { 'x-forwarded-for': `10.250.0.${attempt}` },
    });
  }
  await page.goto('/login');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill('Any-pass1');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('timer')).toHaveText(
    /^Too many attempts\. Please wait (1:00|0:[45]\d)$/,
  );
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeDisabled();
});
