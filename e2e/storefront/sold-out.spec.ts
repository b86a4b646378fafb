import { expect, test } from '../support/test';
import { productsOf } from '../support/shop';
import { seriousViolations } from '../support/page-checks';

/**
 * Sold out, on real sample products found through the API (read only: nobody can buy what is sold
 * out): a hoodie with nothing left, and one whose S/M is sold out while L and XL are in stock.
 */
test('sold-out products say so on their card, their choices and their button; a hoodie opens at its first size in stock', async ({
  page,
  request,
}) => {
  const hoodies = await productsOf(request, 'hoodies');
  const soldOut = hoodies.find((p) => p.countInStock.total === 0);
  const noSmall = hoodies.find(
    (p) => p.hasSize && p.countInStock.smallMed === 0 && p.countInStock.large > 0,
  );
  if (!soldOut || !noSmall) throw new Error('the sample catalog lacks the sold-out hoodies');

  // The listing marks the sold-out product's card, for eyes and screen readers alike.
  await page.goto('/hoodies');
  const card = page.getByRole('article').filter({ hasText: soldOut.name });
  await expect(card.getByText('Sold out', { exact: true })).toBeVisible();
  await expect(card).toContainText('Sold out');
  const inStockCard = page.getByRole('article').filter({ hasText: noSmall.name });
  await expect(inStockCard.getByText('Sold out', { exact: true })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // Nothing left: the button is disabled and says Sold Out; every size says it is sold out.
  await page.goto(`/products/${soldOut._id}`);
  await expect(page.getByRole('heading', { level: 1, name: soldOut.name })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sold Out' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Add To Cart' })).toHaveCount(0);
  const sizes = page.getByRole('group', { name: 'Size' });
  for (const size of ['S/M', 'L', 'XL'])
    await expect(
      sizes.getByRole('radio', { name: `${size} — sold out`, exact: true }),
    ).toBeAttached();
  expect(await seriousViolations(page)).toEqual([]);

  // S/M sold out, L in stock: the page opens at L, ready to buy; S/M says it is sold out.
  await page.goto(`/products/${noSmall._id}`);
  await expect(page.getByRole('heading', { level: 1, name: noSmall.name })).toBeVisible();
  const noSmallSizes = page.getByRole('group', { name: 'Size' });
  await expect(noSmallSizes.getByRole('radio', { name: 'L', exact: true })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Add To Cart' })).toBeEnabled();
  await expect(noSmallSizes.getByText('sold out')).toBeVisible();

  // From the keyboard: the sold-out size can be chosen, and the page then says Sold Out.
  await noSmallSizes.getByRole('radio', { name: 'L', exact: true }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(noSmallSizes.getByRole('radio', { name: 'S/M — sold out' })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Sold Out' })).toBeDisabled();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('button', { name: 'Add To Cart' })).toBeEnabled();
  expect(await seriousViolations(page)).toEqual([]);
});
