import * as z from 'zod/mini';
import { countInStockSchema } from './catalog';
import { LINE_OPTIONS, LINE_SIZES } from './catalog-constants';
import { dollarsSchema } from './money-schemas';

export * from './cart-lines';

export const lineSizeSchema = z.enum(LINE_SIZES);
export const lineOptionSchema = z.enum(LINE_OPTIONS);

/** A cart item as persisted in localStorage under cartItems (spec section 3). */
export const cartLineSchema = z.object({
  /** The product id. */
  product: z.string().check(z.minLength(1)),
  name: z.string(),
  image: z.string(),
  imagesOptionA: z.array(z.string()),
  imagesOptionB: z.array(z.string()),
  /** Dollars, two decimals, as the API shows it. */
  price: dollarsSchema,
  countInStock: countInStockSchema,
  qty: z.int().check(z.minimum(1), z.maximum(Number.MAX_SAFE_INTEGER)),

  size: lineSizeSchema,
  option: lineOptionSchema,
  hasAandB: z.boolean(),
  key: z.string().check(z.minLength(1)),
  /**
   * The variant's id, on lines of products whose options are not the spec's (decision 031); then
   * size and option are 'NA' and countInStock is that variant's stock (variantCountInStock).
   */
  variant: z.optional(z.string().check(z.minLength(1))),
  /** The variant's title ('Clay / XL'), shown on the line. */
  variantTitle: z.optional(z.string()),
  /**
   * Added while an automatic discount priced it (decision 052): the cart asks the server what the
   * discount takes off. The line's price stays the product's; the server prices every order.
   */
  onSale: z.optional(z.boolean()),
  /** The product's address: /products/<handle>; absent on lines stored before handles. */
  handle: z.optional(z.string().check(z.minLength(1))),
});
export type CartLine = z.infer<typeof cartLineSchema>;
export const cartLinesSchema = z.array(cartLineSchema);
