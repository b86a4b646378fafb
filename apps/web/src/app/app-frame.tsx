import type { ReactNode } from 'react';
import { StarSymbol } from '../components/ui/star-shape';
import { Footer, Header } from '../features/layout';
import { ToastRegion } from './toast-region';

/** Skip link, header, main landmark, footer and the toast region around every page (and the star ratings draw). */
export function AppFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <StarSymbol />
      <a
        href="#main-content"
        onClick={(event) => {
          // Move focus as well as the view, in every browser, without touching the router's URL.
          event.preventDefault();
          document.getElementById('main-content')?.focus();
        }}
        className="sr-only z-50 rounded-full bg-ink px-5 py-3 font-semibold text-sand-50 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <Header />
      <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <Footer />
      <ToastRegion />
    </div>
  );
}
