/**
 * Runs at most `limit` pieces of work at once; the others wait their turn, first come first
 * served. For CPU-heavy work (photo encoding) that must not take every core from the shop.
 */
export function createWorkQueue(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      // A finished piece hands its place straight to the next one, so `running` stays put.
      if (running < limit) running += 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await work();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else running -= 1;
      }
    },
    /** Pieces of work waiting for a place (not those running). */
    get waiting(): number {
      return waiting.length;
    },
  };
}
export type WorkQueue = ReturnType<typeof createWorkQueue>;
