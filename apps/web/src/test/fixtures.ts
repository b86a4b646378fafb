import { cartLineKey } from '@shop/shared/cart';
import type { CartLine } from '@shop/shared/cart';
import type { CountInStock, Product } from '@shop/shared/catalog';

const noStock: CountInStock = { total: 0, countA: 0, countB: 0, smallMed: 0, large: 0, xlarge: 0 };

/** A product as GET /api/products/:id answers it; plain (no size, no option) unless told. */
export function productFixture(overrides: Partial<Product> = {}): Product {
  return {
    _id: 'p-1',
    handle: 'dune-stripe-tote',
    name: 'Dune Stripe Tote',
    image: '/images/products/dune-stripe-tote-a.svg',
    images: ['/images/products/dune-stripe-tote-a.svg'],
    imagesOptionA: [],
    imagesOptionB: [],
    price: 24.5,
    category: 'totes',
    description: '<p>A striped tote.</p>',
    hasSize: false,
    hasAandB: false,
    countInStock: { ...noStock, total: 5 },
    rating: 0,
    numReviews: 0,
    reviews: [],
    ...overrides,
  };
}

export function stock(counts: Partial<CountInStock>): CountInStock {
  return { ...noStock, ...counts };
}

/** The cart line the storefront stores for a product and a choice. */
export function cartLineFor(
  product: Product,
  size: CartLine['size'],
  option: CartLine['option'],
  qty: number,
): CartLine {
  return {
    product: product._id,
    name: product.name,
    image: product.image,
    imagesOptionA: product.imagesOptionA,
    imagesOptionB: product.imagesOptionB,
    price: product.price,
    countInStock: product.countInStock,
    qty,
    size,
    option,
    hasAandB: product.hasAandB,
    key: cartLineKey(product._id, option, size),
  };
}
