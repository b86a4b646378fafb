import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import type { createRouter } from './router';
import type { AppStore } from './store';

type AppProps = { store: AppStore; router: ReturnType<typeof createRouter> };

/** The store (restored from localStorage) and the router, made once by main.tsx. */
export function App({ store, router }: AppProps) {
  return (
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  );
}
