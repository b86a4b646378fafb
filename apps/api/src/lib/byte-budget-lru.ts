/**
 * A map that keeps what fits in a byte budget, least recently used dropped first (issue 23: no
 * in-process cache grows without a bound, whatever the catalog holds). Each entry is told its
 * size; one larger than the whole budget is not kept.
 */
export class ByteBudgetLru<V> {
  private readonly entries = new Map<string, { value: V; bytes: number }>();
  private total = 0;

  constructor(private readonly maxBytes: number) {}

  /** The bytes held now. */
  get bytes(): number {
    return this.total;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The value, marked most recently used. */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** The value without marking it used. */
  peek(key: string): V | undefined {
    return this.entries.get(key)?.value;
  }

  set(key: string, value: V, bytes: number): void {
    this.delete(key);
    if (bytes > this.maxBytes) return;
    this.entries.set(key, { value, bytes });
    this.total += bytes;
    this.evict();
  }

  /** Tells the size of an entry kept before its size was known (a value still loading). */
  resize(key: string, value: V, bytes: number): void {
    const entry = this.entries.get(key);
    if (!entry || entry.value !== value) return;
    if (bytes > this.maxBytes) {
      this.delete(key);
      return;
    }
    this.total += bytes - entry.bytes;
    entry.bytes = bytes;
    this.evict(key);
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.total -= entry.bytes;
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }

  /** Drops the least recently used entries (never `keep`) until the budget holds. */
  private evict(keep?: string): void {
    for (const key of this.entries.keys()) {
      if (this.total <= this.maxBytes) return;
      if (key !== keep) this.delete(key);
    }
  }
}
