import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { ShopConfig } from '@shop/shared/catalog';
import { ByteBudgetLru } from '../../lib/byte-budget-lru';
import { TtlCache, stringBytes } from '../../lib/ttl-cache';
import { sanitizeDescription } from '../admin-products/description';
import type { CatalogReader } from '../catalog/catalog-reader';
import type { CollectionsReader } from '../collections/collections-reader';
import { createHtmlDocument, type RenderedPage } from './html-document';
import type { PageKind } from './page-policy';
import { renderWithin } from './render-deadline';
import { createRendererFetch, recordReads, type RenderRead } from './renderer-fetch';

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
/**
 * A page's weight in the caches: its HTML and the compressed copies it may come to hold (brotli
 * and gzip, each well under a quarter of it).
 */
const pageBytes = (answer: PageAnswer) => Math.ceil(answer.html.byteLength * 1.5);

/** A public page's last render: what its reads answered, and the year its footer shows. */
type RememberedRender = { year: number; reads: RenderRead[]; answer: PageAnswer };

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
  /** What the pages kept may weigh, and what the remembered renders may (each). */
  cacheBytes: number;
  /** A render's time, a request's (db/postgres.ts requestDeadlineMs); past it, PageBusyError. */
  deadlineMs: number;
  now?: () => number;
}) {
  const entry = (await import(pathToFileURL(deps.serverEntryPath).href)) as ServerEntry;
  const api = createRendererFetch({
    catalog: deps.catalog,
    collections: deps.collections,
    shopConfig: deps.shopConfig,
  });
  const renderer = entry.createServerRenderer({
    origin: RENDER_ORIGIN,
    appUrl: deps.appUrl,
    fetch: api.fetch,
    sanitizeHtml: sanitizeDescription,
  });
  const documentOf = createHtmlDocument(deps.template, entry.SERVER_DATA_ID);
  const now = deps.now ?? Date.now;
  const yearNow = () => new Date(now()).getUTCFullYear();

  // Every request reads the database (the page cache above is a separate switch); React renders
  // again only when an answer differs from what the address's last render read. Rendering is a
  // pure function of those answers (and of the year the footer shows), so the page is the one it
  // would render. React is most of a page's CPU (decision 046).
  const remembered = new ByteBudgetLru<RememberedRender>(deps.cacheBytes);
  const unchanged = async (last: RememberedRender) => {
    if (last.year !== yearNow()) return false;
    const answers = await Promise.all(last.reads.map((read) => api.read(read.url)));
    return answers.every(
      (answer, i) => answer.status === last.reads[i]!.status && answer.body === last.reads[i]!.body,
    );
  };
  const render = async (pathAndQuery: string, remember: boolean) => {
    const last = remember ? remembered.get(pathAndQuery) : undefined;
    if (last && (await renderWithin(deps.deadlineMs, () => unchanged(last)))) return last.answer;
    const year = yearNow();
    const { result: page, reads } = await renderWithin(deps.deadlineMs, () =>
      recordReads(() => renderer.renderPage(`${RENDER_ORIGIN}${pathAndQuery}`)),
    );
    const answer = answerOf(Buffer.from(documentOf(page)), page.status);
    if (remember) {
      const readBytes = reads.reduce(
        (sum, read) => sum + stringBytes(read.url) + stringBytes(read.body),
        0,
      );
      remembered.set(pathAndQuery, { year, reads, answer }, pageBytes(answer) + readBytes);
    }
    return answer;
  };
  // An old copy is still sent for up to 30 cache periods while one fresh render runs.
  const cache = new TtlCache<PageAnswer>({
    ttlMs: deps.cacheMs,
    maxBytes: deps.cacheBytes,
    sizeOf: pageBytes,
    ...(deps.now ? { now: deps.now } : {}),
    staleMs: deps.cacheMs * STALE_PERIODS,
  });
  deps.catalog.onInvalidate(() => cache.clear());

  return {
    /** The page at `pathAndQuery`; public pages from the cache (see TtlCache's staleMs). */
    page(pathAndQuery: string, kind: Exclude<PageKind, 'shell'>): Promise<PageAnswer> {
      return kind === 'public'
        ? cache.get(pathAndQuery, () => render(pathAndQuery, true))
        : render(pathAndQuery, false);
    },
    /** What the kept pages and the remembered renders weigh now (each within `cacheBytes`). */
    heldBytes(): { pages: number; renders: number } {
      return { pages: cache.bytes, renders: remembered.bytes };
    },
  };
}
export type PageService = Awaited<ReturnType<typeof createPageService>>;
