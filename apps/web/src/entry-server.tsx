// The server renderer's entry (built by `vite build --ssr`, loaded by the API: see
// apps/api/src/plugins/storefront.ts and docs/decisions/019-server-rendering.md).
import { StrictMode } from 'react';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { Provider } from 'react-redux';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router';
import { routes } from './app/router';
import { productsApi } from './features/catalog/api/products-api';
import { setServerSanitizer } from './features/catalog/components/product-description';
import { createServerStore } from './app/store';
import { api, setServerFetch } from './lib/api';
import { HttpStatusContext } from './lib/http-status';
import type { HttpStatusNote } from './lib/http-status';
import { SERVER_DATA_ID, serverDataJson } from './lib/server-data';
import { renderHead } from './ssr/head';
import { pageHeadOf } from './ssr/page-head';

export { SERVER_DATA_ID };

/** A page rendered for one URL: its status, the markup of #root and the data block's JSON. */
export type RenderedPage = {
  status: number;
  /** The page's own tags for <head>: title, description, canonical, link previews, JSON-LD. */
  head: string;
  /** The markup that goes inside <div id="root">. */
  body: string;
  /** The API answers the page was rendered with, for the browser's store (JSON, safe in <script>). */
  data: string;
};

/** A page's requests may start more requests (a component shown only once data is there). */
const MAX_RENDER_PASSES = 4;

const handler = createStaticHandler(routes);

/** The shop's public address, for canonical and link-preview URLs (configureServerRendering). */
let appUrl = '';

/**
 * Where the rendered pages' API requests go: `fetchFn` answers them in-process (the API's catalog
 * cache), under `origin` (Node's fetch needs absolute URLs).
 */
export function configureServerRendering(options: {
  origin: string;
  appUrl: string;
  fetch: typeof fetch;
  /** The API's HTML sanitizer for product descriptions (DOMPurify needs a DOM). */
  sanitizeHtml: (html: string) => string;
}): void {
  setServerFetch(options.origin, options.fetch);
  setServerSanitizer(options.sanitizeHtml);
  appUrl = options.appUrl;
}

async function renderToHtml(element: ReactNode): Promise<string> {
  // Never outlined: a boundary written after the shell needs an inline script to show it.
  const { prelude } = await prerenderToNodeStream(element, {
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Renders `url` (absolute) as the browser's first render will: each pass renders the routes, the
 * query hooks start the requests the page needs, and the next pass renders their answers; done
 * when a pass changed no answer.
 */
export async function renderPage(url: string): Promise<RenderedPage> {
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error(`The routes answered ${url} with a response`);
  const store = createServerStore();
  const router = createStaticRouter(handler.dataRoutes, context);
  const note: HttpStatusNote = { status: context.statusCode };
  let body = '';
  for (let pass = 1; pass <= MAX_RENDER_PASSES; pass += 1) {
    note.status = context.statusCode;
    const queriesBefore = store.getState()[api.reducerPath].queries;
    const previous = body;
    body = await renderToHtml(
      <StrictMode>
        <HttpStatusContext value={note}>
          <Provider store={store}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </Provider>
        </HttpStatusContext>
      </StrictMode>,
    );
    await Promise.all(store.dispatch(api.util.getRunningQueriesThunk()));
    // Done when no answer arrived since this pass began (a fast answer may arrive during it), or
    // when answers change nothing (a failed request is asked again on every pass).
    if (store.getState()[api.reducerPath].queries === queriesBefore || body === previous) break;
  }
  if (body.includes('<script')) throw new Error(`The rendered ${url} holds an inline script`);
  // React puts the resources it hoists (the preload of a high-priority image) before the markup
  // of a tree rendered without <html>: they belong in <head>.
  const hoisted = /^(?:<link [^>]*>)*/.exec(body)![0];
  const leaf = context.matches.at(-1);
  const params = leaf?.params ?? {};
  const head = pageHeadOf({
    routePath: leaf?.route.path ?? '',
    params,
    searchParams: new URL(url).searchParams,
    status: note.status,
    product: params.productId
      ? productsApi.endpoints.getProduct.select(params.productId)(store.getState()).data
      : undefined,
  });
  return {
    status: note.status,
    head: `${renderHead(head, appUrl)}\n    ${hoisted}`,
    body: body.slice(hoisted.length),
    data: serverDataJson(store.getState()[api.reducerPath]),
  };
}
