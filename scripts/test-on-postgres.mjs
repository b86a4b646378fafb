// `npm run test:api:pg`: runs the API tests on a real PostgreSQL server, in a database made for
// this run (each test file then makes and drops its own database beside it).
// Server: TEST_PG_URL, default postgres://postgres@127.0.0.1:5432 (trust auth).
import { spawnSync } from 'node:child_process';
import pg from 'pg';

const serverUrl = new URL(process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const runDatabase = `shop_test_${Date.now().toString(36)}`;

async function admin(sql) {
  const client = new pg.Client({ connectionString: serverUrl.toString() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

await admin(`create database "${runDatabase}"`);
const testUrl = new URL(serverUrl);
testUrl.pathname = `/${runDatabase}`;
console.log(`API tests on PostgreSQL (${serverUrl.host}), database ${runDatabase}`);
const result = spawnSync('npx', ['vitest', 'run', '--project', 'api', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: testUrl.toString() },
});
await admin(`drop database if exists "${runDatabase}" with (force)`);
process.exit(result.status ?? 1);
