import { configureStore } from '@reduxjs/toolkit';
import { api } from '../lib/api';
import type { ApiTransport } from '../lib/api';
import type { StoredStateSchemas } from '../lib/contract-schemas';
import { accountReducer, loadAccountState, persistAccountState } from '../stores/account-slice';
import { cartReducer, loadCartState, persistCartState } from '../stores/cart-slice';

const reducer = {
  [api.reducerPath]: api.reducer,
  cart: cartReducer,
  account: accountReducer,
};

/**
 * The server renderer's store for one request: no browser storage, so an empty cart and no user
 * (what the browser's first render shows too: see useHydrated). Its API requests go through
 * `transport` (the thunks' extra argument), the render's own.
 */
export function createServerStore(transport: ApiTransport) {
  return configureStore({
    reducer,
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: transport } }).concat(api.middleware),
  });
}

/**
 * Builds the browser's store, restoring the cart and the user from localStorage with
 * `storedStateSchemas` and persisting their changes. Without them (localStorage held nothing to
 * restore: start.tsx loads them only when it does) the store starts empty.
 */
export function createStore(storedStateSchemas?: StoredStateSchemas) {
  const store = configureStore({
    reducer,
    preloadedState: storedStateSchemas && {
      cart: loadCartState(storedStateSchemas),
      account: loadAccountState(storedStateSchemas),
    },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });

  let { cart, account } = store.getState();
  store.subscribe(() => {
    const state = store.getState();
    if (state.cart !== cart) persistCartState(state.cart);
    if (state.account !== account) persistAccountState(state.account);
    ({ cart, account } = state);
  });
  return store;
}

export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
