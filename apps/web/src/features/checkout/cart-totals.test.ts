import { describe, expect, it } from 'vitest';
import {
  cartLineFor,
  colourBySizeFixture,
  productFixture,
  variantLineFor,
} from '../../test/fixtures';
import { orderItemsOf, summaryLinesOf } from './cart-totals';

describe('the checkout’s lines', () => {
  const shirt = colourBySizeFixture();
  const tee = productFixture({ _id: 'tee-1', hasSize: true });
  const lines = [variantLineFor(shirt, 'v-clay-l', 2), cartLineFor(tee, 'L', 'NA', 1)];

  it('sends the variant’s id for lines of other options, the spec’s size and option for all', () => {
    expect(orderItemsOf(lines)).toEqual([
      { product: 'shirt-1', qty: 2, size: 'NA', option: 'NA', variant: 'v-clay-l' },
      { product: 'tee-1', qty: 1, size: 'L', option: 'NA' },
    ]);
  });

  it('shows the variant’s title and price in the summary, linked to the product’s address', () => {
    expect(summaryLinesOf(lines)[0]).toMatchObject({
      variantTitle: 'Clay / L',
      price: 32,
      handle: 'field-shirt',
    });
  });
});
