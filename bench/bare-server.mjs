// The baseline: a bare node:http server that answers every request with fixed bytes.
// Usage (as a child process): node bare-server.mjs <port> <content-type> <body-file> [database-url]
// With a database URL it first runs, on a pg pool of the shop's size (10), the SQL the shop runs
// for that address (the catalog's reads: modules/catalog/repository.ts with its photos' alt texts,
// the automatic sales each read prices with; for '/', the home page's carousels and listing), so
// the baseline is the database's time plus the bytes: what a request must cost at least. Other
// addresses answer the bytes alone.
import { readFileSync } from 'node:fs';
import http from 'node:http';

const [port, contentType, bodyFile, databaseUrl] = process.argv.slice(2);
const body = readFileSync(bodyFile);
/** BARE_CONTENT_ENCODING=gzip: the body file is gzipped, and said so (a sitemap as crawlers ask). */
const contentEncoding = process.env.BARE_CONTENT_ENCODING;
const PAGE_SIZE = 12;
const CAROUSEL_SIZE = 8;

/** The storefront's product columns, its variants and its photos' alt texts, in one row (catalog/repository.ts). */
const PRODUCT_WITH_VARIANTS = `select products.*, (
  select json_agg(json_build_object(
    'id', v.id, 'key', v.key, 'values', v.option_values, 'sku', v.sku,
    'priceCents', v.price_cents, 'compareAtCents', v.compare_at_cents,
    'available', v.available, 'images', v.images
  ) order by v.position, v.key)
  from variants v where v.product_id = "products"."id"
) as variants, (
  select json_agg(json_build_object('hash', i.hash, 'alt', i.alt))
  from product_images i where i.product_id = "products"."id"
) as photo_alts from products`;

async function catalogQueries(pool) {
  // The automatic sales every catalog read asks for, to price what it shows (decision 052).
  const sales = () =>
    pool.query(`select * from discounts where automatic and active
      and (usage_limit is null or used_count < usage_limit)
      and kind = 'percentage' and not once_per_customer`);
  const product = async (where, value) => {
    const { rows } = await pool.query(
      `${PRODUCT_WITH_VARIANTS} where ${where} = $1 and status = 'published'`,
      [value],
    );
    const id = rows[0]?.id;
    if (!id) return;
    await Promise.all([
      pool.query('select * from reviews where product_id = $1 order by created_at desc, id desc', [
        id,
      ]),
      sales(),
    ]);
  };
  const listing = async (page) => {
    await sales();
    // The listing's facets with its total: the counts the database keeps (decision 059).
    await pool.query(
      `select x.facet, coalesce(c.handle, x.value) as value, coalesce(c.name, '') as label,
         x.position, sum(x.count)::int as count
       from (select facet, value, position, count from listing_facet_counts where scope in ('all')
             union all
             select facet, value, position, delta from listing_facet_deltas where scope in ('all')) x
       left join collections c on x.facet = 'collection' and c.id::text = x.value
       where x.facet <> 'collection' or c.status = 'published'
       group by x.facet, x.value, c.handle, c.name, x.position
       having sum(x.count) > 0`,
    );
    await pool.query(
      `${PRODUCT_WITH_VARIANTS} where id in (
         select id from products where status = 'published'
         order by created_at desc, name asc, id asc limit $1 offset $2)
       order by created_at desc, name asc, id asc`,
      [PAGE_SIZE, (page - 1) * PAGE_SIZE],
    );
  };
  // A home carousel: a category's newest cards (catalog/service.ts listProductCards).
  const carousel = async (category) => {
    await pool.query(
      `${PRODUCT_WITH_VARIANTS} where id in (
         select id from products where status = 'published' and category = $1
         order by created_at desc, name asc, id asc limit $2)
       order by created_at desc, name asc, id asc`,
      [category, CAROUSEL_SIZE],
    );
    await sales();
  };
  return async (url) => {
    const address = new URL(url, 'http://bare');
    if (address.pathname === '/api/products') {
      await listing(Math.max(1, Number(address.searchParams.get('pageNumber')) || 1));
    } else if (address.pathname === '/') {
      // The home page's reads: its two carousels and the listing's first page.
      await Promise.all([carousel('belts'), carousel('flower_totes'), listing(1)]);
    } else if (address.pathname.startsWith('/api/products/')) {
      await product('id', address.pathname.slice('/api/products/'.length));
    } else if (address.pathname.startsWith('/products/')) {
      await product('handle', address.pathname.slice('/products/'.length));
    }
  };
}

let query;
if (databaseUrl) {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  query = await catalogQueries(pool);
}

const answer = (response) => {
  response.writeHead(200, {
    'content-type': contentType,
    'content-length': body.length,
    ...(contentEncoding ? { 'content-encoding': contentEncoding } : {}),
  });
  response.end(body);
};

http
  .createServer((request, response) => {
    if (!query) return answer(response);
    query(request.url ?? '/').then(
      () => answer(response),
      (error) => response.writeHead(500).end(String(error)),
    );
  })
  .listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
