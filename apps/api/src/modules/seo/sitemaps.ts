import type { Database } from '../../db/client';
import { gzipText, sitemapFileText } from './sitemap-file';
import { PAGES_FILE, planSitemaps, type SitemapFile } from './sitemap-plan';
import { sitemapIndexXml } from './sitemap-xml';

/** Where the sitemap files are served: /sitemaps/<name>. */
export const SITEMAP_FILES_PATH = '/sitemaps/';

/** One plan (made when first needed) and the gzipped files written from it: they always agree. */
type Generation = {
  madeAt: number;
  plan: () => Promise<SitemapFile[]>;
  files: Map<string, Promise<Buffer>>;
};

/**
 * The sitemap index and its files, gzipped, each written when first asked and kept `ttlMs` (0:
 * written on every request), all dropped at once by `clear` (the catalog's invalidation). Memory
 * is bounded by the catalog: about 0.3 MB of gzip per 50,000 URLs, one generation at a time (and
 * the 5 MB inflated copy of each file a client without gzip asked for, dropped with it).
 */
export function createSitemaps(
  db: Database,
  origin: string,
  ttlMs: number,
  now: () => number = Date.now,
) {
  let current: Generation | undefined;

  const generation = (): Generation => {
    if (current && now() - current.madeAt < ttlMs) return current;
    let planned: Promise<SitemapFile[]> | undefined;
    const made: Generation = {
      madeAt: now(),
      plan: () => {
        if (!planned) {
          planned = planSitemaps(db);
          // A failed plan is not kept: the next request plans again.
          planned.catch(() => {
            if (current === made) current = undefined;
          });
        }
        return planned;
      },
      files: new Map(),
    };
    current = ttlMs > 0 ? made : undefined;
    return made;
  };

  /** One write per file at a time; a failed write is not kept. */
  const kept = (made: Generation, key: string, write: () => Promise<Buffer>) => {
    let file = made.files.get(key);
    if (!file) {
      const written = write();
      made.files.set(key, (file = written));
      written.catch(() => {
        if (made.files.get(key) === written) made.files.delete(key);
      });
    }
    return file;
  };

  return {
    /** /sitemap.xml: the index naming every file. */
    index(): Promise<Buffer> {
      const made = generation();
      return kept(made, '', async () => {
        const locs = (await made.plan()).map(
          (file) => `${origin}${SITEMAP_FILES_PATH}${file.name}`,
        );
        return gzipText([sitemapIndexXml(locs)]);
      });
    },
    /** /sitemaps/<name>; undefined when the index names no such file. */
    async file(name: string): Promise<Buffer | undefined> {
      const made = generation();
      // The pages' file needs no plan: it is always named.
      const file =
        name === PAGES_FILE.name
          ? PAGES_FILE
          : (await made.plan()).find((planned) => planned.name === name);
      if (!file) return undefined;
      return kept(made, name, () => gzipText(sitemapFileText(db, origin, file)));
    },
    clear(): void {
      current = undefined;
    },
  };
}
export type Sitemaps = ReturnType<typeof createSitemaps>;
