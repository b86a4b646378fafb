import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { ShopConfig } from '@shop/shared/catalog';
import { TtlCache } from '../../lib/ttl-cache';
import { sanitizeDescription } from '../admin-products/description';
import type { CatalogReader } from '../catalog/catalog-reader';
import type { CollectionsReader } from '../collections/collections-reader';
import { createHtmlDocument, type RenderedPage } from './html-document';
import type { PageKind } from './page-policy';
import { renderWithin } from './render-deadline';
import { createRendererFetch } from './renderer-fetch';

/** The web app's server entry (apps/web/src/entry-server.tsx), as built by `vite build --ssr`. */
type ServerEntry = {
  SERVER_DATA_ID: string;
  /** A renderer of this app's own: two apps in one process (tests) never share one. */
  createServerRenderer(options: {
    origin: string;
    appUrl: string;
    fetch: typeof fetch;
    sanitizeHtml: (html: string) => string;
  }): { renderPage(url: string): Promise<RenderedPage> };
};

export type Encoding = 'br' | 'gzip';

/** One rendered page, with its validator and its compressed copies (made once, when first asked). */
export type PageAnswer = {
  status: number;
  html: Buffer;
  etag: string;
  encoded(encoding: Encoding): Promise<Buffer>;
};

/** The origin the renderer's in-process API requests are made under; never reaches a network. */
const RENDER_ORIGIN = 'http://storefront.internal';
/** How many cache periods an old page may still be sent while its fresh copy renders. */
const STALE_PERIODS = 30;
/** Distinct addresses kept rendered (a page is some 20-60 kB). */
const MAX_CACHED_PAGES = 500;

const compress: Record<Encoding, (html: Buffer) => Promise<Buffer>> = {
  // A light brotli level: a page is compressed once per cache period, but on the request's time.
  br: (html) =>
    promisify(brotliCompress)(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
  gzip: (html) => promisify(gzip)(html, { level: 6 }),
};

function answerOf(html: Buffer, status: number): PageAnswer {
  const copies = new Map<Encoding, Promise<Buffer>>();
  return {
    status,
    html,
    etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
    encoded(encoding) {
      let copy = copies.get(encoding);
      if (!copy) copies.set(encoding, (copy = compress[encoding](html)));
      return copy;
    },
  };
}

/**
 * Renders storefront pages on the server: the web app's server entry with the catalog read
 * in-process, put into the built index.html. Public pages are kept `cacheMs` (the catalog cache's
 * period) per address; an older page is still sent while its fresh copy renders, so no request
 * waits for a render once its address has been asked for; all are dropped with the catalog cache
 * when this process changes the catalog.
 */
export async function createPageService(deps: {
  serverEntryPath: string;
  template: string;
  catalog: CatalogReader;
  collections: CollectionsReader;
  shopConfig: ShopConfig;
  appUrl: string;
  cacheMs: number;
  /** A render's time, a request's (db/postgres.ts requestDeadlineMs); past it, PageBusyError. */
  deadlineMs: number;
  now?: () => number;
}) {
  const entry = (await import(pathToFileURL(deps.serverEntryPath).href)) as ServerEntry;
  const renderer = entry.createServerRenderer({
    origin: RENDER_ORIGIN,
    appUrl: deps.appUrl,
    fetch: createRendererFetch({
      catalog: deps.catalog,
      collections: deps.collections,
      shopConfig: deps.shopConfig,
    }),
    sanitizeHtml: sanitizeDescription,
  });
  const documentOf = createHtmlDocument(deps.template, entry.SERVER_DATA_ID);
  const render = async (pathAndQuery: string) => {
    const page = await renderWithin(deps.deadlineMs, () =>
      renderer.renderPage(`${RENDER_ORIGIN}${pathAndQuery}`),
    );
    return answerOf(Buffer.from(documentOf(page)), page.status);
  };
  // An old copy is still sent for up to 30 cache periods while one fresh render runs.
  const cache = new TtlCache<PageAnswer>(
    deps.cacheMs,
    MAX_CACHED_PAGES,
    deps.now,
    deps.cacheMs * STALE_PERIODS,
  );
  deps.catalog.onInvalidate(() => cache.clear());

  return {
    /** The page at `pathAndQuery`; public pages from the cache (see TtlCache's staleMs). */
    page(pathAndQuery: string, kind: Exclude<PageKind, 'shell'>): Promise<PageAnswer> {
      return kind === 'public'
        ? cache.get(pathAndQuery, () => render(pathAndQuery))
        : render(pathAndQuery);
    },
  };
}
export type PageService = Awaited<ReturnType<typeof createPageService>>;
