import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from '@shop/shared/catalog';
import { DATABASE_RETRY_AFTER_SECONDS } from '../db/database-errors';
import { requestDeadlineMs } from '../db/postgres';
import type { Env } from '../env';
import { acceptedEncodings } from '../lib/accept-encoding';
import { appUrl, databaseTimeoutsOf } from '../env';
import { readListingQuery } from '../modules/catalog/service';
import type { SearchLog } from '../modules/search/search-log';
import type { CatalogReader } from '../modules/catalog/catalog-reader';
import type { CollectionsReader } from '../modules/collections/collections-reader';
import { shopConfigOf } from '../modules/config/service';
import {
  CACHE_CONTROL,
  pageKindOf,
  renderedAddressOf,
  type PageKind,
} from '../modules/pages/page-policy';
import {
  createPageService,
  type Encoding,
  type PageAnswer,
  type PageService,
} from '../modules/pages/page-service';
import { busyPage } from '../modules/pages/busy-page';
import { PageBusyError } from '../modules/pages/render-deadline';

const isApiPath = (url: string) =>
  url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/** A path segment as text; a malformed escape stays as it is (it names no product). */
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Built files that are missing are plain 404s, not pages. */
const isFilePath = (pathname: string) => /^\/(assets|images)\//.test(pathname);

/** Hashed assets never change; index.html must always be fresh so a deploy reaches everyone. */
function cacheControlFor(sentPath: string): string {
  const filePath = sentPath.replace(/\.(br|gz)$/, ''); // a precompressed copy caches as its file
  if (filePath.includes(`${path.sep}assets${path.sep}`))
    return 'public, max-age=31536000, immutable';
  if (filePath.endsWith('.html')) return 'no-cache';
  return 'public, max-age=3600';
}

/** The encoding the browser takes, brotli first; none when it takes neither (or refuses both). */
function encodingFor(request: FastifyRequest): Encoding | undefined {
  const accepted = acceptedEncodings(request.headers['accept-encoding']);
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

async function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: PageAnswer,
  kind: PageKind,
) {
  reply
    .code(answer.status)
    .header('cache-control', CACHE_CONTROL[kind])
    .header('etag', answer.etag)
    .header('vary', 'accept-encoding')
    .type('text/html; charset=utf-8');
  if (request.headers['if-none-match'] === answer.etag && answer.status === 200)
    return reply.code(304).send();
  const encoding = encodingFor(request);
  if (!encoding) return reply.send(answer.html);
  return reply.header('content-encoding', encoding).send(await answer.encoded(encoding));
}

export type StorefrontOptions = {
  webDistDir: string;
  /** The built server renderer; without it every page is the browser-only app. */
  serverEntryPath: string;
  catalog: CatalogReader;
  collections: CollectionsReader;
  /** Counts the searches whose page is loaded whole (a shared link, the form without script). */
  searchLog?: Pick<SearchLog, 'listed'>;
  env: Env;
};

/**
 * Serves the built storefront from the same port as the API: hashed assets cached for a year;
 * every other non-API GET a page rendered on the server (see modules/pages and
 * docs/decisions/019-server-rendering.md), or the browser-only index.html for the back office and
 * whenever there is no server build. The searching form of a browser without JavaScript
 * (GET /search?keyword=…) is sent on to /search/{keyword}.
 * Text files go out as the brotli or gzip copies the build wrote beside them (see the web app's
 * vite-plugins/precompress.ts) to browsers that accept them.
 */
export async function registerStorefront(app: FastifyInstance, options: StorefrontOptions) {
  const { webDistDir, serverEntryPath, catalog, collections, searchLog, env } = options;
  const indexFile = path.join(webDistDir, 'index.html');
  const built = existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      // A route per built file (listed at start): a page's address never costs a file lookup.
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        res.header('cache-control', cacheControlFor(filePath));
      },
    });
  }
  const pages: PageService | undefined =
    built && existsSync(serverEntryPath)
      ? await createPageService({
          serverEntryPath,
          template: readFileSync(indexFile, 'utf8'),
          catalog,
          collections,
          shopConfig: shopConfigOf(env),
          appUrl: appUrl(env),
          cacheMs: env.CATALOG_CACHE_MS,
          cacheBytes: env.PAGE_CACHE_BYTES,
          deadlineMs: requestDeadlineMs(databaseTimeoutsOf(env)),
        })
      : undefined;

  const sendShell = async (reply: FastifyReply) => {
    if (!built) {
      return reply
        .code(404)
        .send({ message: 'The storefront is not built. Run `npm run build`.' } satisfies ErrorBody);
    }
    return reply.sendFile('index.html', webDistDir);
  };

  /**
   * A search's first page loaded whole is a search for the Searches report (decision 056), as the
   * storefront's own request for it is when the shopper searches from a page already open. Its
   * count comes from the catalog's reader, which the page's render then reads again from its cache.
   */
  const countSearchPage = async (url: URL, request: FastifyRequest) => {
    const keyword = /^\/search\/([^/]+)$/.exec(url.pathname)?.[1];
    // Sorted or filtered, it is the same search again (the renderer keeps only what it reads).
    if (
      !searchLog ||
      keyword === undefined ||
      renderedAddressOf(url.pathname, url.searchParams) !== url.pathname
    )
      return;
    try {
      const listing = readListingQuery({ keyword: safeDecode(keyword) });
      if (!listing.keyword) return;
      searchLog.listed(listing, (await catalog.cardPage(listing)).total);
    } catch (error) {
      // The page is rendered (or refused) as any other; its own read meets the same trouble.
      request.log.warn({ err: error }, 'search page not counted');
    }
  };

  const answerPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, 'http://storefront.internal');
    if (url.pathname === '/search') {
      const keyword = url.searchParams.get('keyword')?.trim();
      return reply.redirect(keyword ? `/search/${encodeURIComponent(keyword)}` : '/', 303);
    }
    // A renamed product's former address leads to its current one (decision 033).
    const productAddress = /^\/products\/([^/]+)$/.exec(url.pathname)?.[1];
    if (productAddress !== undefined) {
      let handle: string | undefined;
      try {
        handle = await catalog.productRedirect(safeDecode(productAddress));
      } catch (error) {
        // The page is rendered (or refused) as any other; its own read meets the same trouble.
        request.log.error({ err: error }, 'product address look-up failed');
      }
      // Cached as a page is, never for good: a handle renamed back must not loop in a browser.
      if (handle)
        return reply
          .header('cache-control', CACHE_CONTROL.public)
          .redirect(`/products/${encodeURIComponent(handle)}${url.search}`, 301);
    }
    const kind = pageKindOf(url.pathname, url.searchParams);
    if (!pages || kind === 'shell') return sendShell(reply);
    await countSearchPage(url, request);
    let answer: PageAnswer;
    try {
      const address =
        kind === 'public'
          ? renderedAddressOf(url.pathname, url.searchParams)
          : url.pathname + url.search;
      answer = await pages.page(address, kind);
    } catch (error) {
      if (error instanceof PageBusyError) {
        // As the API answers while the database does not: the browser's app could do no better.
        request.log.error({ err: error }, 'database unavailable; sent the busy page');
        return reply
          .code(503)
          .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(busyPage(request.url));
      }
      // The shop still works: the browser renders the page itself.
      request.log.error({ err: error }, 'server rendering failed; sent the browser-only page');
      return sendShell(reply);
    }
    return sendPage(request, reply, answer, kind);
  };

  // The static plugin refuses directories, so the root is routed to the app explicitly.
  app.get('/', answerPage);
  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0]!;
    if (
      isApiPath(request.url) ||
      isFilePath(pathname) ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      return reply.code(404).send({
        message: `Not found: ${request.method} ${pathname}`,
      } satisfies ErrorBody);
    }
    return answerPage(request, reply);
  });
}
