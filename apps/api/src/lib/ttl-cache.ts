import { ByteBudgetLru } from './byte-budget-lru';

type Entry<V> = { value: Promise<V>; loadedAt: number; refreshing: boolean };

export interface TtlCacheOptions<V> {
  ttlMs: number;
  /** What the values kept may weigh together (least recently used go first). */
  maxBytes: number;
  /** A value's weight in bytes, told once it has loaded. */
  sizeOf: (value: V) => number;
  now?: () => number;
  /** Up to this age, an expired copy is still answered while one refresh runs; 0: never. */
  staleMs?: number;
}

/**
 * A small in-process cache with a time-to-live, a byte budget (least recently used goes first) and
 * one loader per key at a time, so a burst of identical misses asks the database once.
 * With `staleMs`, a copy older than `ttlMs` but younger than `staleMs` is still answered while one
 * refresh runs in the background (stale-while-revalidate; a failed refresh keeps the old copy);
 * older copies are waited for. For speed only: what it serves may be that old, never needed for
 * correctness.
 */
export class TtlCache<V> {
  private readonly entries: ByteBudgetLru<Entry<V>>;
  private readonly ttlMs: number;
  private readonly sizeOf: (value: V) => number;
  private readonly now: () => number;
  private readonly staleMs: number;

  constructor(options: TtlCacheOptions<V>) {
    this.entries = new ByteBudgetLru(options.maxBytes);
    this.ttlMs = options.ttlMs;
    this.sizeOf = options.sizeOf;
    this.now = options.now ?? Date.now;
    this.staleMs = options.staleMs ?? 0;
  }

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** The bytes the loaded values weigh now. */
  get bytes(): number {
    return this.entries.bytes;
  }

  async get(key: string, load: () => Promise<V>): Promise<V> {
    if (!this.enabled) return load();
    const now = this.now();
    const hit = this.entries.get(key);
    if (hit) {
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
        if (this.entries.peek(key) === entry) this.store(key, value, this.now());
      },
      () => {
        entry.refreshing = false;
      },
    );
  }

  private store(key: string, value: Promise<V>, loadedAt: number): Promise<V> {
    const entry: Entry<V> = { value, loadedAt, refreshing: false };
    // Weightless while it loads; its weight is told (and the budget kept) once it has loaded.
    this.entries.set(key, entry, 0);
    value.then(
      (loaded) => this.entries.resize(key, entry, this.sizeOf(loaded)),
      // A failed load is not kept: the next request tries again.
      () => {
        if (this.entries.peek(key) === entry) this.entries.delete(key);
      },
    );
    return value;
  }
}

/** A JSON answer's weight: its UTF-16 string as V8 may hold it. */
export const stringBytes = (value: string) => value.length * 2;
