import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client';
import { publicOrigin, robotsTxt, sitemapXml } from './service';

/**
 * Crawlers read these rarely and a new product may wait a few minutes to be listed: five minutes
 * in any cache spares the database a crawler's (or a CDN's) repeated reads.
 */
const CACHE_CONTROL = 'public, max-age=300';

/** /sitemap.xml and /robots.txt. `appUrl`: APP_URL as configured (unset in development). */
export const seoRoutes: FastifyPluginAsync<{ db: Database; appUrl: string | undefined }> = async (
  app,
  { db, appUrl },
) => {
  app.get('/sitemap.xml', async (request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', CACHE_CONTROL)
      .send(await sitemapXml(db, publicOrigin(appUrl, request))),
  );

  app.get('/robots.txt', async (request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', CACHE_CONTROL)
      .send(robotsTxt(publicOrigin(appUrl, request))),
  );
};
