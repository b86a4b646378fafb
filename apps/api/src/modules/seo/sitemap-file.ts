import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { Database } from '../../db/client';
import { MAX_URLS_PER_FILE, type SitemapFile } from './sitemap-plan';
import { STOREFRONT_PAGES } from './service';
import { URLSET_CLOSE, URLSET_OPEN, urlEntry } from './sitemap-xml';

/** Rows read per keyset step: a step's rows and their text are all a file holds in memory. */
const BATCH_ROWS = 2_000;

/**
 * A sitemap file's text, a batch at a time: the file's records read by keyset (`id > last`),
 * never all at once, and never more than MAX_URLS_PER_FILE (should the catalog have grown into
 * the file's range since its index was planned, the rest waits for the next plan).
 */
export async function* sitemapFileText(
  db: Database,
  origin: string,
  file: SitemapFile,
): AsyncGenerator<string> {
  yield URLSET_OPEN;
  if (file.kind === 'pages') {
    yield STOREFRONT_PAGES.map((path) => urlEntry(`${origin}${path}`)).join('');
  } else {
    const { source, range } = file;
    let written = 0;
    let after: string | undefined;
    while (written < MAX_URLS_PER_FILE) {
      const limit = Math.min(BATCH_ROWS, MAX_URLS_PER_FILE - written);
      const rows = await source.addresses.batch(db, range, after, limit);
      yield rows
        .map((row) =>
          urlEntry(`${origin}${source.path}${encodeURIComponent(row.handle)}`, row.updatedAt),
        )
        .join('');
      written += rows.length;
      if (rows.length < limit) break;
      after = rows.at(-1)!.id;
    }
  }
  yield URLSET_CLOSE;
}

/** Text gzipped as it comes: what is kept is the compressed file (under a tenth of the text). */
export async function gzipText(text: AsyncIterable<string> | Iterable<string>): Promise<Buffer> {
  const gzip = createGzip();
  const [gzipped] = await Promise.all([buffer(gzip), pipeline(Readable.from(text), gzip)]);
  return gzipped;
}
