// Orders for benchmarks, written on PostgreSQL in set-based statements of 100,000 at most:
// `count` orders, one every 26 seconds back from now (open checkouts' holds run out tomorrow),
// of varied statuses and names, as guests of `guests` e-mails, each with two lines of the
// catalog's products. The guest customers (decision 053) are built once afterwards rather than
// by the trigger per order. Used by bench/admin-orders.ts and bench/scale.ts.
import type pg from 'pg';

const CHUNK = 100_000;

const SEED_ORDERS = `
with catalog as (select array_agg(id order by handle) as ids from products),
placed as (
  insert into orders (customer_name, email, status, shipping_address, payment_method,
    items_cents, shipping_cents, tax_cents, total_cents, payment_provider, hold_expires_at,
    paid_at, shipped_at, delivered_at, created_at, updated_at)
  select
    (array['Layla','Omar','Noor','Sam','Maya','Yusuf','Lena','Hadi'])[1 + g % 8] || ' ' ||
      (array['Haddad','Nasser','Khoury','Saleh','Rahman','Aziz','Farah'])[1 + (g / 8) % 7],
    'customer' || (g % $3::int) || '@' || (array['example.com','mail.test','shop.test'])[1 + g % 3],
    (array['pending_payment','paid','paid','shipped','shipped','delivered','delivered',
      'delivered','partially_refunded','refunded','cancelled','expired'])[1 + g % 12]::order_status,
    '{"address":"1 Dune Road","city":"Chicago","state":"IL","postalCode":"60601","country":"USA"}'::jsonb,
    'Stripe', 2000 * (1 + g % 4), case when g % 4 = 0 then 500 else 0 end, 140 * (1 + g % 4),
    2000 * (1 + g % 4) + case when g % 4 = 0 then 500 else 0 end + 140 * (1 + g % 4),
    'test-checkout',
    -- Open checkouts run out tomorrow: the hold sweeper leaves them alone while a bench runs.
    case when g % 12 = 0 then now() + interval '1 day' else now() - g * interval '26 seconds' end,
    case when g % 12 in (0, 10, 11) then null else now() - g * interval '26 seconds' end,
    case when g % 12 in (3, 4, 5, 6, 7) then now() - g * interval '25 seconds' end,
    case when g % 12 in (5, 6, 7) then now() - g * interval '24 seconds' end,
    now() - g * interval '26 seconds', now()
  from generate_series($1::int, $2::int) as g
  returning id, items_cents
)
insert into order_items (order_id, product_id, variant, name, image, size, option, qty, unit_price_cents)
select placed.id, catalog.ids[1 + (abs(hashtext(placed.id::text)) + line) % array_length(catalog.ids, 1)],
  'total', 'Bench item ' || line, '/images/products/bench.svg', 'NA', 'NA', 1 + line % 2,
  placed.items_cents / 2
from placed, catalog, generate_series(0, 1) as line`;

/** Writes `count` orders (with their lines) into a migrated shop that has products. */
export async function seedOrders(
  client: pg.Client,
  count: number,
  options: { guests?: number; onProgress?: (written: number) => void } = {},
): Promise<void> {
  const guests = options.guests ?? Math.max(1, Math.floor(count / 4));
  await client.query('alter table orders disable trigger orders_keep_guest_customers');
  for (let from = 1; from <= count; from += CHUNK) {
    const to = Math.min(count, from + CHUNK - 1);
    await client.query(SEED_ORDERS, [from, to, guests]);
    options.onProgress?.(to);
  }
  await client.query('alter table orders enable trigger orders_keep_guest_customers');
  await client.query('select guest_customers_rebuild()');
}
