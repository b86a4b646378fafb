import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client';
import { robotsTxt, sitemapXml } from './service';

/**
 * Crawlers read these rarely and a new product may wait a few minutes to be listed: five minutes
 * in any cache spares the database a crawler's (or a CDN's) repeated reads.
 */
const CACHE_CONTROL = 'public, max-age=300';

/**
 * /sitemap.xml and /robots.txt. `appUrl`: the shop's address (APP_URL, or localhost in development),
 * never the request's Host header, which a client chooses and a shared cache would keep.
 */
export const seoRoutes: FastifyPluginAsync<{ db: Database; appUrl: string }> = async (
  app,
  { db, appUrl },
) => {
  app.get('/sitemap.xml', async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', CACHE_CONTROL)
      .send(await sitemapXml(db, appUrl)),
  );

  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', CACHE_CONTROL)
      .send(robotsTxt(appUrl)),
  );
};
