// The server renderer's entry (built by `vite build --ssr`, loaded by the API: see
// apps/api/src/modules/pages/page-service.ts, docs/decisions/019-server-rendering.md and
// 030-route-loaders.md).
import { StrictMode } from 'react';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { Provider } from 'react-redux';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router';
import { routes } from './app/router';
import { HtmlSanitizerContext, productsApi } from './features/catalog';
import { collectionPageQueryOf, collectionsApi } from './features/collections';
import { createServerStore } from './app/store';
import { api, apiTransport } from './lib/api';
import { HttpStatusContext } from './lib/http-status';
import type { HttpStatusNote } from './lib/http-status';
import { serverLoaderContext } from './lib/page-data';
import { SERVER_DATA_ID, serverDataJson } from './lib/server-data';
import type { ServerData } from './lib/server-data';
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
  /** The API answers and loader data the page was rendered with (JSON, safe in <script>). */
  data: string;
};

/** What one server (one API app) renders with; each render gets its own store from it. */
export type ServerRenderOptions = {
  /** The origin the pages' API requests are made under (Node's fetch needs absolute URLs). */
  origin: string;
  /** The shop's public address, for canonical and link-preview URLs. */
  appUrl: string;
  /** Answers the pages' API requests (the API's catalog, in-process). */
  fetch: typeof fetch;
  /** The API's HTML sanitizer for product descriptions (DOMPurify needs a DOM). */
  sanitizeHtml: (html: string) => string;
};

/** Route objects and their code only: the handler holds nothing of a render. */
const handler = createStaticHandler(routes);

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
 * The renderer of one server: `renderPage(url)` (absolute) runs the matched routes' loaders, which
 * start the page's API requests in a store of its own and wait for their answers, then renders
 * the page once, as the browser's first render will.
 */
export function createServerRenderer(options: ServerRenderOptions) {
  const transport = apiTransport(`${options.origin}/api`, options.fetch);

  async function renderPage(url: string): Promise<RenderedPage> {
    const store = createServerStore(transport);
    const context = await handler.query(new Request(url), {
      requestContext: serverLoaderContext(store.dispatch),
    });
    if (context instanceof Response) throw new Error(`The routes answered ${url} with a response`);
    const router = createStaticRouter(handler.dataRoutes, context);
    const note: HttpStatusNote = { status: context.statusCode };
    const body = await renderToHtml(
      <StrictMode>
        <HttpStatusContext value={note}>
          <HtmlSanitizerContext value={options.sanitizeHtml}>
            <Provider store={store}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </Provider>
          </HtmlSanitizerContext>
        </HttpStatusContext>
      </StrictMode>,
    );
    if (body.includes('<script')) throw new Error(`The rendered ${url} holds an inline script`);
    // React puts the resources it hoists (the preload of a high-priority image) before the markup
    // of a tree rendered without <html>: they belong in <head>.
    const hoisted = /^(?:<link [^>]*>)*/.exec(body)![0];
    const leaf = context.matches.at(-1);
    const params = leaf?.params ?? {};
    const routePath = leaf?.route.path ?? '';
    const head = pageHeadOf({
      routePath,
      params,
      searchParams: new URL(url).searchParams,
      status: note.status,
      product: params.productId
        ? productsApi.endpoints.getProduct.select(params.productId)(store.getState()).data
        : undefined,
      collection: routePath.startsWith('collections/')
        ? collectionsApi.endpoints.getCollectionPage.select(
            collectionPageQueryOf(params, new URL(url).searchParams),
          )(store.getState()).data
        : undefined,
    });
    const data: ServerData = {
      api: store.getState()[api.reducerPath],
      loaderData: context.loaderData,
    };
    return {
      status: note.status,
      head: `${renderHead(head, options.appUrl)}\n    ${hoisted}`,
      body: body.slice(hoisted.length),
      data: serverDataJson(data),
    };
  }

  return { renderPage };
}
