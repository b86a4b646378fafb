import type { TextQuery } from '../search/text-query';
import { FACTS_LIST_SEPARATOR } from './listing-repository';

/*
 * A search's matches among the listing index's products (decision 068): each product's words
 * (the lexemes of its search row) as sorted numbers, and for each word the slots that have it
 * (postings), built when a search first asks and again after many products' words changed.
 * Products whose words changed since are matched one by one. `hoodi` at 100,000 products is one
 * list of 16,667 slots read from memory, not 7,144 pages of `product_search` read by PostgreSQL.
 */

/** Slots changed since the postings were built, beyond which they are built again. */
const REBUILD_AFTER = 1_000;

const NONE = new Int32Array(0);

/**
 * Every slot's words in one array: a slot's are `count` from `start`. A slot written again takes
 * new room at the end, and the array is written anew without the old lists once they are half
 * of it. 100,000 typed arrays of 30 words would weigh more in their headers than in their words.
 */
class SlotWords {
  private words = new Int32Array(1 << 16);
  private used = 0;
  private stale = 0;
  private start = new Int32Array(1024);
  private count = new Int32Array(1024);

  /** Slots below this may have words. */
  get size(): number {
    return this.start.length;
  }

  /** A slot's words, ascending; none (an empty list) for a free slot. */
  of(slot: number): Int32Array {
    return slot < this.start.length
      ? this.words.subarray(this.start[slot]!, this.start[slot]! + this.count[slot]!)
      : NONE;
  }

  put(slot: number, words: Int32Array) {
    if (slot >= this.start.length) {
      const size = Math.max(slot + 1, 2 * this.start.length);
      this.start = grown(this.start, size);
      this.count = grown(this.count, size);
    }
    // Its old list is stale now, and not worth keeping if the array is compacted.
    this.stale += this.count[slot]!;
    this.count[slot] = 0;
    if (this.used + words.length > this.words.length) this.makeRoom(words.length);
    this.words.set(words, this.used);
    this.start[slot] = this.used;
    this.count[slot] = words.length;
    this.used += words.length;
  }

  private makeRoom(more: number) {
    const live = this.used - this.stale;
    const next = new Int32Array(Math.max(this.words.length, 2 * (live + more)));
    let used = 0;
    for (let slot = 0; slot < this.start.length; slot += 1) {
      const count = this.count[slot]!;
      next.set(this.words.subarray(this.start[slot]!, this.start[slot]! + count), used);
      this.start[slot] = used;
      used += count;
    }
    this.words = next;
    this.used = used;
    this.stale = 0;
  }
}

const grown = (from: Int32Array, size: number) => {
  const to = new Int32Array(size);
  to.set(from);
  return to;
};

/** For each word (by number), the slots that have it, ascending: one array, cut by `starts`. */
class Postings {
  private readonly starts: Int32Array;
  private readonly slots: Int32Array;

  constructor(wordsOf: SlotWords, wordCount: number) {
    const starts = new Int32Array(wordCount + 1);
    for (let slot = 0; slot < wordsOf.size; slot += 1)
      for (const word of wordsOf.of(slot)) starts[word + 1]! += 1;
    for (let word = 0; word < wordCount; word += 1) starts[word + 1]! += starts[word]!;
    const slots = new Int32Array(starts[wordCount]!);
    const filled = starts.slice(0, wordCount);
    for (let slot = 0; slot < wordsOf.size; slot += 1)
      for (const word of wordsOf.of(slot)) slots[filled[word]!++] = slot;
    this.starts = starts;
    this.slots = slots;
  }

  of(word: number): Int32Array {
    return word < this.starts.length - 1
      ? this.slots.subarray(this.starts[word]!, this.starts[word + 1]!)
      : NONE;
  }
}

/** Whether sorted `words` holds `word`. */
function has(words: Int32Array, word: number): boolean {
  let low = 0;
  let high = words.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const at = words[middle]!;
    if (at === word) return true;
    if (at < word) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}

/** The slots in both ascending lists. */
function intersect(a: Int32Array, b: Int32Array): Int32Array {
  const both = new Int32Array(Math.min(a.length, b.length));
  let n = 0;
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i]! < b[j]!) i += 1;
    else if (a[i]! > b[j]!) j += 1;
    else {
      both[n++] = a[i]!;
      i += 1;
      j += 1;
    }
  }
  return both.subarray(0, n);
}

/** The slots in either ascending list, each once. */
function union(a: Int32Array, b: Int32Array): Int32Array {
  const either = new Int32Array(a.length + b.length);
  let n = 0;
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i]! < b[j]!) either[n++] = a[i++]!;
    else if (a[i]! > b[j]!) either[n++] = b[j++]!;
    else {
      either[n++] = a[i++]!;
      j += 1;
    }
  }
  while (i < a.length) either[n++] = a[i++]!;
  while (j < b.length) either[n++] = b[j++]!;
  return either.subarray(0, n);
}

/** The products' words, and what a search matches among them. */
export class ProductWords {
  /** Each slot's words as numbers (`numberOf`), ascending; none for a free slot. */
  private readonly wordsOf = new SlotWords();
  private readonly numbers = new Map<string, number>();
  private postings: Postings | undefined;
  /** Slots whose words changed since `postings` was built. */
  private readonly changed = new Set<number>();

  constructor(private readonly rebuildAfter = REBUILD_AFTER) {}

  /** Sets a slot's words (as `ListingFactsRow.words`), or clears them (null). */
  set(slot: number, joined: string | null) {
    const words = joined
      ? Int32Array.from(joined.split(FACTS_LIST_SEPARATOR), (word) => this.numberOf(word)).sort()
      : NONE;
    if (sameWords(this.wordsOf.of(slot), words)) return;
    this.wordsOf.put(slot, words);
    if (this.postings) this.changed.add(slot);
  }

  /** The slots whose words match the query, ascending. */
  matching(query: TextQuery): Int32Array {
    if (!this.postings || this.changed.size > this.rebuildAfter) {
      this.postings = new Postings(this.wordsOf, this.numbers.size);
      this.changed.clear();
    }
    const found = this.fromPostings(query, this.postings);
    if (!this.changed.size) return found;
    const kept = found.filter((slot) => !this.changed.has(slot));
    const changed = [...this.changed].filter((slot) => this.matches(this.wordsOf.of(slot), query));
    return union(kept, Int32Array.from(changed).sort());
  }

  private numberOf(word: string): number {
    let number = this.numbers.get(word);
    if (number === undefined) {
      number = this.numbers.size;
      this.numbers.set(word, number);
    }
    return number;
  }

  private fromPostings(query: TextQuery, postings: Postings): Int32Array {
    if ('word' in query) {
      const word = this.numbers.get(query.word);
      return word === undefined ? NONE : postings.of(word);
    }
    const parts = ('all' in query ? query.all : query.any).map((part) =>
      this.fromPostings(part, postings),
    );
    if (!parts.length) return NONE;
    if ('any' in query) return parts.reduce(union);
    // The shortest first: each intersection is at most as long as it.
    return parts.sort((a, b) => a.length - b.length).reduce(intersect);
  }

  private matches(words: Int32Array, query: TextQuery): boolean {
    if ('word' in query) {
      const word = this.numbers.get(query.word);
      return word !== undefined && has(words, word);
    }
    if ('all' in query)
      return query.all.length > 0 && query.all.every((part) => this.matches(words, part));
    return query.any.some((part) => this.matches(words, part));
  }
}

const sameWords = (a: Int32Array, b: Int32Array) =>
  a.length === b.length && a.every((word, n) => word === b[n]);
