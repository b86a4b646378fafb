import type { FastifyInstance } from 'fastify';

export interface InjectOptions {
  body?: unknown;
  /** Sent as the bearer token. */
  token?: string;
  /** The client's address; by default the one `defaultIp` gives. */
  ip?: string;
}

/**
 * A `call(method, url, options)` for API tests in process: the app is read when called (test
 * files build it in beforeAll), and each call comes from `options.ip` or `defaultIp()`.
 */
export function injector(app: () => FastifyInstance, defaultIp: () => string) {
  return (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, options: InjectOptions = {}) =>
    app().inject({
      method,
      url,
      remoteAddress: options.ip ?? defaultIp(),
      ...(options.body === undefined ? {} : { payload: options.body as object }),
      headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    });
}

/** Client addresses one after another (`prefix` is the first two parts, e.g. '10.30'): one per call. */
export function clientAddresses(prefix: string): () => string {
  let next = 0;
  return () => {
    const address = `${prefix}.${Math.floor(next / 250)}.${(next % 250) + 1}`;
    next += 1;
    return address;
  };
}
