import { percentOf } from '@shop/shared/discounts';
import type { ListingFilters } from '@shop/shared/listing';
import type { Database } from '../../db/client';
import type { SearchMatches, TextQuery } from '../search/text-query';
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
 * variants) it leaves to the database. A search's matches are found among the products' words,
 * kept with their facts (decision 068).
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
    /** A search's matches (asked when needed): only these products are in scope. */
    searchMatches?: () => Promise<SearchMatches>;
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
    for (const { id, words } of changes.words) this.catalog.putWords(id, words);
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
    const [matches] = await Promise.all([query.scope.searchMatches?.(), this.catchUp()]);
    const { catalog } = this;
    const only = matches && slotsOf(catalog, matches);
    return countFacets(catalog, this.collections, query, only);
  }

  /** The numbers of the products whose words match the query, listed or not (what it counts). */
  async matchingNumbers(query: TextQuery): Promise<Int32Array> {
    await this.catchUp();
    const { catalog } = this;
    return catalog.slotsMatching(query).map((slot) => catalog.numberAt(slot));
  }
}

/** The slots of a search's matches: found by their words, or by the numbers the database read. */
function slotsOf(catalog: Catalog, matches: SearchMatches): Int32Array {
  if ('query' in matches) return catalog.slotsMatching(matches.query);
  const slots = new Int32Array(matches.numbers.length);
  let found = 0;
  for (const number of matches.numbers) {
    const slot = catalog.slotOfNumber(number);
    if (slot !== undefined) slots[found++] = slot;
  }
  return slots.subarray(0, found);
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
 * Whether a product counts for a filter's own values: it passes every other filter (`failed`:
 * how many it fails, `pass`: whether it passes this one).
 */
const allBut = (failed: number, pass: boolean) => failed === 0 || (failed === 1 && !pass);

/** A chosen option: its number, and its chosen values flagged by number. */
interface ChosenOption {
  param: number;
  flags: Uint8Array;
}

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
  const tally = new FacetTally(catalog, collections, query);
  return tally.visit(only ?? tally.categorySlots()) ? tally.rows() : undefined;
}

/**
 * One count's working: what it asks, as numbers, and what it has counted. Its parts are methods of
 * their own, so that the loop over 100,000 products is compiled apart from the rest (decision 066).
 */
class FacetTally {
  private readonly interned: Catalog['interned'];
  private readonly sales: ReturnType<typeof salesOf> | undefined;
  private readonly first: ChosenOption | undefined;
  private readonly second: ChosenOption | undefined;
  private readonly scopeCategories: Uint8Array | undefined;
  /** The option lists this count has worked out (`workOut`), whose tallies it adds at its end. */
  private readonly workedOut: OptionLists[] = [];
  private readonly types: Uint8Array | undefined;
  private readonly published: Uint8Array;
  private readonly chosenCollections: Uint8Array | undefined;
  /** The scope's collection as a number (-1: one no product is in), or none. */
  private readonly scopeCollection: number | undefined;
  private readonly minCents: number;
  private readonly maxCents: number;
  private readonly inStockOnly: boolean;
  private readonly onSaleOnly: boolean;

  private inScope = 0;
  private total = 0;
  private inStock = 0;
  private onSale = 0;
  private readonly typeCounts: Int32Array;
  private readonly typeSeen: Uint8Array;
  // By whole dollars: a card's price is its list price or less, so at most the dearest's.
  private readonly priceCounts: Int32Array;
  private readonly priceSeen: Uint8Array;
  private readonly pricesSeen: number[] = [];
  private readonly collectionCounts: Int32Array;
  private readonly collectionSeen: Uint8Array;
  private readonly optionCounts: Int32Array;
  private readonly seen: Uint8Array;
  private readonly place: Int32Array;
  private readonly stamp: Int32Array;
  private readonly number = (countsSoFar += 1);
  private worked = 0;

  constructor(
    private readonly catalog: Catalog,
    private readonly collections: ReadonlyMap<string, { handle: string; name: string }>,
    query: IndexedListingQuery,
  ) {
    const { scope, filters } = query;
    const interned = (this.interned = catalog.interned);
    const values = interned.values.names.length;
    const categories = interned.categories.names.length;
    this.sales = query.rules.length ? salesOf(query.rules, catalog) : undefined;
    [this.first, this.second] = filters.options.map((option) => ({
      param: interned.paramId(option.param),
      flags: interned.values.flags(option.values.map((value) => `${option.param}=${value}`)),
    }));
    this.scopeCategories = scope.categories?.length
      ? interned.categories.flags(scope.categories)
      : undefined;
    this.types = filters.types.length ? interned.categories.flags(filters.types) : undefined;
    // Collections by number: those published (`collections`), those chosen, the scope's.
    const collectionIds = interned.collections.names;
    this.published = new Uint8Array(collectionIds.length);
    const chosen = filters.collections.length ? new Uint8Array(collectionIds.length) : undefined;
    collectionIds.forEach((id, n) => {
      const collection = collections.get(id);
      if (!collection) return;
      this.published[n] = 1;
      if (chosen && filters.collections.includes(collection.handle)) chosen[n] = 1;
    });
    this.chosenCollections = chosen;
    this.scopeCollection = scope.collectionId
      ? (interned.collections.known(scope.collectionId) ?? -1)
      : undefined;
    this.minCents = filters.price?.minCents ?? -Infinity;
    this.maxCents = filters.price?.maxCents ?? Infinity;
    this.inStockOnly = filters.inStock;
    this.onSaleOnly = filters.onSale;
    this.typeCounts = new Int32Array(categories);
    this.typeSeen = new Uint8Array(categories);
    this.priceCounts = new Int32Array(catalog.maxDollars + 1);
    this.priceSeen = new Uint8Array(catalog.maxDollars + 1);
    this.collectionCounts = new Int32Array(collectionIds.length);
    this.collectionSeen = new Uint8Array(collectionIds.length);
    this.optionCounts = new Int32Array(values);
    this.seen = new Uint8Array(values);
    this.place = new Int32Array(values).fill(0x7fffffff);
    this.stamp = new Int32Array(values);
  }

  /** The slots of the scope's categories, if it names some: the only ones a count need visit. */
  categorySlots(): Int32Array | undefined {
    return this.scopeCategories && this.catalog.slotsIn(this.scopeCategories);
  }

  /**
   * Counts the products in scope, of these slots or of all (false: one needs its variants read,
   * and nothing is counted).
   */
  visit(only: Int32Array | undefined): boolean {
    const { flags, categoryOf, priceOf, optionsOf, collectionsOf } = this.catalog;
    const { sales, scopeCategories, scopeCollection, types, chosenCollections } = this;
    const { published, typeCounts, typeSeen, priceCounts, priceSeen, pricesSeen } = this;
    const { collectionCounts, collectionSeen, optionCounts, minCents, maxCents } = this;
    const visits = only ? only.length : this.catalog.size;
    for (let visit = 0; visit < visits; visit += 1) {
      const slot = only ? only[visit]! : visit;
      const flag = flags[slot]!;
      if (!(flag & LISTED)) continue;
      const category = categoryOf[slot]!;
      if (scopeCategories && !scopeCategories[category]) continue;
      const inCollections = collectionsOf[slot]!;
      if (scopeCollection !== undefined && !inCollections.includes(scopeCollection)) continue;
      this.inScope += 1;
      const lists = optionsOf[slot]!;
      if (lists.countedBy !== this.number) this.workOut(lists);

      const cardCents = sales ? sales.cardCents(slot) : priceOf[slot]!;
      const saleNow = sales ? sales.onSale(slot) : (flag & COMPARE_AT_SALE) !== 0;
      const stocked = (flag & IN_STOCK) !== 0;
      const passType = !types || types[category] === 1;
      const passCollection = !chosenCollections || hasAny(inCollections, chosenCollections);
      const passPrice = cardCents >= minCents && cardCents < maxCents;
      const passStock = !this.inStockOnly || stocked;
      const passSale = !this.onSaleOnly || saleNow;
      const passOptions = lists.passes;
      const failed =
        +!passType + +!passCollection + +!passPrice + +!passStock + +!passSale + +!passOptions;

      if (failed === 0) this.total += 1;
      typeSeen[category] = 1;
      if (allBut(failed, passType)) typeCounts[category]! += 1;
      const dollars = Math.trunc(cardCents / 100);
      if (!priceSeen[dollars]) {
        priceSeen[dollars] = 1;
        pricesSeen.push(dollars);
      }
      if (allBut(failed, passPrice)) priceCounts[dollars]! += 1;
      if (allBut(failed, passStock) && stocked) this.inStock += 1;
      if (allBut(failed, passSale) && saleNow) this.onSale += 1;
      if (scopeCollection === undefined) {
        const counted = allBut(failed, passCollection) ? 1 : 0;
        for (let n = 0; n < inCollections.length; n += 1) {
          const collection = inCollections[n]!;
          if (!published[collection]) continue;
          collectionSeen[collection] = 1;
          collectionCounts[collection]! += counted;
        }
      }
      if (!allBut(failed, passOptions)) continue;
      if (!lists.counts) return false;
      lists.tally += 1;
    }
    // Each list's values, once for every product with it that counts for them.
    for (const { counts, tally } of this.workedOut)
      if (counts && tally)
        for (let n = 0; n < counts.length; n += 1) optionCounts[counts[n]!]! += tally;
    return true;
  }

  /** Works out what the filters make of a list (`OptionLists`), once in this count. */
  private workOut(lists: OptionLists) {
    const { first, second, seen, place, stamp } = this;
    const { paramOf } = this.interned;
    const { facets, stockFacets, stockPairs } = lists;
    // A value's place: its first in any product's list (1 for the first).
    for (let n = 0; n < facets.length; n += 1) {
      const id = facets[n]!;
      seen[id] = 1;
      if (n + 1 < place[id]!) place[id] = n + 1;
    }
    // Each value once for the list in hand (`mark`).
    const mark = (this.worked += 1);
    const ids: number[] = [];
    const count = (id: number) => {
      if (stamp[id] === mark) return;
      stamp[id] = mark;
      ids.push(id);
    };
    lists.countedBy = this.number;
    lists.tally = 0;
    this.workedOut.push(lists);
    lists.passes = !first
      ? true
      : !second
        ? hasAny(stockFacets, first.flags)
        : hasPair(stockPairs, first.flags, second.flags);
    if (!first) {
      for (let n = 0; n < stockFacets.length; n += 1) count(stockFacets[n]!);
    } else if (!second) {
      for (let n = 0; n < stockFacets.length; n += 1)
        if (paramOf[stockFacets[n]!] === first.param) count(stockFacets[n]!);
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
        const param = paramOf[value];
        if (
          (param === first.param && second.flags[partner]) ||
          (param === second.param && first.flags[partner])
        )
          count(value);
      }
    }
    lists.counts = Int32Array.from(ids);
  }

  /** The facet rows, as `listingFacetsSql` answers them. */
  rows(): FacetRow[] {
    const { interned, collections } = this;
    const row = (facet: FacetRow['facet'], value: string, count: number, label = ''): FacetRow => ({
      facet,
      value,
      label,
      count,
      optionOrder: 0,
      valueOrder: 0,
    });
    const rows = [
      row('scope', '', this.inScope),
      row('total', '', this.total),
      row('in-stock', '', this.inStock),
      row('on-sale', '', this.onSale),
    ];
    interned.categories.names.forEach((category, id) => {
      if (this.typeSeen[id]) rows.push(row('type', category, this.typeCounts[id]!));
    });
    for (const dollars of this.pricesSeen)
      rows.push(row('price', String(dollars), this.priceCounts[dollars]!));
    interned.collections.names.forEach((id, n) => {
      if (!this.collectionSeen[n]) return;
      const collection = collections.get(id)!;
      rows.push(row('collection', collection.handle, this.collectionCounts[n]!, collection.name));
    });
    interned.values.names.forEach((name, id) => {
      if (!this.seen[id]) return;
      const place = this.place[id]!;
      rows.push({
        ...row('option', name, this.optionCounts[id]!),
        optionOrder: place,
        valueOrder: place,
      });
    });
    return rows;
  }
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
