import { percentOf } from '@shop/shared/discounts';
import type { ListingFilters } from '@shop/shared/listing';
import type { Database } from '../../db/client';
import {
  FACTS_LIST_SEPARATOR,
  findListingFactsPage,
  findListingFactsSince,
  type FacetRow,
  type ListingFactsRow,
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

/**
 * A product's facts, its option values as numbers (`Interned`); a list is shared by every
 * product with the same list.
 */
interface Facts {
  id: string;
  /** The product's number (`products.number`): a search's matches are read as numbers. */
  number: number;
  listed: boolean;
  category: string;
  /** Its category as a number (`Interned`). */
  categoryId: number;
  priceCents: number;
  inStock: boolean;
  compareAtSale: boolean;
  collectionIds: readonly string[];
  options: OptionLists;
}

/**
 * A product's option values as numbers (`Interned`): one object for every product with the same
 * lists. A count of facets works out what its filters make of each object once, and keeps that
 * on it (`countedBy`): 16,667 hoodies in a few kinds share a few (decision 065).
 */
interface OptionLists {
  facets: Int32Array;
  stockFacets: Int32Array;
  /** Pairs in stock, flat: value, partner, value, partner… */
  stockPairs: Int32Array;
  optionCount: number;
  /** The count (`countFacets`) that last worked these lists out. */
  countedBy: number;
  /** Whether the lists pass that count's option filters. */
  passes: boolean;
  /** The option values a product with them counts for, each once; none if its variants must say. */
  counts: Int32Array | undefined;
}

/** Option values ('size=L') as numbers, with their option's number. */
class Interned {
  readonly names: string[] = [];
  readonly paramOf: number[] = [];
  private readonly ids = new Map<string, number>();
  private readonly params = new Map<string, number>();

  idOf(facet: string): number {
    let id = this.ids.get(facet);
    if (id === undefined) {
      id = this.names.length;
      this.ids.set(facet, id);
      this.names.push(facet);
      const param = facet.slice(0, facet.indexOf('='));
      let paramId = this.params.get(param);
      if (paramId === undefined) {
        paramId = this.params.size;
        this.params.set(param, paramId);
      }
      this.paramOf.push(paramId);
    }
    return id;
  }
  readonly categories: string[] = [];
  private readonly categoryIds = new Map<string, number>();
  categoryIdOf(category: string): number {
    let id = this.categoryIds.get(category);
    if (id === undefined) {
      id = this.categories.length;
      this.categoryIds.set(category, id);
      this.categories.push(category);
    }
    return id;
  }
  /** Flags by category number: those of `categories` the index knows. */
  categoryFlags(categories: readonly string[]): Uint8Array {
    const flags = new Uint8Array(this.categories.length);
    for (const category of categories) {
      const id = this.categoryIds.get(category);
      if (id !== undefined) flags[id] = 1;
    }
    return flags;
  }
  known(facet: string): number | undefined {
    return this.ids.get(facet);
  }
  paramId(param: string): number {
    return this.params.get(param) ?? -1;
  }
}

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

/** The products' facts as one read left them; a whole read builds another and swaps it in. */
class Catalog {
  readonly interned = new Interned();
  readonly products: (Facts | undefined)[] = [];
  readonly slotOf = new Map<string, number>();
  /** Each product's slot + 1 by its number (0: none): a search's matches are numbers. */
  private slotsByNumber = new Int32Array(1024);
  private readonly free: number[] = [];
  private readonly lists = new Map<string, Int32Array>();
  private readonly placed = new Map<string, Map<string, Int32Array>>();
  private shared = 0;
  private readonly strings = new Map<string, readonly string[]>();
  private readonly options = new Map<string, OptionLists>();

  put(row: ListingFactsRow) {
    const facts: Facts = {
      id: row.id,
      number: row.number,
      listed: row.listed,
      category: row.category ?? '',
      categoryId: this.interned.categoryIdOf(row.category ?? ''),
      priceCents: row.priceCents ?? 0,
      inStock: row.inStock,
      compareAtSale: row.compareAtSale,
      collectionIds: this.sharedStrings(row.collectionIds),
      options: this.sharedOptions(row),
    };
    const slot = this.slotOf.get(row.id) ?? this.free.pop() ?? this.products.length;
    this.slotOf.set(row.id, slot);
    this.products[slot] = facts;
    if (row.number >= this.slotsByNumber.length) {
      const grown = new Int32Array(Math.max(row.number + 1, 2 * this.slotsByNumber.length));
      grown.set(this.slotsByNumber);
      this.slotsByNumber = grown;
    }
    this.slotsByNumber[row.number] = slot + 1;
    // Lists no product holds any more are forgotten now and then: sharing is bounded.
    if (this.shared > 4 * this.slotOf.size + 1024) {
      this.lists.clear();
      this.placed.clear();
      this.strings.clear();
      this.options.clear();
      this.shared = 0;
    }
  }

  remove(id: string) {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.slotOf.delete(id);
    this.slotsByNumber[this.products[slot]!.number] = 0;
    this.products[slot] = undefined;
    this.free.push(slot);
  }

  /** The slot of the product with this number, if the index holds it. */
  slotOfNumber(number: number): number | undefined {
    const slot = this.slotsByNumber[number];
    return slot ? slot - 1 : undefined;
  }

  private sharedOptions(row: ListingFactsRow): OptionLists {
    const key = `${row.optionCount}\n${row.facets}\n${row.stockFacets}\n${row.stockPairs}`;
    let options = this.options.get(key);
    if (!options) {
      options = {
        facets: this.sharedIds(row.facets),
        stockFacets: this.sharedPlaces(row.facets, row.stockFacets),
        stockPairs: this.sharedPlaces(row.facets, row.stockPairs),
        optionCount: row.optionCount,
        countedBy: 0,
        passes: false,
        counts: undefined,
      };
      this.options.set(key, options);
      this.shared += 1;
    }
    return options;
  }

  /** One array for every equal list, read from its string and split only the first time. */
  private sharedIds(joined: string): Int32Array {
    let list = this.lists.get(joined);
    if (!list) {
      const facets = joined ? joined.split(FACTS_LIST_SEPARATOR) : [];
      list = Int32Array.from(facets, (facet) => this.interned.idOf(facet));
      this.lists.set(joined, list);
      this.shared += 1;
    }
    return list;
  }

  /**
   * Values given as their places in a product's list ('2,5', or pairs '2.5,5.2'), as one array
   * for every equal list and places: 100,000 products in a few kinds of tee share a few.
   */
  private sharedPlaces(facets: string, places: string): Int32Array {
    let byPlaces = this.placed.get(facets);
    if (!byPlaces) {
      byPlaces = new Map();
      this.placed.set(facets, byPlaces);
    }
    let list = byPlaces.get(places);
    if (!list) {
      const ids = this.sharedIds(facets);
      list = Int32Array.from(
        places ? places.split(/[.,]/) : [],
        (place) => ids[Number(place) - 1]!,
      );
      byPlaces.set(places, list);
      this.shared += 1;
    }
    return list;
  }

  private sharedStrings(joined: string): readonly string[] {
    let list = this.strings.get(joined);
    if (!list) {
      list = joined ? joined.split(FACTS_LIST_SEPARATOR) : [];
      this.strings.set(joined, list);
      this.shared += 1;
    }
    return list;
  }
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
    return countFacets(catalog.products, catalog.interned, this.collections, query, only);
  }
}

/** What the listing's sales make of a product: the price its card shows, and whether on sale. */
function salesOf(rules: readonly IndexSaleRule[]) {
  const covering = (target: NonNullable<IndexSaleRule['target']>) => {
    const products = new Set(target.productIds);
    return (facts: Facts) =>
      products.has(facts.id) || facts.collectionIds.some((id) => target.collectionIds.includes(id));
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
    cardCents(facts: Facts): number {
      if (!percents.length) return facts.priceCents;
      let percent = 0;
      for (const rule of percents)
        if (rule.percent > percent && (!rule.covers || rule.covers(facts))) percent = rule.percent;
      return facts.priceCents - (percent ? percentOf(facts.priceCents, percent) : 0);
    },
    /** As `onSaleSql`: a compare-at price, or a sale that covers it. */
    onSale(facts: Facts): boolean {
      if (forAll || facts.compareAtSale) return true;
      for (const covers of targets) if (covers(facts)) return true;
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
 * Counts the facets of a listing over these products, as the database counts them: each filter's
 * values among the products every other chosen filter leaves (decisions 057 and 060). Undefined
 * when a product needs its variants read (two options chosen, a third on the product).
 */
function countFacets(
  products: readonly (Facts | undefined)[],
  interned: Interned,
  collections: ReadonlyMap<string, { handle: string; name: string }>,
  query: IndexedListingQuery,
  /** The slots of a search's matches, the only ones it visits; else every product's. */
  only: Int32Array | undefined,
): FacetRow[] | undefined {
  const { scope, filters } = query;
  const values = interned.names.length;
  const sales = query.rules.length ? salesOf(query.rules) : undefined;
  const chosen = filters.options.map((option) => {
    const flags = new Uint8Array(values);
    for (const value of option.values) {
      const id = interned.known(`${option.param}=${value}`);
      if (id !== undefined) flags[id] = 1;
    }
    return { param: interned.paramId(option.param), flags };
  });
  const [first, second] = chosen;
  const scopeCategories = scope.categories?.length
    ? interned.categoryFlags(scope.categories)
    : undefined;
  const types = filters.types.length ? interned.categoryFlags(filters.types) : undefined;
  const chosenCollections = filters.collections.length
    ? new Set(
        [...collections]
          .filter(([, c]) => filters.collections.includes(c.handle))
          .map(([id]) => id),
      )
    : undefined;
  const { price } = filters;

  let inScope = 0;
  let total = 0;
  let inStock = 0;
  let onSale = 0;
  const typeCounts = new Int32Array(interned.categories.length);
  const typeSeen = new Uint8Array(interned.categories.length);
  const priceCounts = new Map<number, number>();
  const collectionCounts = new Map<string, number>();
  const optionCounts = new Int32Array(values);
  const seen = new Uint8Array(values);
  const place = new Int32Array(values).fill(0x7fffffff);
  const add = <K>(counts: Map<K, number>, key: K, counted: boolean) =>
    counts.set(key, (counts.get(key) ?? 0) + (counted ? 1 : 0));
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

  const visits = only ? only.length : products.length;
  for (let visit = 0; visit < visits; visit += 1) {
    const facts = products[only ? only[visit]! : visit];
    if (!facts?.listed) continue;
    if (scopeCategories && !scopeCategories[facts.categoryId]) continue;
    if (scope.collectionId && !facts.collectionIds.includes(scope.collectionId)) continue;
    inScope += 1;
    const lists = facts.options;
    if (lists.countedBy !== thisCount) workOut(lists);

    const cardCents = sales ? sales.cardCents(facts) : facts.priceCents;
    const saleNow = sales ? sales.onSale(facts) : facts.compareAtSale;
    const passType = !types || types[facts.categoryId] === 1;
    const passCollection =
      !chosenCollections || facts.collectionIds.some((id) => chosenCollections.has(id));
    const passPrice =
      !price ||
      ((price.minCents === null || cardCents >= price.minCents) &&
        (price.maxCents === null || cardCents < price.maxCents));
    const passStock = !filters.inStock || facts.inStock;
    const passSale = !filters.onSale || saleNow;
    const passOptions = lists.passes;
    failed = +!passType + +!passCollection + +!passPrice + +!passStock + +!passSale + +!passOptions;

    if (failed === 0) total += 1;
    typeSeen[facts.categoryId] = 1;
    if (allBut(passType)) typeCounts[facts.categoryId]! += 1;
    add(priceCounts, Math.trunc(cardCents / 100), allBut(passPrice));
    if (allBut(passStock) && facts.inStock) inStock += 1;
    if (allBut(passSale) && saleNow) onSale += 1;
    if (!scope.collectionId)
      for (const id of facts.collectionIds)
        if (collections.has(id)) add(collectionCounts, id, allBut(passCollection));
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
    ...interned.categories.flatMap((category, id) =>
      typeSeen[id] ? [row('type', category, typeCounts[id]!)] : [],
    ),
    ...[...priceCounts].map(([dollars, count]) => row('price', String(dollars), count)),
    row('in-stock', '', inStock),
    row('on-sale', '', onSale),
    ...[...collectionCounts].map(([id, count]) => {
      const collection = collections.get(id)!;
      return row('collection', collection.handle, count, collection.name);
    }),
  ];
  for (let id = 0; id < values; id += 1)
    if (seen[id])
      rows.push({
        ...row('option', interned.names[id]!, optionCounts[id]!),
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
