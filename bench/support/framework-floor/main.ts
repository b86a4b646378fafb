/// <reference lib="dom" />
// The smallest storefront the stack of DESIGN.md allows: React 19 with react-dom, a React Router 7
// data router, and a Redux Toolkit store with one RTK Query endpoint and one slice, rendering one
// fetched value. bench/web-budget.ts builds it in the same run as the shop, as the baseline the
// home page's JavaScript is compared with.
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { Link, Outlet, createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { Provider, useSelector } from 'react-redux';
import { configureStore, createSlice } from '@reduxjs/toolkit';
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';

const api = createApi({
  baseQuery: fetchBaseQuery({ baseUrl: '/api' }),
  endpoints: (build) => ({
    health: build.query<{ status: string }, void>({ query: () => 'health' }),
  }),
});
const cart = createSlice({
  name: 'cart',
  initialState: { count: 0 },
  reducers: { add: (state) => void (state.count += 1) },
});
const store = configureStore({
  reducer: { [api.reducerPath]: api.reducer, cart: cart.reducer },
  middleware: (getDefault) => getDefault().concat(api.middleware),
});

function Home() {
  const { data } = api.useHealthQuery();
  const count = useSelector((state: ReturnType<typeof store.getState>) => state.cart.count);
  return createElement('p', null, `${data?.status ?? '…'} · ${count}`);
}
const router = createBrowserRouter([
  {
    path: '/',
    element: createElement(
      'main',
      null,
      createElement(Link, { to: '/' }, 'Home'),
      createElement(Outlet),
    ),
    errorElement: createElement('p', null, 'Unexpected Application Error!'),
    children: [{ index: true, element: createElement(Home) }],
  },
]);
createRoot(document.getElementById('root')!).render(
  createElement(Provider, { store, children: createElement(RouterProvider, { router }) }),
);
