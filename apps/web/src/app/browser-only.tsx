import type { ReactNode } from 'react';
import { useHydrated } from '../lib/use-hydrated';

/**
 * A page that lives on browser storage or a token (cart, account, checkout, order): the server
 * renders its `fallback` (a skeleton of the page's size), the browser the page after hydration.
 */
export function BrowserOnly({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  return useHydrated() ? children : fallback;
}
