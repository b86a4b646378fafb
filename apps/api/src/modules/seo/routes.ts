import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../errors';
import { acceptedEncodings } from '../../lib/accept-encoding';
import { robotsTxt } from './service';
import { SITEMAP_FILES_PATH, type Sitemaps } from './sitemaps';

/**
 * Crawlers read these rarely and a new product may wait a few minutes to be listed: five minutes
 * in any cache spares the database a crawler's (or a CDN's) repeated reads.
 */
const CACHE_CONTROL = 'public, max-age=300';

const gunzipBuffer = promisify(gunzip);

/**
 * Each kept sitemap inflated once, for the clients that do not take gzip, and kept as long as its
 * gzipped bytes are (a generation of sitemaps: keyed weakly by them). Inflating a 50,000-URL file
 * (5 MB) on every such request cost more CPU than sending it.
 */
const inflated = new WeakMap<Buffer, Promise<Buffer>>();
function inflatedOf(gzipped: Buffer): Promise<Buffer> {
  let plain = inflated.get(gzipped);
  if (!plain) {
    const inflating = gunzipBuffer(gzipped);
    inflated.set(gzipped, (plain = inflating));
    inflating.catch(() => inflated.delete(gzipped));
  }
  return plain;
}

/** A kept sitemap, gzipped as it is kept to those that take gzip (every crawler), else inflated. */
async function sendXml(request: FastifyRequest, reply: FastifyReply, gzipped: Buffer) {
  reply
    .type('application/xml; charset=utf-8')
    .header('cache-control', CACHE_CONTROL)
    .header('vary', 'accept-encoding');
  if (acceptedEncodings(request.headers['accept-encoding']).has('gzip'))
    return reply.header('content-encoding', 'gzip').send(gzipped);
  return reply.send(await inflatedOf(gzipped));
}

/**
 * /sitemap.xml (the index), /sitemaps/<file> and /robots.txt. `appUrl`: the shop's address
 * (APP_URL, or localhost in development), never the request's Host header, which a client chooses
 * and a shared cache would keep.
 */
export const seoRoutes: FastifyPluginAsync<{ appUrl: string; sitemaps: Sitemaps }> = async (
  app,
  { appUrl, sitemaps },
) => {
  app.get('/sitemap.xml', async (request, reply) =>
    sendXml(request, reply, await sitemaps.index()),
  );

  app.get<{ Params: { file: string } }>(`${SITEMAP_FILES_PATH}:file`, async (request, reply) => {
    const file = await sitemaps.file(request.params.file);
    if (!file) throw notFound('Sitemap not found');
    return sendXml(request, reply, file);
  });

  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', CACHE_CONTROL)
      .send(robotsTxt(appUrl)),
  );
};
