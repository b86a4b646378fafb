// Starts the production build for the browser tests on a fresh embedded database, with a real
// SMTP server beside it: the shop delivers mail to it and the tests read what arrived from
// http://127.0.0.1:$E2E_MAIL_PORT/mails (see support/mailbox.ts).
import { rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const port = Number(process.env.PORT ?? 3100);
const mailPort = Number(process.env.E2E_MAIL_PORT ?? port + 1);
const mails = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((parsed) => {
        mails.push({
          to: (Array.isArray(parsed.to) ? parsed.to[0]?.text : parsed.to?.text) ?? '',
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          receivedAt: new Date().toISOString(),
        });
        callback();
      })
      .catch(callback);
  },
});
await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpPort = smtp.server.address().port;

http
  .createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const to = url.searchParams.get('to')?.toLowerCase();
    const found = to ? mails.filter((mail) => mail.to.toLowerCase().includes(to)) : mails;
    // One request per connection: a kept-alive socket that the server closes after its idle
    // timeout, just as the tests' client sends on it, fails that request with ECONNRESET.
    response.writeHead(200, { 'content-type': 'application/json', connection: 'close' });
    response.end(JSON.stringify(found));
  })
  .listen(mailPort, '127.0.0.1');

const dataDir = path.resolve('test-results/e2e-data');
rmSync(dataDir, { recursive: true, force: true });
Object.assign(process.env, {
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  HOST: '127.0.0.1',
  APP_URL: `http://127.0.0.1:${port}`,
  JWT_SECRET: 'e2e-only-secret-that-is-long-enough-0123456789',
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  MAIL_FROM: '"Sadu Sands" <shop@sadusands.example>',
  MAIL_POLL_MS: '500',
  // The tests click fast from one address; the limits themselves are tested in the API tests.
  RATE_LIMIT_PER_MINUTE: process.env.RATE_LIMIT_PER_MINUTE ?? '100000',
  ACTION_LIMIT_SCALE: '100',
  // A test that locks out its client address sets its own X-Forwarded-For (one proxy: the test).
  TRUST_PROXY: '1',
  LOG_LEVEL: 'warn',
  ALLOW_TEST_CHECKOUT: 'true',
  I_UNDERSTAND_TEST_CHECKOUT_TAKES_NO_MONEY: 'true',
  // Start-up creates the shop's owner for the back-office tests (support/back-office.ts has the
  // same two values); the second factor is theirs to set up, in the browser.
  OWNER_EMAIL: 'owner@sadusands.example',
  OWNER_PASSWORD: 'Owner-Sands-2024!',
});
await import('../apps/api/dist/server.js');
