import type { Sale } from '@shop/shared/catalog';
import type { DiscountRule } from '@shop/shared/discounts';
import { salePriceOf, type SaleItem } from '@shop/shared/sale-prices';
import type { Database } from '../../db/client';
import { productSaleRules } from '../discounts/service';
import { findCollectionIdsOfProducts } from './repository';

/** The automatic discounts products show now, and what the listed products are in (decision 052). */
export interface ProductSales {
  rules: readonly DiscountRule[];
  collectionIds: ReadonlyMap<string, readonly string[]>;
}

export const NO_SALES: ProductSales = { rules: [], collectionIds: new Map() };

/**
 * Reads what pricing these products' sales needs: the rules (one prepared query), and their
 * collections only while a sale is for a collection.
 */
export async function readProductSales(
  db: Database,
  productIds: readonly string[],
  now: Date,
  /** The rules when the caller has read them already (a listing, for its sort and filters). */
  known?: readonly DiscountRule[],
): Promise<ProductSales> {
  const rules = known ?? (await productSaleRules(db, now));
  if (!rules.length) return NO_SALES;
  const byCollection = rules.some((rule) => rule.target?.collectionIds.length);
  return {
    rules,
    collectionIds: byCollection ? await findCollectionIdsOfProducts(db, productIds) : new Map(),
  };
}

/** The sale price of a product (variantId null) or of one of its variants, in dollars. */
export function saleOf(
  sales: ProductSales,
  item: Omit<SaleItem, 'collectionIds'>,
): Sale | undefined {
  if (!sales.rules.length) return undefined;
  const sale = salePriceOf(sales.rules, {
    ...item,
    collectionIds: sales.collectionIds.get(item.productId) ?? [],
  });
  return sale && { price: sale.priceCents / 100, title: sale.title };
}
