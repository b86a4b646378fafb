/**
 * A cache that answers from its copy while the copy is fresh (`freshMs`), and from the old copy
 * while one refresh runs in the background once it is not (up to `staleMs` old; older copies are
 * waited for). One load per key at a time; a failed refresh keeps the old copy until `staleMs`.
 * Least recently used keys go first beyond `maxEntries`.
 */
export class StaleWhileRevalidate<V> {
  private readonly entries = new Map<
    string,
    { value: Promise<V>; loadedAt: number; refreshing: boolean }
  >();

  constructor(
    private readonly freshMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
    private readonly staleMs: number = Math.max(freshMs * 30, freshMs),
  ) {}

  async get(key: string, load: () => Promise<V>): Promise<V> {
    if (this.freshMs <= 0) return load();
    const now = this.now();
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key); // re-inserted: most recently used
      this.entries.set(key, entry);
      const age = now - entry.loadedAt;
      if (age < this.freshMs) return entry.value;
      if (age < this.staleMs) {
        if (!entry.refreshing) this.refresh(key, entry, load);
        return entry.value;
      }
    }
    return this.store(key, load(), now);
  }

  clear(): void {
    this.entries.clear();
  }

  private refresh(key: string, entry: { refreshing: boolean }, load: () => Promise<V>) {
    entry.refreshing = true;
    const value = load();
    value.then(
      () => {
        // Kept only if the entry was not dropped (cleared) while the refresh ran.
        if (this.entries.get(key) === entry) this.store(key, value, this.now());
      },
      () => {
        entry.refreshing = false;
      },
    );
  }

  private store(key: string, value: Promise<V>, loadedAt: number): Promise<V> {
    const entry = { value, loadedAt, refreshing: false };
    this.entries.delete(key);
    this.entries.set(key, entry);
    // A failed first load is not kept: the next request tries again.
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return value;
  }
}
