import { percentOf } from '@shop/shared/discounts';
import type { ListingFilters } from '@shop/shared/listing';
import type { Database } from '../../db/client';
import { COMPARE_AT_SALE, Catalog, IN_STOCK, LISTED, type OptionLists } from './listing-catalog';
import {
  findListingFactsPage,
  findListingFactsSince,
  type FacetRow,
  type ListingScope,
} from './listing-repository';

/*
 * The listings' facts in memory (decision 061): each product's kept facts (`product_in_stock`),
 * read whole once and then, before each filtered listing, the rows written since the oldest
 * transaction the last read could not see. A filtered listing's facets are counted here in one
 * pass over the products, as `listingFacetsSql` counts them in the database: the same rows,
 * without PostgreSQL unpacking 16,000 products' arrays for a category at 100,000 products. What
 * it cannot count (three options chosen; two where a product of the scope has a third; a sale on
 * variants) it leaves to the database. A search's matches come from the database as ids.
 */

/** Rows of a whole read at a time: small pages die young, and the heap grows less (061). */
const PAGE = 500;
/** After this long without a read, the index reads everything again rather than the changes. */
const STALE_MS = 60 * 60 * 1000;

/** The sales running now, as the listing prices and marks its products with them. */
export interface IndexSaleRule {
  percent: number | null;
  target: {
    productIds: readonly string[];
    variantIds: readonly string[];
    collectionIds: readonly string[];
  } | null;
}

export interface IndexedListingQuery {
  scope: Pick<ListingScope, 'categories' | 'collectionId'> & {
    /** A search's matches (their numbers, read when asked): only these products are in scope. */
    matchNumbers?: () => Promise<readonly number[]>;
  };
  filters: ListingFilters;
  rules: readonly IndexSaleRule[];
}

export class ListingIndex {
  private catalog = new Catalog();
  private collections = new Map<string, { handle: string; name: string }>();
  private since: string | undefined;
  private readAt = -Infinity;
  private running: Promise<void> | undefined;
  private queued: Promise<void> | undefined;

  constructor(
    private readonly db: Database,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Reads what was written since the last read, and waits until a read that started after this
   * call has been applied: a listing asked after a write commits counts it. Calls made while a
   * read runs share the next one.
   */
  catchUp(): Promise<void> {
    if (!this.running) {
      this.running = this.read().finally(() => {
        this.running = undefined;
      });
      return this.running;
    }
    this.queued ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined;
        return this.catchUp();
      });
    return this.queued;
  }

  private async read(): Promise<void> {
    const whole = this.since === undefined || this.now() - this.readAt > STALE_MS;
    // A whole read starts from the xmin of its first statement: whatever its pages miss was
    // written by a transaction at or after it, and the next read reads that again. It is built
    // apart and swapped in whole: a listing counted meanwhile sees the last read's products.
    const changes = await findListingFactsSince(this.db, whole ? undefined : this.since);
    if (whole) {
      const next = new Catalog();
      for (let after: string | undefined; ;) {
        const page = await findListingFactsPage(this.db, after, PAGE);
        for (const row of page) next.put(row);
        if (page.length < PAGE) break;
        after = page.at(-1)!.id;
      }
      this.catalog = next;
    }
    for (const row of changes.rows) this.catalog.put(row);
    for (const id of changes.gone) this.catalog.remove(id);
    this.collections = new Map(
      changes.collections.map(({ id, handle, name }) => [id, { handle, name }]),
    );
    this.since = changes.xmin;
    this.readAt = this.now();
  }

  /** The listing's facet rows as `listingFacetsSql` answers them, or undefined if it cannot say. */
  async facets(query: IndexedListingQuery): Promise<FacetRow[] | undefined> {
    if (
      query.filters.options.length > 2 ||
      query.rules.some((rule) => rule.target?.variantIds.length)
    )
      return undefined;
    const [numbers] = await Promise.all([query.scope.matchNumbers?.(), this.catchUp()]);
    const { catalog } = this;
    let only: Int32Array | undefined;
    if (numbers) {
      const slots = new Int32Array(numbers.length);
      let found = 0;
      for (const number of numbers) {
        const slot = catalog.slotOfNumber(number);
        if (slot !== undefined) slots[found++] = slot;
      }
      only = slots.subarray(0, found);
    }
    return countFacets(catalog, this.collections, query, only);
  }
}

/** What the listing's sales make of a product: the price its card shows, and whether on sale. */
function salesOf(rules: readonly IndexSaleRule[], catalog: Catalog) {
  const { ids, collectionsOf, priceOf, flags, interned } = catalog;
  const covering = (target: NonNullable<IndexSaleRule['target']>) => {
    const products = new Set(target.productIds);
    const collections = interned.collections.flags(target.collectionIds);
    return (slot: number) => products.has(ids[slot]!) || hasAny(collectionsOf[slot]!, collections);
  };
  const forAll = rules.some((rule) => rule.target === null);
  const targets = rules.flatMap((rule) => (rule.target ? [covering(rule.target)] : []));
  const percents = rules
    .filter((rule) => rule.percent)
    .map((rule) => ({
      percent: rule.percent!,
      covers: rule.target ? covering(rule.target) : null,
    }));
  return {
    /** As `cardPriceSql`: the list price less the largest percentage off that covers it. */
    cardCents(slot: number): number {
      const cents = priceOf[slot]!;
      if (!percents.length) return cents;
      let percent = 0;
      for (const rule of percents)
        if (rule.percent > percent && (!rule.covers || rule.covers(slot))) percent = rule.percent;
      return cents - (percent ? percentOf(cents, percent) : 0);
    },
    /** As `onSaleSql`: a compare-at price, or a sale that covers it. */
    onSale(slot: number): boolean {
      if (forAll || flags[slot]! & COMPARE_AT_SALE) return true;
      for (const covers of targets) if (covers(slot)) return true;
      return false;
    },
  };
}

const hasAny = (values: Int32Array, chosen: Uint8Array) => {
  for (let n = 0; n < values.length; n += 1) if (chosen[values[n]!]) return true;
  return false;
};
const hasPair = (pairs: Int32Array, first: Uint8Array, second: Uint8Array) => {
  for (let n = 0; n < pairs.length; n += 2)
    if (first[pairs[n]!] && second[pairs[n + 1]!]) return true;
  return false;
};

/** The counts of facets so far: each marks the option lists it has worked out (`countedBy`). */
let countsSoFar = 0;

/**
 * Counts the facets of a listing over the catalog's products, as the database counts them: each
 * filter's values among the products every other chosen filter leaves (decisions 057 and 060).
 * Undefined when a product needs its variants read (two options chosen, a third on the product).
 */
function countFacets(
  catalog: Catalog,
  collections: ReadonlyMap<string, { handle: string; name: string }>,
  query: IndexedListingQuery,
  /** The slots of a search's matches, the only ones it visits; else every product's. */
  only: Int32Array | undefined,
): FacetRow[] | undefined {
  const { scope, filters } = query;
  const { interned, flags, categoryOf, priceOf, optionsOf, collectionsOf } = catalog;
  const values = interned.values.names.length;
  const categories = interned.categories.names;
  const sales = query.rules.length ? salesOf(query.rules, catalog) : undefined;
  const chosen = filters.options.map((option) => ({
    param: interned.paramId(option.param),
    flags: interned.values.flags(option.values.map((value) => `${option.param}=${value}`)),
  }));
  const [first, second] = chosen;
  const scopeCategories = scope.categories?.length
    ? interned.categories.flags(scope.categories)
    : undefined;
  const types = filters.types.length ? interned.categories.flags(filters.types) : undefined;
  // Collections by number: those published (`collections`), those chosen, the scope's.
  const collectionIds = interned.collections.names;
  const published = new Uint8Array(collectionIds.length);
  const chosenCollections = filters.collections.length
    ? new Uint8Array(collectionIds.length)
    : undefined;
  collectionIds.forEach((id, n) => {
    const collection = collections.get(id);
    if (!collection) return;
    published[n] = 1;
    if (chosenCollections && filters.collections.includes(collection.handle))
      chosenCollections[n] = 1;
  });
  const scopeCollection = scope.collectionId
    ? (interned.collections.known(scope.collectionId) ?? -1)
    : undefined;
  const { price } = filters;

  let inScope = 0;
  let total = 0;
  let inStock = 0;
  let onSale = 0;
  const typeCounts = new Int32Array(categories.length);
  const typeSeen = new Uint8Array(categories.length);
  // By whole dollars: a card's price is its list price or less, so at most the dearest's.
  const priceCounts = new Int32Array(catalog.maxDollars + 1);
  const priceSeen = new Uint8Array(catalog.maxDollars + 1);
  const pricesSeen: number[] = [];
  const collectionCounts = new Int32Array(collectionIds.length);
  const collectionSeen = new Uint8Array(collectionIds.length);
  const optionCounts = new Int32Array(values);
  const seen = new Uint8Array(values);
  const place = new Int32Array(values).fill(0x7fffffff);
  const thisCount = (countsSoFar += 1);
  const stamp = new Int32Array(values);
  let worked = 0;
  /** Works out what the filters make of a list (`OptionLists`), once in this count. */
  const workOut = (lists: OptionLists) => {
    const { facets, stockFacets, stockPairs } = lists;
    // A value's place: its first in any product's list (1 for the first).
    for (let n = 0; n < facets.length; n += 1) {
      const id = facets[n]!;
      seen[id] = 1;
      if (n + 1 < place[id]!) place[id] = n + 1;
    }
    // Each value once for the list in hand (`mark`).
    const mark = (worked += 1);
    const ids: number[] = [];
    const count = (id: number) => {
      if (stamp[id] === mark) return;
      stamp[id] = mark;
      ids.push(id);
    };
    lists.countedBy = thisCount;
    lists.passes = !first
      ? true
      : !second
        ? hasAny(stockFacets, first.flags)
        : hasPair(stockPairs, first.flags, second.flags);
    if (!first) {
      for (let n = 0; n < stockFacets.length; n += 1) count(stockFacets[n]!);
    } else if (!second) {
      for (let n = 0; n < stockFacets.length; n += 1)
        if (interned.paramOf[stockFacets[n]!] === first.param) count(stockFacets[n]!);
      for (let n = 0; n < stockPairs.length; n += 2)
        if (first.flags[stockPairs[n + 1]!]) count(stockPairs[n]!);
    } else if (lists.optionCount > 2) {
      // Only its variants can say which of its values go with the chosen ones.
      if (hasAny(stockFacets, first.flags) || hasAny(stockFacets, second.flags)) {
        lists.counts = undefined;
        return;
      }
    } else {
      for (let n = 0; n < stockPairs.length; n += 2) {
        const value = stockPairs[n]!;
        const partner = stockPairs[n + 1]!;
        const param = interned.paramOf[value];
        if (
          (param === first.param && second.flags[partner]) ||
          (param === second.param && first.flags[partner])
        )
          count(value);
      }
    }
    lists.counts = Int32Array.from(ids);
  };
  let failed = 0;
  /** Passes every filter but this one (whose own values it counts for). */
  const allBut = (pass: boolean) => failed === 0 || (failed === 1 && !pass);

  const visits = only ? only.length : catalog.size;
  for (let visit = 0; visit < visits; visit += 1) {
    const slot = only ? only[visit]! : visit;
    const flag = flags[slot]!;
    if (!(flag & LISTED)) continue;
    const category = categoryOf[slot]!;
    if (scopeCategories && !scopeCategories[category]) continue;
    const inCollections = collectionsOf[slot]!;
    if (scopeCollection !== undefined && !inCollections.includes(scopeCollection)) continue;
    inScope += 1;
    const lists = optionsOf[slot]!;
    if (lists.countedBy !== thisCount) workOut(lists);

    const cardCents = sales ? sales.cardCents(slot) : priceOf[slot]!;
    const saleNow = sales ? sales.onSale(slot) : (flag & COMPARE_AT_SALE) !== 0;
    const stocked = (flag & IN_STOCK) !== 0;
    const passType = !types || types[category] === 1;
    const passCollection = !chosenCollections || hasAny(inCollections, chosenCollections);
    const passPrice =
      !price ||
      ((price.minCents === null || cardCents >= price.minCents) &&
        (price.maxCents === null || cardCents < price.maxCents));
    const passStock = !filters.inStock || stocked;
    const passSale = !filters.onSale || saleNow;
    const passOptions = lists.passes;
    failed = +!passType + +!passCollection + +!passPrice + +!passStock + +!passSale + +!passOptions;

    if (failed === 0) total += 1;
    typeSeen[category] = 1;
    if (allBut(passType)) typeCounts[category]! += 1;
    const dollars = Math.trunc(cardCents / 100);
    if (!priceSeen[dollars]) {
      priceSeen[dollars] = 1;
      pricesSeen.push(dollars);
    }
    if (allBut(passPrice)) priceCounts[dollars]! += 1;
    if (allBut(passStock) && stocked) inStock += 1;
    if (allBut(passSale) && saleNow) onSale += 1;
    if (scopeCollection === undefined) {
      const collectionCounted = allBut(passCollection) ? 1 : 0;
      for (let n = 0; n < inCollections.length; n += 1) {
        const collection = inCollections[n]!;
        if (!published[collection]) continue;
        collectionSeen[collection] = 1;
        collectionCounts[collection]! += collectionCounted;
      }
    }
    if (!allBut(passOptions)) continue;
    const { counts } = lists;
    if (!counts) return undefined;
    for (let n = 0; n < counts.length; n += 1) optionCounts[counts[n]!]! += 1;
  }

  const row = (facet: FacetRow['facet'], value: string, count: number, label = ''): FacetRow => ({
    facet,
    value,
    label,
    count,
    optionOrder: 0,
    valueOrder: 0,
  });
  const rows = [
    row('scope', '', inScope),
    row('total', '', total),
    ...categories.flatMap((category, id) =>
      typeSeen[id] ? [row('type', category, typeCounts[id]!)] : [],
    ),
    ...pricesSeen.map((dollars) => row('price', String(dollars), priceCounts[dollars]!)),
    row('in-stock', '', inStock),
    row('on-sale', '', onSale),
  ];
  for (let n = 0; n < collectionIds.length; n += 1)
    if (collectionSeen[n]) {
      const collection = collections.get(collectionIds[n]!)!;
      rows.push(row('collection', collection.handle, collectionCounts[n]!, collection.name));
    }
  const names = interned.values.names;
  for (let id = 0; id < values; id += 1)
    if (seen[id])
      rows.push({
        ...row('option', names[id]!, optionCounts[id]!),
        optionOrder: place[id]!,
        valueOrder: place[id]!,
      });
  return rows;
}

const indexes = new WeakMap<Database, ListingIndex>();

/** The listing index of this database's process. */
export function listingIndexOf(db: Database): ListingIndex {
  let index = indexes.get(db);
  if (!index) {
    index = new ListingIndex(db);
    indexes.set(db, index);
  }
  return index;
}
