import { expect, test } from '../support/test';

const ANCHORS = [
  'cookies',
  'inforetain',
  'infosafe',
  'infominors',
  'privacyrights',
  'withdrawconsent',
  'DNT',
  'uslaws',
  'infouse',
  'whoshare',
  'contact',
];

test('the privacy notice has every anchor and its table of contents links to them', async ({
  page,
}) => {
  await page.goto('/privacypolicy');
  const toc = page.getByRole('navigation', { name: 'Table of contents' });
  await expect(toc).toBeVisible();
  for (const id of ANCHORS) {
    await expect(page.locator(`[id="${id}"]`)).toHaveCount(1);
    await expect(toc.locator(`a[href="#${id}"]`)).toHaveCount(1);
  }
  await toc.locator('a[href="#DNT"]').click();
  await expect(page).toHaveURL(/\/privacypolicy#DNT$/);
  await expect(page.locator('[id="DNT"]')).toBeInViewport();
});

test('the footer leads to the three legal pages', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  for (const [name, path] of [
    ['Privacy Policy', '/privacypolicy'],
    ['Terms and Conditions', '/terms'],
    ['Refund Policy', '/refundpolicy'],
  ] as const) {
    await footer.getByRole('link', { name }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  }
});
