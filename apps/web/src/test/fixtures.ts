import { cartLineKey } from '@shop/shared/cart';
import type { CartLine } from '@shop/shared/cart';
import type { CountInStock, Product } from '@shop/shared/catalog';
import { specOptions, variantCountInStock, variantTitle } from '@shop/shared/variants';

const noStock: CountInStock = { total: 0, countA: 0, countB: 0, smallMed: 0, large: 0, xlarge: 0 };

/** The options and variants the API answers beside the spec's fields of a product of its shapes. */
function specVariantsOf(product: Product): Pick<Product, 'options' | 'variants'> {
  const options = specOptions(product);
  const values: string[][] = product.hasSize
    ? [['S/M'], ['L'], ['XL']]
    : product.hasAandB
      ? [['A'], ['B']]
      : [[]];
  const count = product.countInStock;
  const availableOf = (value: string | undefined): number =>
    ({ 'S/M': count.smallMed, L: count.large, XL: count.xlarge, A: count.countA, B: count.countB })[
      value ?? ''
    ] ?? count.total;
  return {
    options,
    variants: values.map((variantValues) => ({
      _id: `${product._id}-${variantValues[0] ?? 'total'}`,
      options: variantValues,
      sku: null,
      price: product.price,
      compareAtPrice: null,
      available: availableOf(variantValues[0]),
      images:
        variantValues[0] === 'A'
          ? product.imagesOptionA
          : variantValues[0] === 'B'
            ? product.imagesOptionB
            : [],
    })),
  };
}

/** A product as GET /api/products/:id answers it; plain (no size, no option) unless told. */
export function productFixture(overrides: Partial<Product> = {}): Product {
  const product: Product = {
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
    options: [],
    variants: [],
    ...overrides,
  };
  return overrides.variants ? product : { ...product, ...specVariantsOf(product) };
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

/**
 * A product of options other than the spec's (decision 031): Colour × Size with 7 of its 10
 * combinations sold, each at its own price. Clay / S is sold out while its sibling Clay / M has
 * stock (so the page opens on Clay / M); Clay / L has a higher compare-at price; Clay / XL and
 * Sage / M have their own photos.
 */
export function colourBySizeFixture(overrides: Partial<Product> = {}): Product {
  const variant = (
    id: string,
    options: [string, string],
    price: number,
    available: number,
    extra: Partial<Product['variants'][number]> = {},
  ): Product['variants'][number] => ({
    _id: id,
    options,
    sku: `FS-${options.join('-').toUpperCase()}`,
    price,
    compareAtPrice: null,
    available,
    images: [],
    ...extra,
  });
  const variants = [
    variant('v-clay-s', ['Clay', 'S'], 30, 0),
    variant('v-clay-m', ['Clay', 'M'], 30, 3),
    variant('v-clay-l', ['Clay', 'L'], 32, 2, { compareAtPrice: 40 }),
    variant('v-clay-xl', ['Clay', 'XL'], 34, 1, { images: ['/img/field-shirt-clay-xl.svg'] }),
    variant('v-sage-xs', ['Sage', 'XS'], 26, 2, { sku: null }),
    variant('v-sage-m', ['Sage', 'M'], 28, 5, { images: ['/img/field-shirt-sage.svg'] }),
    variant('v-sage-l', ['Sage', 'L'], 28, 4),
  ];
  return productFixture({
    _id: 'shirt-1',
    handle: 'field-shirt',
    name: 'Field Shirt',
    category: 'selflove_women_tshirts',
    image: '/img/field-shirt.svg',
    images: ['/img/field-shirt.svg', '/img/field-shirt-back.svg'],
    price: 30,
    countInStock: { ...noStock, total: 17 },
    options: [
      { name: 'Colour', values: ['Clay', 'Sage'] },
      { name: 'Size', values: ['XS', 'S', 'M', 'L', 'XL'] },
    ],
    variants,
    ...overrides,
  });
}

/** The cart line the storefront stores for a variant of a product of other options. */
export function variantLineFor(product: Product, variantId: string, qty: number): CartLine {
  const variant = product.variants.find((candidate) => candidate._id === variantId);
  if (!variant) throw new Error(`No variant ${variantId}`);
  return {
    ...cartLineFor(product, 'NA', 'NA', qty),
    image: variant.images[0] ?? product.image,
    price: variant.price,
    countInStock: variantCountInStock(variant.available),
    key: cartLineKey(product._id, 'NA', 'NA', variant._id),
    variant: variant._id,
    variantTitle: variantTitle(variant.options),
    handle: product.handle,
  };
}
