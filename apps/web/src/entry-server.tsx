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
import { collectionsApi } from './features/collections';
import { parsePageNumber } from './features/catalog';
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

/** Distinct addresses whose last markup is kept (see `contentOf`). */
const REMEMBERED_RENDERS = 500;

/** The markup of an address, and the content it was rendered from. */
type RememberedRender = { content: string; status: number; head: string; body: string };

/**
 * Everything a page's markup is made of, as text: the answers its loaders read (not RTK Query's
 * request ids and times, which change on every read), the loaders' data, the status and the
 * year (the footer shows it). Rendering is pure: the same content gives the same markup.
 */
function contentOf(statusCode: number, loaderData: unknown, apiState: unknown): string {
  const queries = (apiState as { queries: Record<string, Record<string, unknown> | undefined> })
    .queries;
  return JSON.stringify([
    new Date().getUTCFullYear(),
    statusCode,
    loaderData,
    Object.entries(queries).map(([key, query]) => [key, query?.status, query?.data, query?.error]),
  ]);
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
 * The renderer of one server: `renderPage(url)` (absolute) runs the matched routes' loaders, which
 * start the page's API requests in a store of its own and wait for their answers, then renders
 * the page once, as the browser's first render will.
 */
export function createServerRenderer(options: ServerRenderOptions) {
  const transport = apiTransport(`${options.origin}/api`, options.fetch);
  // The database is read for every page; React runs only when what it read differs from what the
  // address's last markup was made of (React's render is most of a page's cost: decision 046).
  const remembered = new Map<string, RememberedRender>();

  async function renderPage(url: string): Promise<RenderedPage> {
    const store = createServerStore(transport);
    const context = await handler.query(new Request(url), {
      requestContext: serverLoaderContext(store.dispatch),
    });
    if (context instanceof Response) throw new Error(`The routes answered ${url} with a response`);
    const apiState = store.getState()[api.reducerPath];
    const data = serverDataJson({
      api: apiState,
      loaderData: context.loaderData,
    } satisfies ServerData);
    const content = contentOf(context.statusCode, context.loaderData, apiState);
    const last = remembered.get(url);
    if (last?.content === content) {
      // Most recently used last: the oldest address is the first one dropped.
      remembered.delete(url);
      remembered.set(url, last);
      return { status: last.status, head: last.head, body: last.body, data };
    }
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
        ? collectionsApi.endpoints.getCollectionPage.select({
            handle: params.handle ?? '',
            pageNumber: parsePageNumber(params.pageNumber),
          })(store.getState()).data
        : undefined,
    });
    const page = {
      status: note.status,
      head: `${renderHead(head, options.appUrl)}\n    ${hoisted}`,
      body: body.slice(hoisted.length),
    };
    remembered.delete(url);
    remembered.set(url, { content, ...page });
    if (remembered.size > REMEMBERED_RENDERS) remembered.delete(remembered.keys().next().value!);
    return { ...page, data };
  }

  return { renderPage };
}
