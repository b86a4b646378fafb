import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache';

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
    const cache = new TtlCache<string>(500, 10, () => now);
    const source = counter();
    expect(await cache.get('k', source.load)).toBe('value 1');
    now = 1499;
    expect(await cache.get('k', source.load)).toBe('value 1');
    now = 1500;
    expect(await cache.get('k', source.load)).toBe('value 2');
  });

  it('asks the loader once for a burst of identical misses', async () => {
    const cache = new TtlCache<string>(1000, 10);
    const source = counter();
    const values = await Promise.all(Array.from({ length: 20 }, () => cache.get('k', source.load)));
    expect(new Set(values)).toEqual(new Set(['value 1']));
    expect(source.calls).toBe(1);
  });

  it('does not keep a failed load', async () => {
    const cache = new TtlCache<string>(1000, 10);
    await expect(
      cache.get('k', () => Promise.reject(new Error('database down'))),
    ).rejects.toThrow();
    expect(await cache.get('k', async () => 'recovered')).toBe('recovered');
  });

  it('drops the least recently used entry beyond its size', async () => {
    const cache = new TtlCache<string>(1000, 2);
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
    const cache = new TtlCache<string>(0, 10);
    const source = counter();
    await cache.get('k', source.load);
    await cache.get('k', source.load);
    expect(source.calls).toBe(2);
  });
});
