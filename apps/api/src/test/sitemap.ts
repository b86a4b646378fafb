import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

export type SitemapUrl = { loc: string; lastmod?: string };
export type SitemapFileRead = { loc: string; urls: SitemapUrl[]; bytes: number };

const TEXT = '[^<>&]*(?:&(?:amp|lt|gt|quot|apos);[^<>&]*)*';
const HEAD = '^<\\?xml version="1\\.0" encoding="UTF-8"\\?>\n';
const NAMESPACE = 'xmlns="http://www\\.sitemaps\\.org/schemas/sitemap/0\\.9"';

/** Each <url> of a sitemap file as { loc, lastmod }, after checking the document's whole shape. */
export function readSitemapFile(xml: string): SitemapUrl[] {
  const entry = `<url><loc>${TEXT}</loc>(?:<lastmod>[0-9T:.Z-]+</lastmod>)?</url>\n`;
  expect(xml).toMatch(new RegExp(`${HEAD}<urlset ${NAMESPACE}>\n(?:${entry})*</urlset>\n$`));
  return [...xml.matchAll(/<url><loc>(.*?)<\/loc>(?:<lastmod>(.*?)<\/lastmod>)?<\/url>/g)].map(
    ([, loc = '', lastmod]) => (lastmod ? { loc, lastmod } : { loc }),
  );
}

/** The files a sitemap index names, after checking the document's whole shape. */
export function readSitemapIndex(xml: string): string[] {
  const entry = `<sitemap><loc>${TEXT}</loc></sitemap>\n`;
  expect(xml).toMatch(
    new RegExp(`${HEAD}<sitemapindex ${NAMESPACE}>\n(?:${entry})*</sitemapindex>\n$`),
  );
  return [...xml.matchAll(/<sitemap><loc>(.*?)<\/loc><\/sitemap>/g)].map(([, loc = '']) => loc);
}

/** /sitemap.xml and every file it names, as a crawler reads them (each must answer 200 XML). */
export async function readWholeSitemap(
  app: FastifyInstance,
  origin: string,
): Promise<SitemapFileRead[]> {
  const index = await app.inject({ method: 'GET', url: '/sitemap.xml' });
  expect(index.statusCode).toBe(200);
  const files: SitemapFileRead[] = [];
  for (const loc of readSitemapIndex(index.body)) {
    expect(loc.startsWith(`${origin}/`), loc).toBe(true);
    const file = await app.inject({ method: 'GET', url: loc.slice(origin.length) });
    expect(file.statusCode, loc).toBe(200);
    expect(file.headers['content-type']).toBe('application/xml; charset=utf-8');
    files.push({ loc, urls: readSitemapFile(file.body), bytes: file.rawPayload.length });
  }
  return files;
}
