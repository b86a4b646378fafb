// The shared schemas (packages/shared, zod/mini) the storefront's first page checks with, in a
// module of their own that lib/lazy-contract.ts loads on first use: the server-rendered first page
// arrives already checked by the API's response schemas, so a first visit downloads none of this
// (docs/decisions/027). Pages that load later import the shared schemas directly.
import * as z from 'zod/mini';
import { messageResponseSchema, userInfoSchema, userRoleSchema } from '@shop/shared/accounts';
import { cartLinesSchema } from '@shop/shared/cart';
import {
  errorBodySchema,
  productCardListSchema,
  productCardPageSchema,
  productListSchema,
  productSchema,
  shopConfigSchema,
} from '@shop/shared/catalog';
import { collectionMenuSchema, collectionPageSchema } from '@shop/shared/collections';
import { orderAddressSchema } from '@shop/shared/addresses';
import { ownHoldsResponseSchema } from '@shop/shared/orders';
import { suggestionsSchema } from '@shop/shared/search';

/** The answers the first page's endpoints check (responseSchema), and every error body. */
export const answerSchemas = {
  errorBody: errorBodySchema,
  productList: productListSchema,
  productCardList: productCardListSchema,
  productCardPage: productCardPageSchema,
  product: productSchema,
  shopConfig: shopConfigSchema,
  message: messageResponseSchema,
  ownHolds: ownHoldsResponseSchema,
  collectionPage: collectionPageSchema,
  collectionMenu: collectionMenuSchema,
  suggestions: suggestionsSchema,
};

/** What the browser keeps in localStorage, checked as it is read back; a value of another shape is dropped. */
export const storedStateSchemas = {
  cartItems: cartLinesSchema,
  /**
   * As the address form kept it (checked then; not again here, which would load the phone rules
   * on the first page); one kept before the recipient was asked comes back without a name.
   */
  shippingAddress: z.extend(orderAddressSchema, { fullName: z._default(z.string(), '') }),
  /** Any non-empty text (the spec's payment method). */
  paymentMethod: z.string().check(z.minLength(1)),
  /** The discount code typed at checkout, as typed (the server checks it). */
  discountCode: z.string().check(z.minLength(1), z.maxLength(40)),
  /** userInfoSchema, but a userInfo stored before roles existed is a shopper's. */
  userInfo: z.extend(userInfoSchema, { role: z._default(userRoleSchema, 'customer') }),
  /** The proofs of the checkouts this browser started (features/checkout/open-checkouts.ts). */
  openCheckouts: z.array(
    z.object({
      orderId: z.string().check(z.minLength(1), z.maxLength(100)),
      token: z.string().check(z.minLength(1), z.maxLength(200)),
      startedAt: z.number(),
    }),
  ),
};

export type StoredStateSchemas = typeof storedStateSchemas;
