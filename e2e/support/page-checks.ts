import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

const TOASTS = '[data-sonner-toaster]';

/**
 * Serious and critical WCAG 2 A/AA violations on the page as it is now, once it has settled (no
 * transition running). Toasts are left out: they come and go on timers of 2 to 5 s, so one may
 * start fading in or out while axe is reading the page and be measured half-transparent.
 * `toastViolations` checks them where they are held still.
 */
export async function seriousViolations(page: Page) {
  await settled(page);
  return serious(await new AxeBuilder({ page }).exclude(TOASTS).withTags(WCAG_AA).analyze());
}

/** The same for the toasts on screen, held open by the pointer resting on them (sonner pauses). */
export async function toastViolations(page: Page) {
  await page.locator('[data-sonner-toast]').first().hover();
  await settled(page);
  return serious(await new AxeBuilder({ page }).include(TOASTS).withTags(WCAG_AA).analyze());
}

const WCAG_AA = ['wcag2a', 'wcag2aa'];

/** Every toast mounted (sonner starts its fade a frame after inserting one) and nothing moving. */
async function settled(page: Page) {
  await page.waitForFunction(
    () => {
      const toastsMounting = Array.from(document.querySelectorAll('[data-sonner-toast]')).some(
        (toast) => toast.getAttribute('data-mounted') !== 'true',
      );
      const moving = document
        .getAnimations()
        .some(
          (animation) =>
            animation.playState === 'running' &&
            animation.effect?.getComputedTiming().iterations !== Infinity,
        );
      return !toastsMounting && !moving;
    },
    undefined,
    { polling: 'raf' },
  );
}

function serious(results: Awaited<ReturnType<AxeBuilder['analyze']>>) {
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
