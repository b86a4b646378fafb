// The baseline: a bare node:http server that answers every request with fixed bytes.
// Usage (as a child process): node bare-server.mjs <port> <content-type> <body-file>
import { readFileSync } from 'node:fs';
import http from 'node:http';

const [port, contentType, bodyFile] = process.argv.slice(2);
const body = readFileSync(bodyFile);
http
  .createServer((_request, response) => {
    response.writeHead(200, { 'content-type': contentType, 'content-length': body.length });
    response.end(body);
  })
  .listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
