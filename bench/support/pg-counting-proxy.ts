// A TCP proxy in front of PostgreSQL that counts what its clients send: statements (a simple
// Query, or an extended-protocol Execute) and round trips (a Query, or a Sync: each waits for
// the server's ReadyForQuery). pg_stat_statements needs the server's preload list, which the
// machine's PostgreSQL does not have; this counts the same for the shop and for a bare client.
import net from 'node:net';

export interface StatementCounts {
  statements: number;
  roundTrips: number;
}

export interface CountingProxy {
  /** The upstream URL with the proxy's host and port. */
  url: string;
  counts: () => StatementCounts;
  stop: () => Promise<void>;
}

/** Reads a client's frontend messages as they pass, after its untyped startup message. */
function frontendCounter(counts: StatementCounts) {
  let buffered = Buffer.alloc(0);
  let started = false;
  return (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    for (;;) {
      if (!started) {
        if (buffered.length < 4) return;
        const length = buffered.readInt32BE(0);
        if (buffered.length < length) return;
        // An SSLRequest (80877103) is answered 'N' by a plain server; the startup follows.
        started = buffered.readInt32BE(4) !== 80877103;
        buffered = buffered.subarray(length);
        continue;
      }
      if (buffered.length < 5) return;
      const length = buffered.readInt32BE(1);
      if (buffered.length < length + 1) return;
      const type = String.fromCharCode(buffered[0] ?? 0);
      if (type === 'Q') {
        counts.statements += 1;
        counts.roundTrips += 1;
      } else if (type === 'E') counts.statements += 1;
      else if (type === 'S') counts.roundTrips += 1;
      buffered = buffered.subarray(length + 1);
    }
  };
}

export async function startCountingProxy(upstreamUrl: string): Promise<CountingProxy> {
  const upstream = new URL(upstreamUrl);
  const counts: StatementCounts = { statements: 0, roundTrips: 0 };
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const server = net.connect(Number(upstream.port || 5432), upstream.hostname);
    for (const socket of [client, server]) {
      sockets.add(socket);
      socket.setNoDelay(true);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        server.destroy();
      });
    }
    const count = frontendCounter(counts);
    client.on('data', (chunk: Buffer) => {
      count(chunk);
      server.write(chunk);
    });
    server.pipe(client);
    client.on('end', () => server.end());
    server.on('end', () => client.end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  const url = new URL(upstreamUrl);
  url.hostname = '127.0.0.1';
  url.port = String(address.port);
  return {
    url: url.toString(),
    counts: () => ({ ...counts }),
    stop: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
