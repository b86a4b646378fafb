import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses API answers of 1 kB and more (a product list is several kB of JSON) for browsers that
 * accept it, at a light brotli level so the CPU cost per request stays small. The storefront's
 * files are compressed at build time instead (see storefront.ts) and pass through untouched.
 * Request bodies are never inflated: the payment webhook verifies its signature over the raw bytes.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
  });
}
