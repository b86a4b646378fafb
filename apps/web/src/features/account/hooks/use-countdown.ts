import { useEffect, useReducer } from 'react';

/**
 * Milliseconds left until `endsAt` (epoch ms), 0 when there is none or it has passed. The page
 * re-renders as each whole second elapses, so an 'M:SS' display (rounded up) ticks on time.
 */
export function useCountdown(endsAt: number | null): number {
  const [tick, rerender] = useReducer((n: number) => n + 1, 0);
  const remaining = endsAt === null ? 0 : Math.max(0, endsAt - Date.now());

  useEffect(() => {
    if (endsAt === null) return;
    const left = endsAt - Date.now();
    if (left <= 0) return;
    // Wake when the rounded-up second changes (and at the end itself).
    const timer = window.setTimeout(rerender, left % 1000 || 1000);
    return () => window.clearTimeout(timer);
  }, [endsAt, tick]);

  return remaining;
}
