import { useEffect } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import type { createRouter } from './router';
import type { AppStore } from './store';

type AppProps = { store: AppStore; router: ReturnType<typeof createRouter> };

/** The store (restored from localStorage) and the router, made once by main.tsx. */
export function App({ store, router }: AppProps) {
  // The server's HTML is live from here on (its buttons work): <html data-hydrated> says so, for
  // the browser tests, which must not click a button React has not taken over yet.
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return (
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  );
}
