import { expect, test } from '../support/test';
import type { Page, TestInfo } from '@playwright/test';
import {
  anotherBrowser,
  backOfficeToken,
  expectNoSidewaysScroll,
  signInOwnerToBackOffice,
} from '../support/back-office';
import { seriousViolations } from '../support/page-checks';

/** A screenshot kept with the test's results (and where SCREENSHOT_DIR says, to look at). */
async function keepScreenshot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
  if (process.env.SCREENSHOT_DIR)
    await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${name}.png`, fullPage: true });
}

// Decision 044: the back-office session is the browser's HttpOnly cookie, so every tab has it.
test('a second tab opens the back office without a new code; no script can read the token @desktop-only', async ({
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const page = await anotherBrowser(browser, testInfo);
  await signInOwnerToBackOffice(page, testInfo);
  const token = await backOfficeToken(page);
  expect(token).not.toBe('');
  const stored = await page.evaluate(() => ({
    cookies: document.cookie,
    local: JSON.stringify(localStorage),
    session: JSON.stringify(sessionStorage),
  }));
  expect(stored.cookies).not.toContain(token);
  expect(stored.local).not.toContain(token);
  expect(stored.session).not.toContain(token);

  const second = await page.context().newPage();
  for (const width of [1280, 390]) {
    await second.setViewportSize({ width, height: 800 });
    await second.goto('/admin/customers');
    await expect(second.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
    await expect(second.getByRole('heading', { name: 'Confirm it’s you' })).toHaveCount(0);
    expect(await seriousViolations(second), `Customers at ${width} px`).toEqual([]);
    await expectNoSidewaysScroll(second);
    await keepScreenshot(second, testInfo, `customers-${width}`);
  }
  await page.context().close();
});
