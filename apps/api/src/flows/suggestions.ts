import type { Suggestions } from '@shop/shared/search';
import type { Database } from '../db/client';
import { salePricesOf } from '../modules/catalog/service';
import { suggest } from '../modules/search/service';

/**
 * The header box's suggestions with the price a product's card shows: under an automatic discount
 * its sale price (decision 052), so a suggestion never names a price the listing does not. A flow:
 * the search finds, the catalog prices, and neither module reads the other.
 */
export async function suggestWithSalePrices(
  db: Database,
  typed: string,
  now: Date,
): Promise<Suggestions> {
  const suggestions = await suggest(db, typed);
  const sales = await salePricesOf(
    db,
    suggestions.products.map((product) => ({ productId: product._id, price: product.price })),
    now,
  );
  return {
    ...suggestions,
    products: suggestions.products.map((product) => {
      const sale = sales.get(product._id);
      return sale ? { ...product, sale } : product;
    }),
  };
}
