import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// A find waits for the screen to show something: on CI's two busy cores the first render of a
// lazily routed page (modules transformed, data fetched) can take more than the default second.
configure({ asyncUtilTimeout: 5000 });

// Node's Request (used by RTK Query's fetchBaseQuery) needs absolute URLs and rejects jsdom's
// AbortSignal: resolve '/api/...' against the page and leave the signal out in tests.
const NodeRequest = globalThis.Request;
globalThis.Request = class extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    const url = typeof input === 'string' ? new URL(input, window.location.href) : input;
    super(url, { ...init, signal: undefined });
  }
} as typeof Request;

// jsdom implements neither; the router's scroll restoration and Radix call them.
window.scrollTo = vi.fn() as typeof window.scrollTo;
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// jsdom's Range has no layout: the description editor (ProseMirror) measures one to scroll the
// selection into view, at times after a test's last step (an uncaught error that fails the run).
const NO_RECT = { x: 0, y: 0, top: 0, right: 0, bottom: 0, left: 0, width: 0, height: 0 };
Range.prototype.getClientRects ??= function getClientRects() {
  return [] as unknown as DOMRectList;
};
Range.prototype.getBoundingClientRect ??= function getBoundingClientRect() {
  return { ...NO_RECT, toJSON: () => NO_RECT } as DOMRect;
};

// Embla (the carousels) observes its slides; jsdom has no layout, so nothing is ever seen.
class InertObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
globalThis.IntersectionObserver ??= InertObserver as unknown as typeof IntersectionObserver;
globalThis.ResizeObserver ??= InertObserver as unknown as typeof ResizeObserver;

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});
