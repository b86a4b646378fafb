// Load for benchmarks: autocannon over a list of paths, each connection going through them round
// and round; any 5xx (or other non-2xx) or socket error fails the run.
import autocannon from 'autocannon';

export function loadPaths(
  origin: string,
  paths: readonly string[],
  connections: number,
  seconds: number,
  headers: Record<string, string> = {},
): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: origin,
        connections,
        duration: seconds,
        headers,
        requests: paths.map((p) => ({ method: 'GET', path: p })),
      },
      (error, result) => {
        if (error) reject(error);
        else if (result.non2xx || result.errors)
          reject(new Error(`${paths[0]}: ${result.non2xx} non-2xx, ${result.errors} errors`));
        else resolve(result);
      },
    );
  });
}
