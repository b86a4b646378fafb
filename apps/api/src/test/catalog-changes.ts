import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { CATEGORIES, type Category } from '@shop/shared/catalog';
import type { Database } from '../db/client';
import { foldKeptFacets } from '../modules/catalog/kept-facets';
import type { FacetRow, ListingScope } from '../modules/catalog/listing-repository';
import { addProduct, productIdByHandle } from './fixtures';

/*
 * Random changes to a few products and collections, of every kind that moves a product in the
 * listings' counts (decisions 059 and 061): stock across zero, category, price, publishing,
 * compare-at prices, collections joined and left and unpublished, and folds of the kept counts;
 * and of every kind that changes the words a search finds a product by (decision 068): its name,
 * description and category, its collections' names.
 */

/** The products and collections the changes pick from (by index: 3 products, 2 collections). */
export interface ChangedCatalog {
  productIds: readonly string[];
  collectionIds: readonly string[];
}

/**
 * Three products in sizes (a tote, a hoodie, a men's tee: `<prefix>-0` to `-2`) and two
 * published collections (`<prefix>-collection-1` and `-2`) for the changes to pick from.
 */
export async function addChangeableCatalog(
  db: Database,
  prefix: string,
): Promise<{ productIds: string[]; collectionIds: string[] }> {
  const productIds: string[] = [];
  for (const [n, category] of (['totes', 'hoodies', 'selflove_men_tshirts'] as const).entries()) {
    const handle = await addProduct(db, {
      handle: `${prefix}-${n}`,
      category,
      hasSize: true,
      stock: { 'S/M': 2, L: 1, XL: 0 },
    });
    productIds.push(await productIdByHandle(db, handle));
  }
  const collectionIds: string[] = [];
  for (const n of [1, 2]) {
    const rows = (await db.execute(sql`insert into collections (handle, name, status)
      values (${`${prefix}-collection-${n}`}, ${`${prefix} collection ${n}`}, 'published')
      returning id`)) as unknown as { rows: { id: string }[] };
    collectionIds.push(rows.rows[0]!.id);
  }
  return { productIds, collectionIds };
}

/** The scopes two counts are compared over: the home list, a category, two, each collection. */
export const comparedScopes = (collectionIds: readonly string[]): ListingScope[] => [
  {},
  { categories: ['hoodies'] },
  { categories: ['selflove_women_tshirts', 'selflove_men_tshirts'] },
  ...collectionIds.map((collectionId) => ({ collectionId })),
];

/** Facet rows as sorted lines, so that two counts compare whole. */
export const facetLines = (rows: readonly FacetRow[]) =>
  rows
    .map((r) => `${r.facet} ${r.value} '${r.label}' ${r.count} @${r.optionOrder}/${r.valueOrder}`)
    .sort();

/** Words the changes write into names and descriptions: a search for them finds what changed. */
export const CHANGED_WORDS = ['Ember', 'Sunrise', 'Hoodie', 'Tote', 'Weave'] as const;

const product = fc.integer({ min: 0, max: 2 });
const variant = fc.integer({ min: 0, max: 2 });
const collection = fc.integer({ min: 0, max: 1 });
export const catalogChange = fc.oneof(
  fc.record({
    kind: fc.constant('stock' as const),
    product,
    variant,
    units: fc.integer({ min: 0, max: 2 }),
  }),
  fc.record({
    kind: fc.constant('category' as const),
    product,
    category: fc.constantFrom(...CATEGORIES),
  }),
  fc.record({
    kind: fc.constant('price' as const),
    product,
    cents: fc.integer({ min: 100, max: 9_999 }),
  }),
  fc.record({
    kind: fc.constant('status' as const),
    product,
    status: fc.constantFrom('published', 'draft'),
  }),
  fc.record({
    kind: fc.constant('compare-at' as const),
    product,
    variant,
    cents: fc.option(fc.integer({ min: 100, max: 12_000 })),
  }),
  fc.record({ kind: fc.constant('join' as const), product, collection }),
  fc.record({ kind: fc.constant('leave' as const), product, collection }),
  fc.record({
    kind: fc.constant('collection-status' as const),
    collection,
    status: fc.constantFrom('published', 'draft'),
  }),
  fc.record({ kind: fc.constant('fold' as const) }),
  fc.record({
    kind: fc.constant('words' as const),
    product,
    field: fc.constantFrom('name', 'description'),
    word: fc.constantFrom(...CHANGED_WORDS),
  }),
  fc.record({
    kind: fc.constant('collection-name' as const),
    collection,
    word: fc.constantFrom(...CHANGED_WORDS),
  }),
);
export type CatalogChange = typeof catalogChange extends fc.Arbitrary<infer T> ? T : never;

const variantOf = (productIds: readonly string[], productIndex: number, position: number) =>
  sql`(select id from variants where product_id = ${productIds[productIndex]!}
    order by position limit 1 offset ${position})`;

/** Writes one change, as the back office or a checkout would leave it. */
export async function applyCatalogChange(
  db: Database,
  { productIds, collectionIds }: ChangedCatalog,
  step: CatalogChange,
): Promise<void> {
  const run = (statement: ReturnType<typeof sql>) => db.execute(statement);
  switch (step.kind) {
    case 'stock':
      await run(sql`update variants set on_hand = held + ${step.units}
        where id = ${variantOf(productIds, step.product, step.variant)}`);
      return;
    case 'category':
      await run(sql`update products set category = ${step.category satisfies Category}
        where id = ${productIds[step.product]!}`);
      return;
    case 'price':
      await run(
        sql`update products set price_cents = ${step.cents} where id = ${productIds[step.product]!}`,
      );
      return;
    case 'status':
      await run(
        sql`update products set status = ${step.status} where id = ${productIds[step.product]!}`,
      );
      return;
    case 'compare-at':
      await run(sql`update variants set compare_at_cents = ${step.cents}
        where id = ${variantOf(productIds, step.product, step.variant)}`);
      return;
    case 'join':
      await run(sql`insert into collection_products (collection_id, product_id, position)
        values (${collectionIds[step.collection]!}, ${productIds[step.product]!}, ${step.product})
        on conflict do nothing`);
      return;
    case 'leave':
      await run(sql`delete from collection_products
        where collection_id = ${collectionIds[step.collection]!} and product_id = ${productIds[step.product]!}`);
      return;
    case 'collection-status':
      await run(
        sql`update collections set status = ${step.status} where id = ${collectionIds[step.collection]!}`,
      );
      return;
    case 'fold':
      await foldKeptFacets(db);
      return;
    case 'words':
      await run(
        step.field === 'name'
          ? sql`update products set name = ${`Changed ${step.word} ${step.product}`}
              where id = ${productIds[step.product]!}`
          : sql`update products set description_html = ${`<p>Soft <em>${step.word}</em> weave</p>`}
              where id = ${productIds[step.product]!}`,
      );
      return;
    case 'collection-name':
      await run(sql`update collections set name = ${`${step.word} collection ${step.collection}`}
        where id = ${collectionIds[step.collection]!}`);
  }
}
