// A server-rendered page's data: on the server its route loader starts the page's RTK Query
// requests and waits for them, and the page renders once. In the browser the loader does nothing:
// the page's hooks ask as it renders, and it shows its skeleton at once (decision 030).
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { RouterContextProvider, createContext } from 'react-router';
import type { LoaderFunction, Params } from 'react-router';

/** The store's dispatch, as a page's requests need it (a feature does not import the app's store). */
export type PageDispatch = ThunkDispatch<unknown, unknown, UnknownAction>;

/** A request a page started: RTK Query's answer to `endpoint.initiate(arg)` (kept subscribed). */
export type StartedRequest = PromiseLike<unknown>;

/**
 * The requests a page renders with, from its address. The page's components ask with the very
 * same arguments (each page derives them through one function), so they find the answers there.
 */
export type PageRequests = (
  dispatch: PageDispatch,
  address: { params: Params; url: URL },
) => StartedRequest[];

/** The store of the server render the loaders run for: given per render, never module state. */
const renderStore = createContext<{ dispatch: PageDispatch } | null>(null);

/** The `context` of one server render's loaders (handler.query's requestContext). */
export function serverLoaderContext(dispatch: PageDispatch): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(renderStore, { dispatch });
  return context;
}

/**
 * A route loader that, on the server, starts `requests` in the render's store and waits for their
 * answers; its data is null. In the browser (no render store) it returns at once.
 */
export function pageLoader(requests: PageRequests): LoaderFunction {
  return async ({ params, request, context }) => {
    const store = context instanceof RouterContextProvider ? context.get(renderStore) : null;
    if (!store) return null;
    // Kept subscribed: the render's store is dropped with it, while an entry without a subscriber
    // would start a removal timer that keeps the store alive after the render.
    await Promise.all(requests(store.dispatch, { params, url: new URL(request.url) }));
    return null;
  };
}
