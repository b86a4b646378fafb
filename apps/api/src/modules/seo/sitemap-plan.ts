import type { Database } from '../../db/client';
import type { IdRange, PublishedAddresses } from '../../db/published-addresses';
import { publishedProductAddresses } from '../catalog/service';
import { publishedCollectionAddresses } from '../collections/service';

/** The protocol's bound of a sitemap file (and 50 MB: 50,000 URLs of at most ~300 bytes is 15 MB). */
export const MAX_URLS_PER_FILE = 50_000;

/** What the sitemap lists past the storefront's own pages: a published record per URL. */
type Source = { name: string; path: string; addresses: PublishedAddresses };

const SOURCES: readonly Source[] = [
  { name: 'products', path: '/products/', addresses: publishedProductAddresses },
  { name: 'collections', path: '/collections/', addresses: publishedCollectionAddresses },
];

/** A sitemap file: the storefront's pages, or a range of ids of one source (by `name`.xml). */
export type SitemapFile =
  | { name: string; kind: 'pages' }
  | { name: string; kind: 'records'; source: Source; range: IdRange };

/** The storefront's own pages: always there, whatever the catalog holds. */
export const PAGES_FILE: SitemapFile = { name: 'pages.xml', kind: 'pages' };

/**
 * The first id of each file of a source: every MAX_URLS_PER_FILE-th published id, found by
 * skipping that many index entries from the previous one (two steps at 100,000 products).
 */
async function fileStarts(db: Database, addresses: PublishedAddresses): Promise<string[]> {
  const starts: string[] = [];
  let next = await addresses.idAt(db, undefined, 0);
  while (next !== undefined) {
    starts.push(next);
    next = await addresses.idAt(db, next, MAX_URLS_PER_FILE);
  }
  return starts;
}

/**
 * The sitemap's files: the pages, then each source's published records cut by id into files of at
 * most MAX_URLS_PER_FILE (a source with none has no file). Kept with the files it names
 * (sitemaps.ts): a file is always written with the ranges of the index that named it.
 */
export async function planSitemaps(db: Database): Promise<SitemapFile[]> {
  const perSource = await Promise.all(
    SOURCES.map(async (source) => {
      const starts = await fileStarts(db, source.addresses);
      return starts.map((from, i): SitemapFile => ({
        name: `${source.name}-${i + 1}.xml`,
        kind: 'records',
        source,
        range: { from, before: starts[i + 1] },
      }));
    }),
  );
  return [PAGES_FILE, ...perSource.flat()];
}
