import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import type { Browser, Cookie, Page, TestInfo } from '@playwright/test';
import { totpCode } from './totp';

/** The owner e2e/serve.mjs has start-up create (the same two values are set there). */
export const OWNER_EMAIL = 'owner@sadusands.example';
export const OWNER_PASSWORD = 'Owner-Sands-2024!';

/** Signs in on the login page that is open, and waits until it has sent the person on. */
export async function signInOnLoginPage(page: Page, email: string, password: string) {
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** The key beside the QR code: 20 random bytes in base32, as the person types it into the app. */
export const totpKey = (page: Page) => page.getByText(/^[A-Z2-7]{32}$/);

/**
 * On the back office's set-up step: reads the key shown as text, types the code the app would
 * show, and answers the key and the recovery codes shown once (still on screen).
 */
export async function confirmSecondFactor(page: Page) {
  await expect(
    page.getByRole('heading', { level: 1, name: 'Set up your second factor' }),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await totpKey(page).textContent()) ?? '';
  await page.getByLabel('6-digit code').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Save your recovery codes' }),
  ).toBeVisible();
  const recoveryCodes = await page
    .getByRole('list', { name: 'Recovery codes' })
    .getByRole('listitem')
    .allTextContents();
  return { secret, recoveryCodes };
}

/** A page the test opens beside the test's own (another person's browser) at the project's size. */
export async function anotherBrowser(browser: Browser, testInfo: TestInfo) {
  const { baseURL, viewport } = testInfo.project.use;
  const context = await browser.newContext({ baseURL, viewport });
  return context.newPage();
}

/** The back office's screens must not scroll sideways: wide tables scroll inside their frame. */
export async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(widths.page, `page width at ${widths.viewport} px`).toBeLessThanOrEqual(widths.viewport);
}

/*
 * The owner's second factor. One server (and one owner) serves both projects and every
 * --repeat-each copy of the owner's tests, and each TOTP time step is taken once per account: so
 * the first owner test on a server sets the second factor up and keeps the recovery codes it was
 * shown in a file, and every later owner sign-in on that server signs in with one unused code.
 * Who does what is settled by creating files exclusively ('wx'): exactly one worker gets each.
 */

/** What this owner sign-in does: set the second factor up, or use this recovery code. */
export type OwnerSecondFactor = { enroll: true } | { enroll: false; recoveryCode: string };

/** Keyed by the owner's account, new with each server's fresh database. */
const ownerDir = (testInfo: TestInfo, ownerId: string) =>
  path.join(testInfo.project.outputDir, `back-office-owner-${ownerId}`);

const codesFile = (dir: string) => path.join(dir, 'recovery-codes.json');

async function claim(file: string): Promise<boolean> {
  try {
    await writeFile(file, '', { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

async function keptCodes(dir: string): Promise<string[]> {
  try {
    return JSON.parse(await readFile(codesFile(dir), 'utf8')) as string[];
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/**
 * Call before the owner's browser opens the back office: a second set-up started elsewhere would
 * replace the secret of one not yet confirmed.
 */
export async function claimOwnerSecondFactor(
  testInfo: TestInfo,
  ownerId: string,
): Promise<OwnerSecondFactor> {
  const dir = ownerDir(testInfo, ownerId);
  await mkdir(dir, { recursive: true });
  if (await claim(path.join(dir, 'enrolling'))) return { enroll: true };
  let codes: string[] = [];
  await expect
    .poll(async () => (codes = await keptCodes(dir)).length, {
      timeout: 60_000,
      message: 'the recovery codes kept by the test that set up the owner’s second factor',
    })
    .toBeGreaterThan(0);
  for (const [index, code] of codes.entries()) {
    if (await claim(path.join(dir, `code-${index}`))) return { enroll: false, recoveryCode: code };
  }
  throw new Error('every recovery code of the owner is used: too many owner sign-ins on a server');
}

/** Keeps the recovery codes the set-up showed, for the owner's later sign-ins on this server. */
export async function keepOwnerRecoveryCodes(testInfo: TestInfo, ownerId: string, codes: string[]) {
  const dir = ownerDir(testInfo, ownerId);
  await writeFile(`${codesFile(dir)}.tmp`, JSON.stringify(codes));
  await rename(`${codesFile(dir)}.tmp`, codesFile(dir));
}

const sessionFile = (dir: string) => path.join(dir, 'back-office-session.json');

/** The back-office session's HttpOnly cookie the API set (decision 044). */
const BACK_OFFICE_COOKIE = 'shop_back_office';

/** A back-office session as a browser holds it: the marker in localStorage and the cookie. */
type KeptSession = { marker: string; cookie: Cookie };

/** The owner's back-office session a sign-in of this server kept. */
async function keptSession(dir: string): Promise<KeptSession | undefined> {
  try {
    return JSON.parse(await readFile(sessionFile(dir), 'utf8')) as KeptSession;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

async function keepSession(page: Page, dir: string) {
  const marker = await page.evaluate(() => localStorage.getItem('backOfficeSession'));
  const cookie = (await page.context().cookies()).find((c) => c.name === BACK_OFFICE_COOKIE);
  if (!marker || !cookie) return;
  await writeFile(`${sessionFile(dir)}.tmp`, JSON.stringify({ marker, cookie }));
  await rename(`${sessionFile(dir)}.tmp`, sessionFile(dir));
}

/**
 * Signs the owner in at /login and into the back office in `page`, ending on the summary. The
 * first owner sign-in on the server sets the second factor up; later ones take the back-office
 * session an earlier one kept (as another tab of the owner's would be given it: the second
 * factor was proven once), or, when that session no longer opens the back office, one unused
 * recovery code. (Ten codes would not last the suite's owner sign-ins and their retries.)
 */
export async function signInOwnerToBackOffice(page: Page, testInfo: TestInfo) {
  await page.goto('/login');
  await signInOnLoginPage(page, OWNER_EMAIL, OWNER_PASSWORD);
  const ownerId = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { _id?: string })._id ?? '',
  );
  const dir = ownerDir(testInfo, ownerId);
  const kept = await keptSession(dir);
  if (kept) {
    await page.context().addCookies([kept.cookie]);
    await page.evaluate((value) => localStorage.setItem('backOfficeSession', value), kept.marker);
    await page.goto('/admin');
    const summary = page.getByRole('heading', { level: 1, name: 'Summary' });
    const confirm = page.getByRole('heading', { level: 1, name: 'Confirm it’s you' });
    await expect(summary.or(confirm)).toBeVisible();
    if (await summary.isVisible()) return;
  }
  const secondFactor = await claimOwnerSecondFactor(testInfo, ownerId);
  await page.goto('/admin');
  if (secondFactor.enroll) {
    const { recoveryCodes } = await confirmSecondFactor(page);
    await keepOwnerRecoveryCodes(testInfo, ownerId, recoveryCodes);
    await page.getByRole('button', { name: 'I have saved them' }).click();
  } else {
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm it’s you' })).toBeVisible();
    await page.getByLabel('Code or recovery code').fill(secondFactor.recoveryCode);
    await page.getByRole('button', { name: 'Confirm' }).click();
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Summary' })).toBeVisible();
  await keepSession(page, dir);
}

/** A link of the back office's navigation, by its exact name. */
export const backOfficeLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name, exact: true });

/** The back-office token the signed-in browser holds (its HttpOnly cookie), for a test's own set-up. */
export const backOfficeToken = async (page: Page) =>
  (await page.context().cookies()).find((cookie) => cookie.name === BACK_OFFICE_COOKIE)?.value ??
  '';
