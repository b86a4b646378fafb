import type { TextQuery } from '../search/text-query';
import { FACTS_LIST_SEPARATOR, type ListingFactsRow } from './listing-repository';
import { ProductWords } from './listing-words';

/*
 * The listing index's products (decisions 061, 065 and 066): each product's kept facts, by slot, in
 * columns. A count of a listing's facets reads a flag, a category and a price per product from
 * typed arrays, and one of a few shared objects for its options, rather than 100,000 objects
 * scattered over the heap. Strings become numbers once, when a product is put.
 */

/** Bits of `Catalog.flags`: a free slot has none. */
export const LISTED = 1;
export const IN_STOCK = 2;
export const COMPARE_AT_SALE = 4;

/**
 * A product's option values as numbers (`Interned`): one object for every product with the same
 * lists. A count of facets works out what its filters make of each object once, and keeps that
 * on it (`countedBy`): 16,667 hoodies in a few kinds share a few (decision 065).
 */
export interface OptionLists {
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
  /** How many products with them count for their values in that count, added once at its end. */
  tally: number;
}

/** Strings as numbers, in the order first seen. */
class Numbered {
  readonly names: string[] = [];
  private readonly ids = new Map<string, number>();

  idOf(name: string): number {
    let id = this.ids.get(name);
    if (id === undefined) {
      id = this.names.length;
      this.ids.set(name, id);
      this.names.push(name);
    }
    return id;
  }
  known(name: string): number | undefined {
    return this.ids.get(name);
  }
  /** Flags by number: those of `names` that are known. */
  flags(names: Iterable<string>): Uint8Array {
    const flags = new Uint8Array(this.names.length);
    for (const name of names) {
      const id = this.ids.get(name);
      if (id !== undefined) flags[id] = 1;
    }
    return flags;
  }
}

/** Option values ('size=L') as numbers, with their option's number; categories and collections too. */
export class Interned {
  readonly values = new Numbered();
  readonly paramOf: number[] = [];
  private readonly params = new Numbered();
  readonly categories = new Numbered();
  /** Collections by id. */
  readonly collections = new Numbered();

  valueOf(facet: string): number {
    const known = this.values.known(facet);
    if (known !== undefined) return known;
    this.paramOf.push(this.params.idOf(facet.slice(0, facet.indexOf('='))));
    return this.values.idOf(facet);
  }
  paramId(param: string): number {
    return this.params.known(param) ?? -1;
  }
}

/** The products' facts as one read left them; a whole read builds another and swaps it in. */
export class Catalog {
  readonly interned = new Interned();
  /** Each slot's product id; undefined when the slot is free. */
  readonly ids: (string | undefined)[] = [];
  flags = new Uint8Array(1024);
  categoryOf = new Int32Array(1024);
  priceOf = new Int32Array(1024);
  private numberOf = new Int32Array(1024);
  readonly optionsOf: OptionLists[] = [];
  /** Each slot's collections, as numbers (`Interned.collections`). */
  readonly collectionsOf: Int32Array[] = [];
  /** The whole dollars of the highest price put. */
  maxDollars = 0;
  private readonly slotOf = new Map<string, number>();
  /** Each product's slot + 1 by its number (0: none): a search's matches are numbers. */
  private slotsByNumber = new Int32Array(1024);
  private readonly free: number[] = [];
  /** Each category's slots (by its number), as of `categoriesAt`; counts visit these. */
  private categorySlots: Int32Array[] = [];
  private categoriesAt = -1;
  /** Changes when a slot takes a product or a product another category. */
  private categoriesChanged = 0;
  private readonly lists = new Map<string, Int32Array>();
  private readonly placed = new Map<string, Map<string, Int32Array>>();
  private shared = 0;
  private readonly collectionLists = new Map<string, Int32Array>();
  private readonly options = new Map<string, OptionLists>();
  /** Each slot's search words: a search's matches are found among them (decision 068). */
  private readonly words = new ProductWords();

  /** Slots in use or free: a count visits slots below this. */
  get size(): number {
    return this.ids.length;
  }

  put(row: ListingFactsRow) {
    const held = this.slotOf.get(row.id);
    const slot = held ?? this.free.pop() ?? this.ids.length;
    if (slot >= this.flags.length) this.grow(2 * this.flags.length);
    this.slotOf.set(row.id, slot);
    this.ids[slot] = row.id;
    const category = this.interned.categories.idOf(row.category ?? '');
    if (held === undefined || this.categoryOf[slot] !== category) this.categoriesChanged += 1;
    this.categoryOf[slot] = category;
    const priceCents = row.priceCents ?? 0;
    this.flags[slot] =
      (row.listed ? LISTED : 0) |
      (row.inStock ? IN_STOCK : 0) |
      (row.compareAtSale ? COMPARE_AT_SALE : 0);
    this.priceOf[slot] = priceCents;
    this.maxDollars = Math.max(this.maxDollars, Math.trunc(priceCents / 100));
    this.numberOf[slot] = row.number;
    this.optionsOf[slot] = this.sharedOptions(row);
    this.collectionsOf[slot] = this.sharedCollections(row.collectionIds);
    if (row.number >= this.slotsByNumber.length) {
      const grown = new Int32Array(Math.max(row.number + 1, 2 * this.slotsByNumber.length));
      grown.set(this.slotsByNumber);
      this.slotsByNumber = grown;
    }
    this.slotsByNumber[row.number] = slot + 1;
    this.words.set(slot, row.words);
    // Lists no product holds any more are forgotten now and then: sharing is bounded.
    if (this.shared > 4 * this.slotOf.size + 1024) {
      this.lists.clear();
      this.placed.clear();
      this.collectionLists.clear();
      this.options.clear();
      this.shared = 0;
    }
  }

  remove(id: string) {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.slotOf.delete(id);
    this.slotsByNumber[this.numberOf[slot]!] = 0;
    this.ids[slot] = undefined;
    this.flags[slot] = 0;
    this.words.set(slot, null);
    this.free.push(slot);
  }

  /** A product's search words, written apart from its facts (a name, a description). */
  putWords(id: string, words: string | null) {
    const slot = this.slotOf.get(id);
    // A product the index does not hold yet brings its words with its facts.
    if (slot !== undefined) this.words.set(slot, words);
  }

  /** The slots of the products a search's words match (listed or not), ascending. */
  slotsMatching(query: TextQuery): Int32Array {
    return this.words.matching(query);
  }

  /** The number of the product in a slot. */
  numberAt(slot: number): number {
    return this.numberOf[slot]!;
  }

  /**
   * The slots of the products in the flagged categories (by number): a count of a category's
   * listing visits its 16,667 slots, not all 100,000. Worked out again after a product took a
   * slot or changed category; a freed slot stays in its list until then (its flags say it is).
   */
  slotsIn(categories: Uint8Array): Int32Array {
    if (this.categoriesAt !== this.categoriesChanged) {
      const sizes = new Int32Array(this.interned.categories.names.length);
      for (let slot = 0; slot < this.size; slot += 1) sizes[this.categoryOf[slot]!]! += 1;
      const lists = Array.from(sizes, (size) => new Int32Array(size));
      sizes.fill(0);
      for (let slot = 0; slot < this.size; slot += 1) {
        const category = this.categoryOf[slot]!;
        lists[category]![sizes[category]!++] = slot;
      }
      this.categorySlots = lists;
      this.categoriesAt = this.categoriesChanged;
    }
    const chosen = this.categorySlots.filter((_, category) => categories[category]);
    if (chosen.length === 1) return chosen[0]!;
    const slots = new Int32Array(chosen.reduce((sum, list) => sum + list.length, 0));
    let at = 0;
    for (const list of chosen) {
      slots.set(list, at);
      at += list.length;
    }
    return slots;
  }

  /** The slot of the product with this number, if the index holds it. */
  slotOfNumber(number: number): number | undefined {
    const slot = this.slotsByNumber[number];
    return slot ? slot - 1 : undefined;
  }

  private grow(capacity: number) {
    const grown = <T extends Uint8Array | Int32Array>(from: T, to: T) => {
      to.set(from);
      return to;
    };
    this.flags = grown(this.flags, new Uint8Array(capacity));
    this.categoryOf = grown(this.categoryOf, new Int32Array(capacity));
    this.priceOf = grown(this.priceOf, new Int32Array(capacity));
    this.numberOf = grown(this.numberOf, new Int32Array(capacity));
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
        tally: 0,
      };
      this.options.set(key, options);
      this.shared += 1;
    }
    return options;
  }

  /** One array for every equal list, read from its string and split only the first time. */
  private sharedIds(joined: string): Int32Array {
    return this.sharedNumbers(this.lists, joined, (facet) => this.interned.valueOf(facet));
  }

  /** A list's items (parted by FACTS_LIST_SEPARATOR) as numbers, one array for every equal list. */
  private sharedNumbers(
    lists: Map<string, Int32Array>,
    joined: string,
    numberOf: (item: string) => number,
  ): Int32Array {
    let list = lists.get(joined);
    if (!list) {
      list = Int32Array.from(joined ? joined.split(FACTS_LIST_SEPARATOR) : [], numberOf);
      lists.set(joined, list);
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

  private sharedCollections(joined: string): Int32Array {
    return this.sharedNumbers(this.collectionLists, joined, (id) =>
      this.interned.collections.idOf(id),
    );
  }
}
