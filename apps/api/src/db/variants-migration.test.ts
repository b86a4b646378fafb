// Decision 031's migration (0011_variants) over a shop filled as the code before it filled one:
// products of the spec's three shapes, their stock rows and ledger (receipts, holds, releases,
// sales, refund restocks), orders holding, paid and refunded. The database is migrated up to
// 0010 by running the journal's SQL, then the app's own migrator takes it to the newest
// migration; nothing may be lost and the storefront and order answers must stay what they were.
// Runs on PGlite, and on PostgreSQL under `npm run test:api:pg`.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productSchema, type Product } from '@shop/shared/catalog';
import { orderSchema } from '@shop/shared/orders';
import { deriveKey } from '../lib/keys';
import { orderAccessToken } from '../modules/orders/order-access';
import { MIGRATIONS_DIR } from '../paths';
import { databaseTimeoutsOf, loadEnv } from '../env';
import { createTestApp, openEmptyTestDatabase, type TestApp } from '../test/test-app';
import type { Database, DatabaseHandle } from './client';

const JWT_SECRET = 'test-secret-that-is-long-enough-0123456789';
const orderKey = deriveKey(new TextEncoder().encode(JWT_SECRET), 'order-access');
/** The last migration before the variants. */
const BEFORE_VARIANTS = '0010_attach_proven_guest_orders';

type OldVariant = 'total' | 'A' | 'B' | 'S/M' | 'L' | 'XL';
type Shape = 'plain' | 'sized' | 'optioned';
const KEYS: Record<Shape, OldVariant[]> = {
  plain: ['total'],
  sized: ['S/M', 'L', 'XL'],
  optioned: ['A', 'B'],
};

interface OldProduct {
  id: string;
  handle: string;
  name: string;
  shape: Shape;
  priceCents: number;
  imagesOptionA: string[];
  imagesOptionB: string[];
}

/** The old code's ledger, kept in step as it wrote it: each row carries the levels after it. */
class Ledger {
  readonly levels = new Map<string, { onHand: number; held: number }>();
  readonly rows: {
    productId: string;
    variant: OldVariant;
    change: number;
    heldChange: number;
    reason: string;
    orderId: string | null;
    onHandAfter: number;
    heldAfter: number;
  }[] = [];

  move(
    productId: string,
    variant: OldVariant,
    change: number,
    heldChange: number,
    reason: string,
    orderId: string | null = null,
  ) {
    const key = `${productId}:${variant}`;
    const level = this.levels.get(key) ?? { onHand: 0, held: 0 };
    level.onHand += change;
    level.held += heldChange;
    if (level.held < 0 || level.onHand < level.held) throw new Error(`bad fixture at ${key}`);
    this.levels.set(key, level);
    this.rows.push({
      productId,
      variant,
      change,
      heldChange,
      reason,
      orderId,
      onHandAfter: level.onHand,
      heldAfter: level.held,
    });
  }
}

/** An order line as the buyer saw it before 0011 (variantTitle: what 0011 fills in). */
interface ShownLine {
  name: string;
  size: string;
  option: string;
  qty: number;
  price: number;
  title: string;
}

/** What the storefront answered before 0011 (modules/catalog/service.ts then), from the stock rows. */
function oldCountInStock(shape: Shape, available: Partial<Record<OldVariant, number>>) {
  const variantsTotal =
    (available.A ?? 0) +
    (available.B ?? 0) +
    (available['S/M'] ?? 0) +
    (available.L ?? 0) +
    (available.XL ?? 0);
  return {
    total: shape === 'plain' ? (available.total ?? 0) : variantsTotal,
    countA: available.A ?? 0,
    countB: available.B ?? 0,
    smallMed: available['S/M'] ?? 0,
    large: available.L ?? 0,
    xlarge: available.XL ?? 0,
  };
}

/** Runs the journal's migrations up to and including `last`, recorded as drizzle's migrator does. */
async function migrateUpTo(db: Database, last: string) {
  const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR });
  const journal = JSON.parse(
    readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8'),
  ) as { entries: { tag: string }[] };
  const upTo = journal.entries.findIndex((entry) => entry.tag === last);
  expect(upTo).toBeGreaterThan(0);
  await db.execute(sql.raw('create schema if not exists drizzle'));
  await db.execute(
    sql.raw(
      'create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)',
    ),
  );
  for (const migration of migrations.slice(0, upTo + 1)) {
    await db.transaction(async (tx) => {
      for (const statement of migration.sql)
        if (statement.trim()) await tx.execute(sql.raw(statement));
      await tx.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`,
      );
    });
  }
}

/** Rows of a raw query on either driver (node-postgres and PGlite both answer `{ rows }`). */
async function select<Row>(db: Database, query: ReturnType<typeof sql>): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

interface Counts {
  products: number;
  variants: number;
  movements: number;
  orders: number;
  items: number;
}

async function ledgerMismatches(db: Database, table: 'stock' | 'variants', key: string) {
  return select<{ product_id: string; variant: string }>(
    db,
    sql.raw(`
      select s.product_id, s.${key} as variant
      from ${table} s
      left join (
        select product_id, variant, sum(change)::int as on_hand, sum(held_change)::int as held
        from stock_movements group by product_id, variant
      ) m on m.product_id = s.product_id and m.variant = s.${key}
      where s.on_hand <> coalesce(m.on_hand, 0) or s.held <> coalesce(m.held, 0)`),
  );
}

describe('the variants migration (0011) over a shop of the spec shapes', () => {
  let database: DatabaseHandle;
  let shop: TestApp | undefined;
  const products: OldProduct[] = [];
  const ledger = new Ledger();
  /** What each order showed before: by order id, its lines in order. */
  const orderLines = new Map<string, ShownLine[]>();
  let before: Counts;
  const levelsBefore = new Map<string, { onHand: number; held: number; available: number }>();
  const countInStockBefore = new Map<string, ReturnType<typeof oldCountInStock>>();

  async function counts(db: Database, variantsTable: string): Promise<Counts> {
    const [row] = await select<Counts>(
      db,
      sql.raw(`select
        (select count(*)::int from products) as products,
        (select count(*)::int from ${variantsTable}) as variants,
        (select count(*)::int from stock_movements) as movements,
        (select count(*)::int from orders) as orders,
        (select count(*)::int from order_items) as items`),
    );
    return row!;
  }

  beforeAll(async () => {
    const env = loadEnv({ NODE_ENV: 'test', JWT_SECRET, DATA_DIR: '/nonexistent-test-data-dir' });
    database = await openEmptyTestDatabase(databaseTimeoutsOf(env));
    const db = database.db;
    await migrateUpTo(db, BEFORE_VARIANTS);

    // Products as the sample catalog and the back office made them: two of each shape.
    const shapes: Shape[] = ['plain', 'sized', 'optioned', 'plain', 'sized', 'optioned'];
    for (const [index, shape] of shapes.entries()) {
      const id = randomUUID();
      const product: OldProduct = {
        id,
        handle: `old-${shape}-${index}`,
        name: `Old ${shape} ${index}`,
        shape,
        priceCents: 1500 + index * 250,
        imagesOptionA:
          shape === 'optioned' ? [`/images/${index}-a1.jpg`, `/images/${index}-a2.jpg`] : [],
        imagesOptionB: shape === 'optioned' ? [`/images/${index}-b1.jpg`] : [],
      };
      products.push(product);
      await db.execute(sql`
        insert into products (id, handle, name, category, description_html, price_cents, image,
          images, images_option_a, images_option_b, has_size, has_a_and_b, created_at)
        values (${id}, ${product.handle}, ${product.name},
          ${shape === 'sized' ? 'hoodies' : shape === 'optioned' ? 'selflove_women_tshirts' : 'totes'},
          '<p>Old.</p>', ${product.priceCents}, ${`/images/${index}.jpg`},
          ${`{/images/${index}.jpg}`}::text[], ${`{${product.imagesOptionA.join(',')}}`}::text[],
          ${`{${product.imagesOptionB.join(',')}}`}::text[], ${shape === 'sized'},
          ${shape === 'optioned'}, now() - ${`${index} minutes`}::interval)`);
      // Opening stock (import), then receipts and corrections as the back office wrote them.
      for (const [position, key] of KEYS[shape].entries()) {
        ledger.move(id, key, 10 + position, 0, 'import');
        ledger.move(id, key, 5, 0, 'received');
        if (position === 0) ledger.move(id, key, -1, 0, 'damaged');
      }
    }

    // Orders: one still holding (pending_payment), one paid, one refunded with a restock, one
    // whose hold expired. Each line names its stock row as the old checkout did.
    const sized = products.find((p) => p.shape === 'sized')!;
    const optioned = products.find((p) => p.shape === 'optioned')!;
    const plain = products.find((p) => p.shape === 'plain')!;
    type Line = { product: OldProduct; size: string; option: string; qty: number };
    const orders: { status: string; lines: Line[] }[] = [
      {
        status: 'pending_payment',
        lines: [
          { product: sized, size: 'L', option: 'NA', qty: 2 },
          { product: optioned, size: 'NA', option: 'A', qty: 1 },
        ],
      },
      {
        status: 'paid',
        lines: [
          { product: plain, size: 'NA', option: 'NA', qty: 3 },
          { product: sized, size: 'XL', option: 'NA', qty: 1 },
          { product: optioned, size: 'NA', option: 'B', qty: 2 },
        ],
      },
      {
        status: 'refunded',
        lines: [
          { product: sized, size: 'S/M', option: 'NA', qty: 2 },
          { product: plain, size: 'NA', option: 'NA', qty: 1 },
        ],
      },
      { status: 'expired', lines: [{ product: optioned, size: 'NA', option: 'A', qty: 4 }] },
    ];
    for (const [index, order] of orders.entries()) {
      const orderId = randomUUID();
      const itemsCents = order.lines.reduce((sum, l) => sum + l.qty * l.product.priceCents, 0);
      const paid = order.status !== 'pending_payment' && order.status !== 'expired';
      await db.execute(sql`
        insert into orders (id, customer_name, email, status, shipping_address, payment_method,
          items_cents, shipping_cents, tax_cents, total_cents, payment_provider, hold_expires_at,
          paid_at, closed_at, created_at)
        values (${orderId}, ${`Buyer ${index}`}, ${`buyer${index}@example.com`}, ${order.status},
          ${JSON.stringify({ address: '1 Main St', city: 'Town', state: 'CA', postalCode: '90001', country: 'US' })}::jsonb,
          'Card', ${itemsCents}, 0, 0, ${itemsCents}, 'test',
          now() + ${order.status === 'pending_payment' ? '30 minutes' : '-1 hour'}::interval,
          ${paid ? new Date() : null}, ${order.status === 'paid' || order.status === 'pending_payment' ? null : new Date()},
          now() - ${`${index} hours`}::interval)`);
      const shown: ShownLine[] = [];
      for (const line of order.lines) {
        const variant = (
          line.option !== 'NA' ? line.option : line.size !== 'NA' ? line.size : 'total'
        ) as OldVariant;
        const image =
          (line.option === 'B'
            ? line.product.imagesOptionB[0]
            : line.option === 'A'
              ? line.product.imagesOptionA[0]
              : undefined) ?? `/images/x.jpg`;
        await db.execute(sql`
          insert into order_items (order_id, product_id, variant, name, image, size, option, qty, unit_price_cents)
          values (${orderId}, ${line.product.id}, ${variant}, ${line.product.name}, ${image},
            ${line.size}, ${line.option}, ${line.qty}, ${line.product.priceCents})`);
        shown.push({
          name: line.product.name,
          size: line.size,
          option: line.option,
          qty: line.qty,
          price: line.product.priceCents / 100,
          title: variant === 'total' ? '' : variant,
        });
        // The checkout holds; payment sells what was held; expiry releases; a refund restocks.
        ledger.move(line.product.id, variant, 0, line.qty, 'hold', orderId);
        if (order.status === 'expired')
          ledger.move(line.product.id, variant, 0, -line.qty, 'release', orderId);
        if (paid) ledger.move(line.product.id, variant, -line.qty, -line.qty, 'sale', orderId);
        if (order.status === 'refunded')
          ledger.move(line.product.id, variant, line.qty, 0, 'refund_restock', orderId);
      }
      orderLines.set(orderId, shown);
      if (order.status === 'refunded') {
        await db.execute(sql`
          insert into refunds (order_id, amount_cents, reason, status, restock)
          values (${orderId}, ${itemsCents}, 'Returned', 'succeeded',
            ${JSON.stringify(order.lines.map((l) => ({ productId: l.product.id, variant: l.size !== 'NA' ? l.size : 'total', qty: l.qty })))}::jsonb)`);
      }
    }

    // The stock rows hold the ledger's levels; the ledger its rows, in the order written.
    for (const [key, level] of ledger.levels) {
      const [productId, variant] = [key.slice(0, 36), key.slice(37)];
      await db.execute(sql`
        insert into stock (product_id, variant, on_hand, held)
        values (${productId}, ${variant}, ${level.onHand}, ${level.held})`);
    }
    for (const row of ledger.rows) {
      await db.execute(sql`
        insert into stock_movements (product_id, variant, change, held_change, reason, order_id,
          on_hand_after, held_after)
        values (${row.productId}, ${row.variant}, ${row.change}, ${row.heldChange}, ${row.reason},
          ${row.orderId}, ${row.onHandAfter}, ${row.heldAfter})`);
    }

    // What the old shop holds, before the migration.
    before = await counts(db, 'stock');
    expect(await ledgerMismatches(db, 'stock', 'variant')).toEqual([]);
    for (const row of await select<{
      product_id: string;
      variant: OldVariant;
      on_hand: number;
      held: number;
      available: number;
    }>(db, sql`select product_id, variant, on_hand, held, available from stock`))
      levelsBefore.set(`${row.product_id}:${row.variant}`, {
        onHand: row.on_hand,
        held: row.held,
        available: row.available,
      });
    for (const product of products) {
      const available: Partial<Record<OldVariant, number>> = {};
      for (const key of KEYS[product.shape])
        available[key] = levelsBefore.get(`${product.id}:${key}`)!.available;
      countInStockBefore.set(product.id, oldCountInStock(product.shape, available));
    }

    // 0011 onwards, by the app's own migrator (createTestApp migrates the database it is given).
    shop = await createTestApp({ JWT_SECRET }, { database });
  }, 120_000);

  afterAll(async () => {
    if (shop) await shop.close();
    else await database?.close();
  });

  it('fills a shop as the old code did, with a ledger that adds up to its stock rows', () => {
    expect(before).toEqual({
      products: 6,
      variants: 12,
      movements: ledger.rows.length,
      orders: 4,
      items: 8,
    });
    expect(new Set(ledger.rows.map((row) => row.reason))).toEqual(
      new Set(['import', 'received', 'damaged', 'hold', 'release', 'sale', 'refund_restock']),
    );
    // The pending order still holds its units.
    expect([...levelsBefore.values()].some((level) => level.held > 0)).toBe(true);
  });

  it('loses nothing: products, variants (the old stock rows), movements, orders and lines', async () => {
    expect(await counts(shop!.database.db, 'variants')).toEqual(before);
  });

  it("keeps every variant's on-hand and held equal to the sums of its movements", async () => {
    const db = shop!.database.db;
    expect(await ledgerMismatches(db, 'variants', 'key')).toEqual([]);
    const after = await select<{
      product_id: string;
      key: string;
      on_hand: number;
      held: number;
      available: number;
    }>(db, sql`select product_id, key, on_hand, held, available from variants`);
    expect(
      new Map(
        after.map((r) => [
          `${r.product_id}:${r.key}`,
          { onHand: r.on_hand, held: r.held, available: r.available },
        ]),
      ),
    ).toEqual(levelsBefore);
  });

  it("reads each product's options and spec shape from what it was", async () => {
    const rows = await select<{
      id: string;
      options: unknown;
      has_size: boolean;
      has_a_and_b: boolean;
    }>(shop!.database.db, sql`select id, options, has_size, has_a_and_b from products`);
    for (const product of products) {
      const row = rows.find((r) => r.id === product.id)!;
      expect(row.has_size).toBe(product.shape === 'sized');
      expect(row.has_a_and_b).toBe(product.shape === 'optioned');
      expect(row.options).toEqual(
        product.shape === 'sized'
          ? [{ name: 'Size', values: ['S/M', 'L', 'XL'] }]
          : product.shape === 'optioned'
            ? [{ name: 'Option', values: ['A', 'B'] }]
            : [],
      );
    }
  });

  it("gives each variant its option values and place, and A and B the product's option photos", async () => {
    const rows = await select<{
      product_id: string;
      key: string;
      option_values: string[];
      position: number;
      images: string[];
      id: string;
    }>(
      shop!.database.db,
      sql`select product_id, key, option_values, position, images, id from variants`,
    );
    for (const product of products) {
      const own = rows
        .filter((r) => r.product_id === product.id)
        .sort((a, b) => a.position - b.position);
      expect(own.map((r) => r.key)).toEqual(KEYS[product.shape]);
      expect(own.map((r) => r.option_values)).toEqual(
        KEYS[product.shape].map((key) => (key === 'total' ? [] : [key])),
      );
      expect(own.map((r) => r.position)).toEqual(KEYS[product.shape].map((_, i) => i));
      expect(own.map((r) => r.images)).toEqual(
        KEYS[product.shape].map((key) =>
          key === 'A' ? product.imagesOptionA : key === 'B' ? product.imagesOptionB : [],
        ),
      );
    }
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
  });

  it('shows every order as it was sold, through its link', async () => {
    for (const [orderId, lines] of orderLines) {
      const response = await shop!.app.inject({
        url: `/api/orders/${orderId}?token=${orderAccessToken(orderKey, orderId)}`,
      });
      expect(response.statusCode).toBe(200);
      const order = orderSchema.parse(response.json());
      expect(
        order.orderItems.map((item) => ({
          name: item.name,
          size: item.size,
          option: item.option,
          qty: item.qty,
          price: item.price,
          title: item.variantTitle,
        })),
      ).toEqual(expect.arrayContaining(lines));
      expect(order.orderItems).toHaveLength(lines.length);
    }
  });

  it("answers the storefront's spec fields for the migrated products as before", async () => {
    for (const product of products) {
      const response = await shop!.app.inject({ url: `/api/products/${product.id}` });
      expect(response.statusCode).toBe(200);
      const answer: Product = productSchema.parse(response.json());
      expect(answer).toMatchObject({
        _id: product.id,
        name: product.name,
        price: product.priceCents / 100,
        hasSize: product.shape === 'sized',
        hasAandB: product.shape === 'optioned',
        imagesOptionA: product.imagesOptionA,
        imagesOptionB: product.imagesOptionB,
        countInStock: countInStockBefore.get(product.id),
      });
      // Each variant is priced as the product, and is available as its stock row was.
      expect(answer.variants.map((v) => [v.options, v.price, v.available])).toEqual(
        KEYS[product.shape].map((key) => [
          key === 'total' ? [] : [key],
          product.priceCents / 100,
          levelsBefore.get(`${product.id}:${key}`)!.available,
        ]),
      );
    }
    const listing = await shop!.app.inject({ url: '/api/products' });
    expect(listing.statusCode).toBe(200);
    const listed = (listing.json() as { products: Product[] }).products;
    expect(listed.map((p) => p._id).sort()).toEqual(products.map((p) => p.id).sort());
    for (const summary of listed)
      expect(summary.countInStock).toEqual(countInStockBefore.get(summary._id));
  });
});
