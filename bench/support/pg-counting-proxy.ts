// A TCP proxy in front of PostgreSQL that counts what its clients send: statements (a simple
// Query, or an extended-protocol Execute) and round trips (a Query, or a Sync: each waits for
// the server's ReadyForQuery). pg_stat_statements needs the server's preload list, which the
// machine's PostgreSQL does not have; this counts the same for the shop and for a bare client.
// It also times each round trip by its statements' text (a diagnostic: wall time, not CPU).
import net from 'node:net';

export interface StatementCounts {
  statements: number;
  roundTrips: number;
}

export interface CountingProxy {
  /** The upstream URL with the proxy's host and port. */
  url: string;
  counts: () => StatementCounts;
  /** Wall ms from each round trip's request to the server's ReadyForQuery, by statement text. */
  timings: () => Map<string, { count: number; ms: number }>;
  stop: () => Promise<void>;
}

/** What one connection is waiting for: the statements of its round trips in flight, in order. */
interface Pending {
  /** Named prepared statements' text (sent once per connection, then by name). */
  named: Map<string, string>;
  /** Statements sent since the last Sync or Query. */
  batch: string[];
  inFlight: { text: string; at: number }[];
}

/** Reads a client's frontend messages as they pass, after its untyped startup message. */
function frontendCounter(counts: StatementCounts, pending: Pending) {
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
      const body = buffered.subarray(5, length + 1);
      const cString = (from: number) => {
        const end = body.indexOf(0, from);
        return { text: body.toString('utf8', from, end), next: end + 1 };
      };
      if (type === 'Q') {
        counts.statements += 1;
        counts.roundTrips += 1;
        pending.inFlight.push({ text: cString(0).text, at: performance.now() });
      } else if (type === 'P') {
        const name = cString(0);
        const text = cString(name.next).text;
        if (name.text) pending.named.set(name.text, text);
        pending.batch.push(text);
      } else if (type === 'B') {
        const statement = cString(cString(0).next).text;
        if (statement) pending.batch.push(pending.named.get(statement) ?? statement);
      } else if (type === 'E') counts.statements += 1;
      else if (type === 'S') {
        counts.roundTrips += 1;
        pending.inFlight.push({
          text: [...new Set(pending.batch)].join(' ; '),
          at: performance.now(),
        });
        pending.batch = [];
      }
      buffered = buffered.subarray(length + 1);
    }
  };
}

export async function startCountingProxy(upstreamUrl: string): Promise<CountingProxy> {
  const upstream = new URL(upstreamUrl);
  const counts: StatementCounts = { statements: 0, roundTrips: 0 };
  const timings = new Map<string, { count: number; ms: number }>();
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
    const pending: Pending = { named: new Map(), batch: [], inFlight: [] };
    const count = frontendCounter(counts, pending);
    client.on('data', (chunk: Buffer) => {
      count(chunk);
      server.write(chunk);
    });
    server.on('data', (chunk: Buffer) => {
      // ReadyForQuery ('Z', length 5) ends a round trip; a byte match is close enough here.
      for (
        let at = chunk.indexOf('Z\0\0\0\x05', 0, 'latin1');
        at >= 0;
        at = chunk.indexOf('Z\0\0\0\x05', at + 1, 'latin1')
      ) {
        const done = pending.inFlight.shift();
        if (!done) continue;
        const timing = timings.get(done.text) ?? { count: 0, ms: 0 };
        timing.count += 1;
        timing.ms += performance.now() - done.at;
        timings.set(done.text, timing);
      }
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
    timings: () => new Map(timings),
    stop: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
