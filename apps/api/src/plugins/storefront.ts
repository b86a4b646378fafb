import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from '@shop/shared/catalog';

const isApiPath = (url: string) =>
  url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/** Hashed assets never change; index.html must always be fresh so a deploy reaches everyone. */
function cacheControlFor(sentPath: string): string {
  const filePath = sentPath.replace(/\.(br|gz)$/, ''); // a precompressed copy caches as its file
  if (filePath.includes(`${path.sep}assets${path.sep}`))
    return 'public, max-age=31536000, immutable';
  if (filePath.endsWith('.html')) return 'no-cache';
  return 'public, max-age=3600';
}

/**
 * Serves the built storefront from the same port as the API: hashed assets cached for a year,
 * index.html never cached, and every other non-API GET answered with index.html (the SPA routes it).
 * Text files go out as the brotli or gzip copies the build wrote beside them (see the web app's
 * vite-plugins/precompress.ts) to browsers that accept them.
 */
export async function registerStorefront(app: FastifyInstance, webDistDir: string) {
  const indexFile = path.join(webDistDir, 'index.html');
  const built = existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: true,
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        res.header('cache-control', cacheControlFor(filePath));
      },
    });
  }

  const sendIndex = async (_request: FastifyRequest, reply: FastifyReply) => {
    if (!built) {
      return reply
        .code(404)
        .send({ message: 'The storefront is not built. Run `npm run build`.' } satisfies ErrorBody);
    }
    return reply.sendFile('index.html', webDistDir);
  };

  // The static plugin refuses directories, so the root is routed to the app explicitly.
  app.get('/', sendIndex);
  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    if (isApiPath(request.url) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({
        message: `Not found: ${request.method} ${request.url.split('?')[0]}`,
      } satisfies ErrorBody);
    }
    return sendIndex(request, reply);
  });
}
