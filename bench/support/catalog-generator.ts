// Large catalogs for benchmarks, written on PostgreSQL in bulk (generate_series, one statement per
// table): a catalog of products with options and variants (decision 031), or a shop in the shape
// before the variants (migration 0010: the spec's stock rows), to time migrating it. Also: a
// scratch database on the server, and the journal's migrations run up to a given one.
// Used by bench/catalog-variants.ts; the scale benchmarks reuse it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { ROOT } from './production-server';

export const MIGRATIONS_DIR = path.join(ROOT, 'apps/api/drizzle');
/** The last migration before the variants (decision 031). */
export const BEFORE_VARIANTS = '0010_attach_proven_guest_orders';

/** The spec's six categories, in turn. */
const CATEGORIES = `array['totes','flower_totes','belts','hoodies','selflove_women_tshirts','selflove_men_tshirts']`;

/** A database of its own on the server (trust auth), dropped again by `drop()`. */
export async function createScratchDatabase(
  serverUrl: URL,
  prefix = 'shop_bench',
): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6).toString(36)}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl.toString() });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () => admin(`drop database if exists "${name}" with (force)`),
  };
}

/**
 * Runs the journal's migrations in order, each in a transaction, recorded as drizzle's migrator
 * records them (so the app's migrator later runs only the rest): up to and including the
 * migration tagged `through`, or all of them. Answers the seconds it took.
 */
export async function migrate(client: pg.Client, through?: string): Promise<number> {
  const started = performance.now();
  const journal = JSON.parse(
    readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8'),
  ) as { entries: { tag: string }[] };
  const applied = await client
    .query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations')
    .then((result) => result.rows[0]!.n)
    .catch(() => 0);
  const last = through
    ? journal.entries.findIndex((entry) => entry.tag === through)
    : journal.entries.length - 1;
  if (last < 0) throw new Error(`no migration ${through}`);
  await client.query('create schema if not exists drizzle');
  await client.query(
    'create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)',
  );
  const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR });
  for (const migration of migrations.slice(applied, last + 1)) {
    await client.query('begin');
    try {
      for (const statement of migration.sql) if (statement.trim()) await client.query(statement);
      await client.query(
        'insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)',
        [migration.hash, migration.folderMillis],
      );
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      throw error;
    }
  }
  return (performance.now() - started) / 1000;
}

/** Runs `work` in a transaction on `client`, rolled back when it fails. */
async function inTransaction(client: pg.Client, work: () => Promise<void>): Promise<void> {
  await client.query('begin');
  try {
    await work();
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  }
}

export interface VariantCatalogOptions {
  products?: number;
  /** Colours; each comes in `sizes.length` sizes: colours × sizes variants per product. */
  colours?: readonly string[];
  sizes?: readonly string[];
}

/**
 * A published catalog in today's shape (migrated to the newest migration): `products` products
 * with two options (Colour × Size), each variant with its own SKU, stock (an 'import' movement in
 * the ledger, so on-hand = the sum of movements), every third its own price, every fifth a
 * compare-at price. Handles are `bench-<n>`, n from 1; product 1 is the newest.
 */
export async function generateVariantCatalog(
  client: pg.Client,
  options: VariantCatalogOptions = {},
): Promise<{ products: number; variants: number }> {
  const count = options.products ?? 10_000;
  const colours = options.colours ?? ['Clay', 'Ink', 'Moss', 'Sand', 'Rust'];
  const sizes = options.sizes ?? ['M', 'L'];
  const optionsJson = JSON.stringify([
    { name: 'Colour', values: colours },
    { name: 'Size', values: sizes },
  ]);
  await inTransaction(client, async () => {
    await client.query(
      `insert into products (handle, name, category, description_html, price_cents, image, images,
         options, created_at, updated_at)
       select 'bench-' || n, 'Bench product ' || n, (${CATEGORIES})[1 + n % 6],
         '<p>A product of the benchmark catalog, number ' || n || '.</p>', 1000 + (n % 50) * 100,
         '/images/products/bench-' || (n % 20) || '.jpg',
         array['/images/products/bench-' || (n % 20) || '.jpg', '/images/products/bench-' || ((n + 1) % 20) || '.jpg'],
         $1::jsonb, now() - n * interval '1 second', now() - n * interval '1 second'
       from generate_series(1, $2::int) n`,
      [optionsJson, count],
    );
    // Variant keys are the variants' ids (decision 031: any variant made after the options). The
    // ids are made in a CTE of their own: PostgreSQL evaluates a volatile CTE once per row.
    await client.query(
      `with made as (
         select p.id as product_id, p.handle, p.price_cents, c.value as colour, s.value as size,
           ((c.ord - 1) * array_length($2::text[], 1) + s.ord - 1)::int as position,
           gen_random_uuid() as id
         from products p
         cross join unnest($1::text[]) with ordinality c(value, ord)
         cross join unnest($2::text[]) with ordinality s(value, ord)
         where p.handle like 'bench-%'
       )
       insert into variants (product_id, key, id, position, option_values, sku, price_cents,
         compare_at_cents, weight_grams, on_hand)
       select product_id, id::text, id, position, array[colour, size],
         handle || '-' || lower(colour) || '-' || lower(size),
         case when position % 3 = 2 then price_cents + 500 end,
         case when position % 5 = 4 then price_cents + 2000 end,
         300 + position * 10, hashtext(handle || position) & 31
       from made`,
      [colours, sizes],
    );
    await client.query(
      `insert into stock_movements (product_id, variant, change, held_change, reason, note,
         on_hand_after, held_after)
       select product_id, key, on_hand, 0, 'import', 'Benchmark catalog', on_hand, 0
       from variants where on_hand > 0`,
    );
  });
  // As autovacuum leaves a table that has settled: statistics and the visibility map.
  await client.query('vacuum analyze');
  const { rows } = await client.query<{ products: number; variants: number }>(
    `select (select count(*)::int from products) as products,
       (select count(*)::int from variants) as variants`,
  );
  return rows[0]!;
}

/**
 * A scratch database migrated and filled with `products` products × 10 variants
 * (`generateVariantCatalog`), saying how long it took.
 */
export async function migrateVariantCatalog(client: pg.Client, products: number): Promise<void> {
  const started = performance.now();
  await migrate(client);
  await generateVariantCatalog(client, { products });
  console.log(
    `catalog: ${products} products × 10 variants in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

/**
 * Names a shopper would search for, '<word> <pattern> <kind>' (5 × 7 × 6 of them), the kind its
 * category's (the generator's category n % 6: totes, flower totes, belts, hoodies, women's and
 * men's tees), and descriptions with markup; then the statistics again.
 */
export async function nameProductsForSearch(client: pg.Client): Promise<void> {
  await client.query(
    `update products set name =
       (array['Sand','Dune','Oasis','Desert','Meadow'])[1 + n % 5] || ' ' ||
       (array['Stripe','Bloom','Weave','Diamond','Garden','Ember','Night'])[1 + n % 7] || ' ' ||
       (array['Tote','Flower Tote','Belt','Hoodie','Tee','Tee'])[1 + n % 6],
       description_html = '<p>Woven <strong>cotton</strong> canvas, number ' || n || '.</p><ul><li>Made to last</li></ul>'
     from (select id, substring(handle from 7)::int as n from products) numbered
     where products.id = numbered.id`,
  );
  await client.query('vacuum analyze');
}

export interface SpecShapeShopOptions {
  /** Sized products: three stock rows each ('S/M', 'L', 'XL'). */
  sizedProducts?: number;
  movements?: number;
  orders?: number;
}

/**
 * A shop in the shape before the variants (migrated through 0010): sized products with the
 * spec's stock rows, a ledger of `movements` rows spread over them (opening imports, receipts,
 * sales; on-hand = the sum of each row's movements), and paid orders of one to three lines.
 */
export async function generateSpecShapeShop(
  client: pg.Client,
  options: SpecShapeShopOptions = {},
): Promise<{ products: number; stockRows: number; movements: number; orderItems: number }> {
  const count = options.sizedProducts ?? 33_334;
  const movements = options.movements ?? 500_000;
  const orders = options.orders ?? 20_000;
  await inTransaction(client, async () => {
    await client.query(
      `insert into products (handle, name, category, description_html, price_cents, image, images,
         has_size, created_at, updated_at)
       select 'old-' || n, 'Old product ' || n, 'hoodies', '<p>Old.</p>', 3000 + (n % 20) * 100,
         '/images/products/old.jpg', array['/images/products/old.jpg'], true,
         now() - n * interval '1 second', now() - n * interval '1 second'
       from generate_series(1, $1::int) n`,
      [count],
    );
    // Movement i belongs to stock row i mod rows: the first of each row is its opening import,
    // then receipts and sales by turns.
    await client.query(
      `create temporary table bench_rows on commit drop as
       select row_number() over (order by p.id, s.variant) - 1 as r, p.id as product_id, s.variant
       from products p cross join unnest(array['S/M','L','XL']) s(variant)`,
    );
    await client.query(
      `insert into stock_movements (product_id, variant, change, held_change, reason, on_hand_after,
         held_after, order_id)
       select b.product_id, b.variant,
         case when m.i < t.n then 20 when m.i % 2 = 0 then 3 else -1 end, 0,
         case when m.i < t.n then 'import' when m.i % 2 = 0 then 'received' else 'sale' end,
         0, 0, null
       from generate_series(0, $1::int - 1) m(i)
       cross join (select count(*) as n from bench_rows) t
       join bench_rows b on b.r = m.i % t.n`,
      [movements],
    );
    await client.query(
      `insert into stock (product_id, variant, on_hand)
       select product_id, variant, sum(change)::int from stock_movements group by product_id, variant`,
    );
    await client.query(
      `insert into orders (id, customer_name, email, status, shipping_address, payment_method,
         items_cents, shipping_cents, tax_cents, total_cents, payment_provider, hold_expires_at,
         paid_at, created_at)
       select gen_random_uuid(), 'Buyer ' || n, 'buyer' || n || '@example.com', 'paid',
         '{"address":"1 Main St","city":"Town","state":"CA","postalCode":"90001","country":"US"}'::jsonb,
         'Card', 3000, 0, 0, 3000, 'test', now(), now(), now() - n * interval '1 minute'
       from generate_series(1, $1::int) n`,
      [orders],
    );
    await client.query(
      `insert into order_items (order_id, product_id, variant, name, image, size, option, qty,
         unit_price_cents)
       select o.id, b.product_id, b.variant, 'Old product', '/images/products/old.jpg', b.variant,
         'NA', 1, 1000
       from (select id, row_number() over () as k from orders) o
       cross join generate_series(0, (o.k % 3)::int) line
       join bench_rows b on b.r = (o.k * 7 + line) % (select count(*) from bench_rows)`,
    );
  });
  // As autovacuum leaves a table that has settled: statistics and the visibility map.
  await client.query('vacuum analyze');
  const { rows } = await client.query<{
    products: number;
    stockRows: number;
    movements: number;
    orderItems: number;
  }>(
    `select (select count(*)::int from products) as products,
       (select count(*)::int from stock) as "stockRows",
       (select count(*)::int from stock_movements) as movements,
       (select count(*)::int from order_items) as "orderItems"`,
  );
  return rows[0]!;
}
