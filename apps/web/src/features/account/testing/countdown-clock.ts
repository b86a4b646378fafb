import { vi } from 'vitest';

/**
 * Fakes Date and timeouts (what the countdowns use) from `startMs`. Testing Library only drives
 * fake timers it recognises as Jest's, so it is handed a `jest.advanceTimersByTime` that moves
 * Vitest's clock; while it waits it advances the clock by its polling interval (50 ms).
 */
export function useCountdownClock(startMs: number): void {
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
  vi.setSystemTime(startMs);
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
}
