// A reverse proxy that compresses text answers (brotli or gzip, as the browser asks), the way a
// CDN or load balancer in front of the shop would. The API itself sends everything uncompressed;
// bench/lighthouse.ts --with-compression measures both ways in the same run.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream';
import zlib from 'node:zlib';

const COMPRESSIBLE = /^(text\/|application\/(javascript|json)|image\/svg\+xml)/;

export type CompressingProxy = { origin: string; stop: () => Promise<void> };

export async function startCompressingProxy(upstream: string): Promise<CompressingProxy> {
  const target = new URL(upstream);
  const server = http.createServer((request, response) => {
    const headers = { ...request.headers, host: target.host };
    delete headers['accept-encoding'];
    const forward = http.request(
      {
        hostname: target.hostname,
        port: target.port,
        path: request.url,
        method: request.method,
        headers,
      },
      (answer) => {
        const accepts = String(request.headers['accept-encoding'] ?? '');
        const type = String(answer.headers['content-type'] ?? '');
        const encoding = !COMPRESSIBLE.test(type)
          ? null
          : /\bbr\b/.test(accepts)
            ? 'br'
            : /\bgzip\b/.test(accepts)
              ? 'gzip'
              : null;
        const outHeaders = { ...answer.headers };
        if (encoding && answer.statusCode !== 304) {
          delete outHeaders['content-length'];
          outHeaders['content-encoding'] = encoding;
          outHeaders.vary = 'Accept-Encoding';
          response.writeHead(answer.statusCode ?? 502, outHeaders);
          const compress =
            encoding === 'br'
              ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
              : zlib.createGzip({ level: 6 });
          pipeline(answer, compress, response, () => {});
        } else {
          response.writeHead(answer.statusCode ?? 502, outHeaders);
          pipeline(answer, response, () => {});
        }
      },
    );
    forward.on('error', () => response.destroy());
    pipeline(request, forward, () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
