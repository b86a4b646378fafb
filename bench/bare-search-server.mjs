// The search benchmark's baseline (bench/search-load.ts): a bare node:http server that, for each
// address it knows, runs on a pg pool of the shop's size (10) the very statements the API ran for
// it (their text and parameters, recorded from drizzle by the benchmark), in the same stages (the
// statements the API sends at once are sent at once here), then answers the bytes the API answered.
// What a request must cost at least: the database's time plus the bytes.
// Usage (as a child process): node bare-search-server.mjs <port> <spec-file> <database-url>
// The spec file: { "<path>": { "contentType": "...", "body": "<base64>", "stages": [[{ "text", "values" }]] } }
import { readFileSync } from 'node:fs';
import http from 'node:http';
import pg from 'pg';

const [port, specFile, databaseUrl] = process.argv.slice(2);
const spec = JSON.parse(readFileSync(specFile, 'utf8'));
const answers = new Map(
  Object.entries(spec).map(([path, { contentType, body, stages }]) => [
    path,
    { contentType, body: Buffer.from(body, 'base64'), stages },
  ]),
);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
pool.on('error', () => {});

async function run(stages) {
  for (const stage of stages)
    await Promise.all(stage.map(({ text, values }) => pool.query(text, values)));
}

http
  .createServer((request, response) => {
    const answer = answers.get(request.url ?? '/');
    if (!answer) return response.writeHead(404).end();
    run(answer.stages).then(
      () => {
        response.writeHead(200, {
          'content-type': answer.contentType,
          'content-length': answer.body.length,
        });
        response.end(answer.body);
      },
      (error) => response.writeHead(500).end(String(error)),
    );
  })
  .listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
