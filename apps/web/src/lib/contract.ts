/**
 * The parts of the shared contract (packages/shared) the storefront checks on its first page,
 * as light checks (./shape) instead of the zod schemas: API answers of the catalog and the shop
 * config, error bodies, the logout's answer (the header's menus hold Logout), the own holds the
 * cart's stock re-check asks for, and the cart
 * restored from localStorage (the account slice checks the
 * stored userInfo by hand for the same reason). Pages that load later (account,
 * checkout, orders, reviews) use the zod schemas themselves. contract.test.ts runs each check and
 * its schema over the same good and broken values and expects the same outcome.
 */
import type { MessageResponse } from '@shop/shared/accounts';
import type { CartLine } from '@shop/shared/cart';
import { CATEGORIES, LINE_OPTIONS, LINE_SIZES } from '@shop/shared/catalog';
import type {
  CountInStock,
  ErrorBody,
  Product,
  ProductList,
  ProductSummary,
  Review,
  ShopConfig,
} from '@shop/shared/catalog';
import { toCents } from '@shop/shared/money';
import type { OwnHoldsResponse, ShippingAddress } from '@shop/shared/orders';
import {
  array,
  boolean,
  number,
  object,
  oneOf,
  optional,
  record,
  refine,
  standardSchema,
  string,
} from './shape';
import type { Shape } from './shape';

const count = number({ int: true, min: 0 });

/** The error body of every 4xx/5xx answer (errorBodySchema). */
export const errorBodyShape: Shape<ErrorBody> = object({
  message: string(),
  errors: optional(array(object({ path: string(), message: string() }))),
});

export const countInStockShape: Shape<CountInStock> = object({
  total: count,
  countA: count,
  countB: count,
  smallMed: count,
  large: count,
  xlarge: count,
});

const reviewShape: Shape<Review> = object({
  _id: string(),
  name: string(),
  rating: number({ int: true, min: 1, max: 5 }),
  comment: string(),
  createdAt: string(),
});

const productFields = {
  _id: string(),
  name: string(),
  image: string(),
  images: array(string()),
  imagesOptionA: array(string()),
  imagesOptionB: array(string()),
  price: number({ min: 0 }),
  category: oneOf(CATEGORIES),
  description: string(),
  hasSize: boolean,
  hasAandB: boolean,
  countInStock: countInStockShape,
  rating: number({ min: 0, max: 5 }),
  numReviews: count,
  imageAlts: optional(record(string())),
};

export const productSummaryShape: Shape<ProductSummary> = object(productFields);

/** GET /api/products/:id (productSchema) */
export const productShape: Shape<Product> = object({
  ...productFields,
  reviews: array(reviewShape),
});

/** GET /api/products (productListSchema) */
export const productListShape: Shape<ProductList> = object({
  products: array(productSummaryShape),
  page: number({ int: true, above: 0 }),
  pages: count,
});

/** An answer that carries only a message, such as POST /api/users/logout's (messageResponseSchema). */
export const messageResponseShape: Shape<MessageResponse> = object({ message: string() });

/** GET /api/config/shop (shopConfigSchema) */
export const shopConfigShape: Shape<ShopConfig> = object({
  name: string(),
  supportEmail: string(),
});

/** A dollar amount as the API shows it: non-negative, at most two decimals (dollarsSchema). */
const dollars = refine(
  number({ min: 0, max: Number.MAX_SAFE_INTEGER / 100 }),
  (amount) => toCents(amount) / 100 === amount,
  'at most two decimals',
);

/** A cart line as kept in localStorage under cartItems (cartLinesSchema). */
export const cartLinesShape: Shape<CartLine[]> = array(
  object({
    product: string({ min: 1 }),
    name: string(),
    image: string(),
    imagesOptionA: array(string()),
    imagesOptionB: array(string()),
    price: dollars,
    countInStock: countInStockShape,
    qty: number({ int: true, min: 1, max: Number.MAX_SAFE_INTEGER }),
    size: oneOf(LINE_SIZES),
    option: oneOf(LINE_OPTIONS),
    hasAandB: boolean,
    key: string({ min: 1 }),
  }),
);

const requiredText = (max = 120) => string({ trim: true, min: 1, max });

/** shippingAddressSchema: each field trimmed and required. */
export const shippingAddressShape: Shape<ShippingAddress> = object({
  address: requiredText(200),
  city: requiredText(),
  state: requiredText(),
  postalCode: requiredText(20),
  country: requiredText(),
});

/** The stored payment method: a non-empty string. */
export const paymentMethodShape: Shape<string> = string({ min: 1 });

/** POST /api/orders/own-holds (ownHoldsResponseSchema): the cart's re-check asks it. */
export const ownHoldsShape: Shape<OwnHoldsResponse> = object({
  checkouts: array(
    object({
      orderId: string(),
      items: array(
        object({
          product: string(),
          size: oneOf(LINE_SIZES),
          option: oneOf(LINE_OPTIONS),
          qty: number({ int: true, above: 0 }),
        }),
      ),
    }),
  ),
});

/** The same checks as Standard Schemas, for RTK Query's responseSchema. */
export const productListSchema = standardSchema(productListShape);
export const productSchema = standardSchema(productShape);
export const shopConfigSchema = standardSchema(shopConfigShape);
export const messageResponseSchema = standardSchema(messageResponseShape);
export const ownHoldsSchema = standardSchema(ownHoldsShape);
