import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache';

/** A cache of `entries` values at most: each weighs one byte here (the byte budget has its own tests). */
const cacheOf = (ttlMs: number, entries: number, now?: () => number, staleMs?: number) =>
  new TtlCache<string>({
    ttlMs,
    maxBytes: entries,
    sizeOf: () => 1,
    ...(now ? { now } : {}),
    ...(staleMs !== undefined ? { staleMs } : {}),
  });

function counter() {
  let calls = 0;
  return {
    load: async () => `value ${++calls}`,
    get calls() {
      return calls;
    },
  };
}

describe('TtlCache', () => {
  it('serves a cached value until its time-to-live has passed', async () => {
    let now = 1000;
    const cache = cacheOf(500, 10, () => now);
    const source = counter();
    expect(await cache.get('k', source.load)).toBe('value 1');
    now = 1499;
    expect(await cache.get('k', source.load)).toBe('value 1');
    now = 1500;
    expect(await cache.get('k', source.load)).toBe('value 2');
  });

  it('asks the loader once for a burst of identical misses', async () => {
    const cache = cacheOf(1000, 10);
    const source = counter();
    const values = await Promise.all(Array.from({ length: 20 }, () => cache.get('k', source.load)));
    expect(new Set(values)).toEqual(new Set(['value 1']));
    expect(source.calls).toBe(1);
  });

  it('does not keep a failed load', async () => {
    const cache = cacheOf(1000, 10);
    await expect(
      cache.get('k', () => Promise.reject(new Error('database down'))),
    ).rejects.toThrow();
    expect(await cache.get('k', async () => 'recovered')).toBe('recovered');
  });

  it('drops the least recently used entry beyond its size', async () => {
    const cache = cacheOf(1000, 2);
    const source = counter();
    await cache.get('a', source.load);
    await cache.get('b', source.load);
    await cache.get('a', source.load); // a is now the most recent
    await cache.get('c', source.load); // evicts b
    await cache.get('a', source.load);
    expect(source.calls).toBe(3);
    await cache.get('b', source.load);
    expect(source.calls).toBe(4);
  });

  it('passes every call through when the time-to-live is 0', async () => {
    const cache = cacheOf(0, 10);
    const source = counter();
    await cache.get('k', source.load);
    await cache.get('k', source.load);
    expect(source.calls).toBe(2);
  });
});

/** A loader whose answers the test settles itself, counting how often it was asked. */
function loader() {
  const pending: { resolve: (value: string) => void; reject: (error: Error) => void }[] = [];
  const load = () =>
    new Promise<string>((resolve, reject) => {
      pending.push({ resolve, reject });
    });
  return { load, pending };
}

describe('TtlCache with staleMs (stale-while-revalidate)', () => {
  it('answers a fresh copy without loading, an old one while one refresh runs', async () => {
    let now = 0;
    const cache = cacheOf(1000, 10, () => now, 30_000);
    const { load, pending } = loader();
    const first = cache.get('page', load);
    pending[0]!.resolve('v1');
    expect(await first).toBe('v1');

    now = 999;
    expect(await cache.get('page', load)).toBe('v1');
    expect(pending).toHaveLength(1);

    now = 1500; // stale: answered at once, refreshed once however many ask
    expect(await cache.get('page', load)).toBe('v1');
    expect(await cache.get('page', load)).toBe('v1');
    expect(pending).toHaveLength(2);
    pending[1]!.resolve('v2');
    await Promise.resolve();
    await Promise.resolve();
    expect(await cache.get('page', load)).toBe('v2');
    expect(pending).toHaveLength(2);
  });

  it('waits for a new copy when the old one is too old, and keeps the old one when a refresh fails', async () => {
    let now = 0;
    const cache = cacheOf(1000, 10, () => now, 5000);
    const { load, pending } = loader();
    const first = cache.get('page', load);
    pending[0]!.resolve('v1');
    await first;

    now = 2000;
    expect(await cache.get('page', load)).toBe('v1');
    pending[1]!.reject(new Error('database down'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.get('page', load)).toBe('v1'); // still the old copy, a new refresh asked
    expect(pending).toHaveLength(3);

    now = 6000; // past staleMs: this request waits for its own load
    const waited = cache.get('page', load);
    expect(pending).toHaveLength(4);
    pending[3]!.resolve('v3');
    expect(await waited).toBe('v3');
  });

  it('forgets everything on clear, also a refresh under way, and a failed first load', async () => {
    let now = 0;
    const cache = cacheOf(1000, 10, () => now, 30_000);
    const { load, pending } = loader();
    const first = cache.get('page', load);
    pending[0]!.resolve('v1');
    await first;
    now = 1500;
    await cache.get('page', load); // starts a refresh
    cache.clear();
    pending[1]!.resolve('late');
    await new Promise((resolve) => setImmediate(resolve));
    const after = cache.get('page', load);
    expect(pending).toHaveLength(3);
    pending[2]!.resolve('v2');
    expect(await after).toBe('v2');

    const failing = cache.get('other', load);
    pending[3]!.reject(new Error('no'));
    await expect(failing).rejects.toThrow('no');
    const retried = cache.get('other', load);
    expect(pending).toHaveLength(5);
    pending[4]!.resolve('ok');
    expect(await retried).toBe('ok');
  });
});

describe('TtlCache with a byte budget', () => {
  it('keeps what the values weigh within the budget, least recently used dropped first', async () => {
    const cache = new TtlCache<string>({ ttlMs: 60_000, maxBytes: 10, sizeOf: (v) => v.length });
    const loads: string[] = [];
    const load = (value: string) => async () => {
      loads.push(value);
      return value;
    };
    await cache.get('a', load('aaaa'));
    await cache.get('b', load('bbbb'));
    expect(cache.bytes).toBe(8);
    await cache.get('a', load('aaaa')); // a is now the most recent
    await cache.get('c', load('ccc')); // 11 bytes: b goes
    expect(cache.bytes).toBe(7);
    await cache.get('a', load('aaaa'));
    await cache.get('b', load('bbbb'));
    expect(loads).toEqual(['aaaa', 'bbbb', 'ccc', 'bbbb']);
  });

  it('does not keep a value heavier than the whole budget, nor drop the others for it', async () => {
    const cache = new TtlCache<string>({ ttlMs: 60_000, maxBytes: 10, sizeOf: (v) => v.length });
    let loads = 0;
    const load = (value: string) => async () => {
      loads += 1;
      return value;
    };
    await cache.get('small', load('12345'));
    expect(await cache.get('big', load('x'.repeat(11)))).toBe('x'.repeat(11));
    await cache.get('big', load('x'.repeat(11)));
    await cache.get('small', load('12345'));
    expect(loads).toBe(3);
    expect(cache.bytes).toBe(5);
  });
});
