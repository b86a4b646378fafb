import { test as base } from '@playwright/test';
import type { Page } from '@playwright/test';

export { expect } from '@playwright/test';

/**
 * A page arrives as server-rendered HTML; until the app hydrates it, links and forms work but a
 * button's click is lost. After a page load the tests wait for <html data-hydrated>, as a shopper
 * whose first tap did nothing would wait a moment.
 */
export async function waitForApp(page: Page): Promise<void> {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/** `page.goto` and `page.reload` wait for the app whenever the page loads HTML with JavaScript on. */
function waitingForApp(page: Page): Page {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const waitAfter = async <T>(loading: Promise<T>) => {
    const response = await loading;
    const isPage = await page
      .evaluate(
        () => document.contentType === 'text/html' && document.querySelector('#root') !== null,
      )
      .catch(() => false);
    if (isPage) await waitForApp(page);
    return response;
  };
  page.goto = (url, options) => waitAfter(goto(url, options));
  page.reload = (options) => waitAfter(reload(options));
  return page;
}

/** Playwright's test, whose pages wait for the app after each full page load (see waitForApp). */
export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    await use(javaScriptEnabled === false ? page : waitingForApp(page));
  },
});
