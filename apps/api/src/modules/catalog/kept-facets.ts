import type { DiscountRule } from '@shop/shared/discounts';
import { isFiltered } from '@shop/shared/listing';
import { salePriceOf } from '@shop/shared/sale-prices';
import type { Database } from '../../db/client';
import {
  findKeptFacets,
  findSaleTargets,
  keptScopesOf,
  type FacetRow,
  type KeptFacetRow,
  type ListingQuery,
  type SaleTargetRow,
} from './listing-repository';

/*
 * The listings' facets from the counts the database keeps (decision 059): which listings they
 * serve, and how the kept counts become the rows a live count would give.
 */

export { foldKeptFacets } from './listing-repository';

/**
 * The facets of a listing with no filter chosen but 'In stock only' (the home list, a category,
 * a collection), read from the counts the database keeps (decision 059) instead of counting the
 * scope's products; undefined for a search or when another filter is chosen. The counts know
 * list prices and compare-at prices: a sale for the whole shop prices them all alike, here; a
 * sale on some products or collections corrects them by the products it covers, read apart.
 */
export async function keptFacetsOf(
  db: Database,
  query: ListingQuery,
  rules: readonly DiscountRule[],
): Promise<FacetRow[] | undefined> {
  const { inStock } = query.filters;
  if (isFiltered({ ...query.filters, inStock: false })) return undefined;
  const scopes = keptScopesOf(query.scope);
  if (!scopes) return undefined;
  const targets = rules.flatMap((rule) => (rule.target ? [rule.target] : []));
  const kept = await findKeptFacets(db, scopes, inStock);
  const covered = targets.length ? await findSaleTargets(db, query, targets) : [];
  const wholeShop = rules.filter((rule) => rule.target === null);
  return facetRowsOfKept(kept, wholeShop, covered, {
    inCollection: Boolean(query.scope.collectionId),
    inStock,
  });
}

/**
 * The kept counts as the live facets' rows: prices under the whole-shop sale, then moved for the
 * products a narrower sale covers; options in the products' order.
 */
function facetRowsOfKept(
  kept: readonly KeptFacetRow[],
  wholeShopRules: readonly DiscountRule[],
  covered: readonly SaleTargetRow[],
  listing: { inCollection: boolean; inStock: boolean },
): FacetRow[] {
  const row = (facet: FacetRow['facet'], value: string, count: number, label = '', order = 0) => ({
    facet,
    value,
    label,
    count,
    optionOrder: order,
    valueOrder: order,
  });
  // The whole scope's counts, and those the listing's filter leaves: with 'In stock only', the
  // in-stock products' own. A value the scope has and the filter leaves none of shows at 0.
  const of = (facet: KeptFacetRow['facet'], inStockOnly = false) =>
    kept.filter((item) => item.facet === facet && item.inStockOnly === inStockOnly);
  const narrowed = (facet: KeptFacetRow['facet']) => of(facet, listing.inStock);
  const scope = of('total')[0]?.count ?? 0;
  const total = narrowed('total')[0]?.count ?? 0;
  const wholeShopPrice = (cents: number) =>
    salePriceOf(wholeShopRules, {
      priceCents: cents,
      productId: '',
      variantId: null,
      collectionIds: [],
    })?.priceCents ?? cents;
  /** Products by the dollar of the price their cards show: kept list prices, moved by the sales. */
  const dollarsOf = (prices: readonly KeptFacetRow[], fixes: readonly SaleTargetRow[]) => {
    const dollars = new Map<number, number>();
    const add = (cents: number, count: number) => {
      const dollar = Math.floor(cents / 100);
      const sum = (dollars.get(dollar) ?? 0) + count;
      if (sum) dollars.set(dollar, sum);
      else dollars.delete(dollar);
    };
    for (const { value, count } of prices) add(wholeShopPrice(Number(value)), count);
    for (const { listCents, cardCents } of fixes) {
      add(wholeShopPrice(listCents), -1);
      add(cardCents, 1);
    }
    return dollars;
  };
  const fixes = listing.inStock ? covered.filter((item) => item.inStock) : covered;
  const dollars = dollarsOf(narrowed('price'), fixes);
  const countsOf = (facet: KeptFacetRow['facet']) =>
    new Map(narrowed(facet).map((item) => [item.value, item.count]));
  const types = countsOf('type');
  const collections = countsOf('collection');
  // Every product a sale covers is on sale; the kept count has those with a compare-at price.
  const onSale = wholeShopRules.length
    ? total
    : (narrowed('on-sale')[0]?.count ?? 0) + fixes.filter((item) => !item.compareAtSale).length;
  const inStock = new Map(of('option').map((item) => [item.value, item.count]));
  const firstPlace = new Map<string, number>();
  for (const { value, position } of of('option-at'))
    firstPlace.set(value, Math.min(position, firstPlace.get(value) ?? position));
  return [
    row('scope', '', scope),
    row('total', '', total),
    ...of('type').map((item) => row('type', item.value, types.get(item.value) ?? 0)),
    ...[...dollarsOf(of('price'), covered).keys()].map((dollar) =>
      row('price', String(dollar), dollars.get(dollar) ?? 0),
    ),
    row('in-stock', '', of('in-stock')[0]?.count ?? 0),
    row('on-sale', '', onSale),
    ...(listing.inCollection
      ? []
      : of('collection').map((item) =>
          row('collection', item.value, collections.get(item.value) ?? 0, item.label),
        )),
    ...[...firstPlace].map(([value, place]) =>
      row('option', value, inStock.get(value) ?? 0, '', place),
    ),
  ];
}
