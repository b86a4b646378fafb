// The shop the checkout benchmarks drive: the production API build on a scratch PostgreSQL
// database (it migrates and loads the sample catalog itself), with the test checkout provider,
// limits raised for load, and variants of the sample catalog stocked deep (ledger kept).
// Used by bench/checkout-discounts.ts and bench/checkout-cost.ts.
import type pg from 'pg';
export { startBenchShop, type BenchShop } from './bench-shop';

export const BENCH_ADDRESS = {
  fullName: 'Bench Buyer',
  address: '1 Dune Road',
  city: 'Chicago',
  state: 'IL',
  postalCode: '60601',
  country: 'US',
};

/** A variant of the sample catalog as a cart line names it, and as the bare SQL needs it. */
export interface StockedVariant {
  product: string;
  variant: string;
  key: string;
  name: string;
  priceCents: number;
}

/** `count` variants of the sample catalog, stocked with a million units each (ledger kept). */
export async function stockVariants(client: pg.Client, count: number): Promise<StockedVariant[]> {
  const { rows } = await client.query<{
    product_id: string;
    key: string;
    id: string;
    name: string;
    price_cents: number;
  }>(
    `select v.product_id, v.key, v.id, p.name, coalesce(v.price_cents, p.price_cents) as price_cents
     from variants v join products p on p.id = v.product_id
     where p.status = 'published' order by p.created_at, v.position limit $1`,
    [count],
  );
  for (const row of rows)
    await client.query(
      `with moved as (
         update variants set on_hand = on_hand + 1000000
         where product_id = $1 and key = $2 returning product_id, key, on_hand, held
       )
       insert into stock_movements (product_id, variant, change, held_change, reason, note,
         on_hand_after, held_after)
       select product_id, key, 1000000, 0, 'import', 'Checkout benchmark', on_hand, held
       from moved`,
      [row.product_id, row.key],
    );
  return rows.map((row) => ({
    product: row.product_id,
    variant: row.id,
    key: row.key,
    name: row.name,
    priceCents: row.price_cents,
  }));
}

/** A distinct client address per checkout (10.x.y.z), so no per-address limit is reached. */
export function benchAddress(sequence: number): string {
  return `10.${(sequence >> 16) & 255}.${(sequence >> 8) & 255}.${sequence & 255}`;
}
