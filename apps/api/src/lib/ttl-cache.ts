type Entry<V> = { value: Promise<V>; loadedAt: number; refreshing: boolean };

/**
 * A small in-process cache with a time-to-live, a size bound (least recently used goes first) and
 * one loader per key at a time, so a burst of identical misses asks the database once.
 * With `staleMs`, a copy older than `ttlMs` but younger than `staleMs` is still answered while one
 * refresh runs in the background (stale-while-revalidate; a failed refresh keeps the old copy);
 * older copies are waited for. For speed only: what it serves may be that old, never needed for
 * correctness.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, Entry<V>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
    private readonly staleMs: number = 0,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  async get(key: string, load: () => Promise<V>): Promise<V> {
    if (!this.enabled) return load();
    const now = this.now();
    const hit = this.entries.get(key);
    if (hit) {
      // Re-inserted to mark it most recently used.
      this.entries.delete(key);
      this.entries.set(key, hit);
      const age = now - hit.loadedAt;
      if (age < this.ttlMs) return hit.value;
      if (age < this.staleMs) {
        if (!hit.refreshing) this.refresh(key, hit, load);
        return hit.value;
      }
    }
    return this.store(key, load(), now);
  }

  clear(): void {
    this.entries.clear();
  }

  private refresh(key: string, entry: Entry<V>, load: () => Promise<V>) {
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
    const entry: Entry<V> = { value, loadedAt, refreshing: false };
    this.entries.delete(key);
    this.entries.set(key, entry);
    // A failed load is not kept: the next request tries again.
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
