import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { routerOptions, routes } from '../app/router';
import { createStore } from '../app/store';
import { storedStateSchemas } from '../lib/contract-schemas';

/** Renders the whole storefront (real routes, store restored from localStorage) at a path. */
export function renderApp(path: string) {
  const store = createStore(storedStateSchemas);
  const router = createMemoryRouter(routes, { ...routerOptions, initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...view, store, router, user };
}
