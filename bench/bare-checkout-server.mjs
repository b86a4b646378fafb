// The checkout's floor: a bare node:http server that, for each POST, runs only the core
// transaction of a checkout on a pg pool of the shop's size (10): the order, its lines, and per
// line the conditional stock update and its ledger row (apps/api/src/modules/stock and
// checkout/repository.ts, as they were before decision 055), one statement each. No pricing, no
// limits, no discounts, no provider. Usage (as a child process): node bare-checkout-server.mjs
// <port> <database-url>; the body is { email, clientAddress, lines: [{ product, key, name, qty,
// unitPriceCents }] } and the answer { id } (409 when a line cannot be held).
import http from 'node:http';
import pg from 'pg';

const [port, databaseUrl] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
const ADDRESS = {
  fullName: 'Bench Buyer',
  address: '1 Dune Road',
  city: 'Chicago',
  postalCode: '60601',
  country: 'US',
};

async function checkout({ email, clientAddress, lines }) {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const items = lines.reduce((sum, line) => sum + line.qty * line.unitPriceCents, 0);
    const { rows } = await client.query(
      `insert into orders (customer_name, email, shipping_address, payment_method, items_cents,
         shipping_cents, tax_cents, total_cents, payment_provider, hold_expires_at, client_address)
       values ('Guest', $1, $2, 'Stripe', $3, 0, 0, $3, 'test', now() + interval '35 minutes', $4)
       returning id`,
      [email, ADDRESS, items, clientAddress],
    );
    const orderId = rows[0].id;
    const values = lines.map(
      (_, i) =>
        `($1, $${i * 5 + 2}, $${i * 5 + 3}, $${i * 5 + 4}, '', 'NA', 'NA', $${i * 5 + 5}, $${i * 5 + 6})`,
    );
    await client.query(
      `insert into order_items (order_id, product_id, variant, name, image, size, option, qty,
         unit_price_cents) values ${values.join(', ')}`,
      [orderId, ...lines.flatMap((l) => [l.product, l.key, l.name, l.qty, l.unitPriceCents])],
    );
    // In the stock ledger's lock order (product, then variant), as the shop holds them: two
    // checkouts never wait on each other's rows in a cycle.
    const key = (line) => `${line.product}:${line.key}`;
    const inLockOrder = [...lines].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
    for (const line of inLockOrder) {
      const held = await client.query(
        `update variants set held = held + $3
         where product_id = $1 and key = $2 and on_hand >= held + $3
         returning on_hand, held`,
        [line.product, line.key, line.qty],
      );
      if (!held.rows[0]) {
        await client.query('rollback');
        return undefined;
      }
      await client.query(
        `insert into stock_movements (product_id, variant, change, held_change, reason, order_id,
           on_hand_after, held_after) values ($1, $2, 0, $3, 'hold', $4, $5, $6)`,
        [line.product, line.key, line.qty, orderId, held.rows[0].on_hand, held.rows[0].held],
      );
    }
    await client.query('commit');
    return orderId;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

http
  .createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      checkout(JSON.parse(Buffer.concat(chunks).toString()))
        .then((id) => {
          response.writeHead(id ? 201 : 409, { 'content-type': 'application/json' });
          response.end(JSON.stringify(id ? { id } : { message: 'sold out' }));
        })
        .catch((error) => {
          response.writeHead(500, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ message: String(error) }));
        });
    });
  })
  .listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
