import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Serious and critical WCAG 2 A/AA violations on the page as it is now, once its transitions
 * have finished (a toast caught fading in has the contrast of neither its start nor its end).
 */
export async function seriousViolations(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      help: violation.help,
      nodes: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

/**
 * Collects console errors (which include the CSP's reports of anything it blocked) and uncaught
 * page errors. With `failedRequestsExpected`, the browser's own 'Failed to load resource' lines
 * for the 4xx answers a test provokes on purpose are not counted.
 */
export function watchConsole(page: Page, { failedRequestsExpected = false } = {}) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    if (failedRequestsExpected && /Failed to load resource/.test(message.text())) return;
    problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}
