import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { messageResponseSchema } from '@shop/shared/accounts';
import { cartLinesSchema } from '@shop/shared/cart';
import {
  errorBodySchema,
  productListSchema,
  productSchema,
  shopConfigSchema,
} from '@shop/shared/catalog';
import { ownHoldsResponseSchema, shippingAddressSchema } from '@shop/shared/orders';
import { cartLineFor, productFixture, stock } from '../test/fixtures';
import * as contract from './contract';
import { safeParse } from './shape';
import type { Shape } from './shape';

type Schema = { safeParse: (value: unknown) => { success: boolean; data?: unknown } };

const WRONG_VALUES: unknown[] = [
  undefined,
  null,
  'text',
  '',
  '   ',
  ' padded ',
  'x'.repeat(300),
  -1,
  0,
  1,
  1.5,
  6,
  19.999,
  2 ** 53,
  Infinity,
  Number.NaN,
  true,
  [],
  ['a'],
  {},
  'NA',
  'belts',
];

/** The value with one thing changed: each key removed or replaced, an unknown key added. */
function* variants(value: unknown): Generator<unknown> {
  if (Array.isArray(value)) {
    yield [];
    yield [...value, ...value];
    for (const [index, item] of value.entries()) {
      for (const variant of variants(item)) yield value.with(index, variant);
    }
    return;
  }
  if (value && typeof value === 'object') {
    const object = value as Record<string, unknown>;
    yield { ...object, unknownKey: 'dropped' };
    for (const key of Object.keys(object)) {
      const { [key]: _removed, ...rest } = object;
      yield rest;
      for (const variant of variants(object[key])) yield { ...object, [key]: variant };
    }
    return;
  }
  yield* WRONG_VALUES;
}

/** zod's verdict; a refinement that throws (dollarsSchema on 2^53) counts as a refusal, as in readStored. */
function parseOrThrown(schema: Schema, value: unknown) {
  try {
    return schema.safeParse(value);
  } catch {
    return { success: false };
  }
}

/** The check and the schema agree on the value and its variants: same verdict, same result. */
function expectSameAs(shape: Shape<unknown>, schema: Schema, samples: unknown[]) {
  let compared = 0;
  for (const sample of samples) {
    for (const value of [sample, ...variants(sample)]) {
      const ours = safeParse(shape, value);
      const theirs = parseOrThrown(schema, value);
      expect({ value, success: ours.success }).toEqual({ value, success: theirs.success });
      if (ours.success) expect(ours.data).toEqual(theirs.data);
      compared += 1;
    }
  }
  expect(compared).toBeGreaterThan(samples.length);
}

const sized = productFixture({
  _id: 'p-2',
  name: 'Strong & Kind Tee',
  category: 'selflove_women_tshirts',
  hasSize: true,
  price: 32,
  countInStock: stock({ total: 9, smallMed: 3, large: 4, xlarge: 2 }),
  rating: 4.5,
  numReviews: 2,
  reviews: [
    { _id: 'r1', name: 'Noura', rating: 5, comment: 'Lovely', createdAt: '2024-02-01' },
    { _id: 'r2', name: 'Sam', rating: 4, comment: '', createdAt: '2024-02-02' },
  ],
});
const withOptions = productFixture({
  _id: 'p-3',
  hasAandB: true,
  imagesOptionA: ['/a.svg'],
  imagesOptionB: ['/b.svg'],
  countInStock: stock({ total: 4, countA: 1, countB: 3 }),
});
const withPhotos = productFixture({
  _id: 'p-4',
  image: `/api/images/${'a'.repeat(32)}-800.webp`,
  images: [`/api/images/${'a'.repeat(32)}-800.webp`, '/images/products/x.svg'],
  imageAlts: { [`/api/images/${'a'.repeat(32)}-800.webp`]: 'The tote from the front' },
});
const summary = ({ reviews: _reviews, ...rest }: ReturnType<typeof productFixture>) => rest;

describe('the light checks of the first page hold to the shared zod schemas', () => {
  it('error bodies', () => {
    expectSameAs(contract.errorBodyShape, errorBodySchema, [
      { message: 'Not authorized, token failed' },
      { message: 'Invalid input', errors: [{ path: 'email', message: 'Please enter an email' }] },
    ]);
  });

  it('products and product lists', () => {
    expectSameAs(contract.productShape, productSchema, [
      productFixture(),
      sized,
      withOptions,
      withPhotos,
    ]);
    expectSameAs(contract.productListShape, productListSchema, [
      { products: [summary(sized), summary(withOptions), summary(withPhotos)], page: 1, pages: 3 },
      { products: [], page: 2, pages: 0 },
    ]);
  });

  it('message answers (the logout)', () => {
    expectSameAs(contract.messageResponseShape, messageResponseSchema, [
      { message: 'Logged out' },
      { message: '' },
    ]);
  });

  it('the shop config', () => {
    expectSameAs(contract.shopConfigShape, shopConfigSchema, [
      { name: 'Sadu Sands', supportEmail: 'help@sadusands.example' },
    ]);
  });

  it('stored cart lines, shipping address and payment method', () => {
    expectSameAs(contract.cartLinesShape, cartLinesSchema, [
      [cartLineFor(sized, 'L', 'NA', 2), cartLineFor(withOptions, 'NA', 'B', 1)],
      [{ ...cartLineFor(productFixture(), 'NA', 'NA', 1), price: 19.99 }],
    ]);
    expectSameAs(contract.shippingAddressShape, shippingAddressSchema, [
      { address: '1 Dune Rd', city: 'Chicago', state: 'IL', postalCode: '60601', country: 'US' },
      { address: ' 1 Dune Rd ', city: 'C', state: 'IL ', postalCode: '6', country: ' US' },
    ]);
    // cart-slice's former z.string().min(1)
    expectSameAs(contract.paymentMethodShape, z.string().min(1), ['Stripe', ' ']);
  });

  it('own holds (the cart’s stock re-check)', () => {
    expectSameAs(contract.ownHoldsShape, ownHoldsResponseSchema, [
      {
        checkouts: [
          {
            orderId: 'o-1',
            items: [
              { product: 'p-2', size: 'L', option: 'NA', qty: 2 },
              { product: 'p-3', size: 'NA', option: 'B', qty: 1 },
            ],
          },
        ],
      },
      { checkouts: [] },
    ]);
  });

  it('answers RTK Query in the Standard Schema form', () => {
    const list = { products: [summary(sized)], page: 1, pages: 1 };
    expect(contract.productListSchema['~standard'].validate(list)).toEqual({ value: list });
    const broken = contract.productListSchema['~standard'].validate({ products: 'nope' });
    expect(broken.issues?.[0]?.message).toMatch(/products/);
  });
});
