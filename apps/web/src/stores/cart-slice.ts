import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import { addOrUpdateLine, removeLine, sameLine } from '@shop/shared/cart-lines';
import type { CartLine, CartLineIdentity } from '@shop/shared/cart';
import type { CountInStock } from '@shop/shared/catalog';
import { lineStockKey } from '@shop/shared/variants';
import { clampLineQty, clampLines } from '@shop/shared/order-limits';
import type { ShippingAddress } from '@shop/shared/orders';
import type { StoredStateSchemas } from '../lib/contract-schemas';
import { readStored, removeStored, writeStored } from '../lib/storage';

/** A stored line whose quantity was lowered to the per-line limit, and what it had. */
export type LoweredLine = Pick<CartLine, 'key' | 'name' | 'size' | 'option'> & { from: number };

export type CartState = {
  cartItems: CartLine[];
  shippingAddress: ShippingAddress | null;
  paymentMethod: string | null;
  /** The discount code the shopper applied (decision 047); the server checks and prices it. */
  discountCode: string | null;
  /** Lines lowered to the per-line limit on restore, until the shopper has been told (not stored). */
  loweredLines: LoweredLine[];
};

/**
 * Restored at start-up from localStorage; each value of the wrong shape is discarded on its own.
 * Checked with `schemas`, the shared ones (lib/contract-schemas.ts, loaded only when localStorage
 * holds something: see app/store.ts); the stored payment method is any non-empty text.
 * A line stored before the per-line limit with more units is lowered to the limit, and noted so
 * the shopper can be told (hooks/use-lowered-lines-notice).
 */
export function loadCartState(schemas: StoredStateSchemas): CartState {
  const { lines, lowered } = clampLines(readStored('cartItems', schemas.cartItems) ?? []);
  return {
    cartItems: lines,
    shippingAddress: readStored('shippingAddress', schemas.shippingAddress) ?? null,
    paymentMethod: readStored('paymentMethod', schemas.paymentMethod) ?? null,
    discountCode: readStored('discountCode', schemas.discountCode) ?? null,
    loweredLines: lowered.map(({ key, name, size, option, qty }) => ({
      key,
      name,
      size,
      option,
      from: qty,
    })),
  };
}

export function persistCartState(state: CartState): void {
  writeStored('cartItems', state.cartItems);
  if (state.shippingAddress) writeStored('shippingAddress', state.shippingAddress);
  else removeStored('shippingAddress');
  if (state.paymentMethod) writeStored('paymentMethod', state.paymentMethod);
  else removeStored('paymentMethod');
  if (state.discountCode) writeStored('discountCode', state.discountCode);
  else removeStored('discountCode');
}

export type StockCheck = {
  /**
   * Fresh stock of every product the API answered for, by product id; for lines naming a variant
   * by id, by that id (lineStockKey), as the variant's countInStock.
   */
  stock: Record<string, CountInStock>;
  /** Lines to drop (identity and the qty that was checked). */
  dropped: (CartLineIdentity & { qty: number })[];
};

const cartSlice = createSlice({
  name: 'cart',
  initialState: (): CartState => ({
    cartItems: [],
    shippingAddress: null,
    paymentMethod: null,
    discountCode: null,
    loweredLines: [],
  }),
  reducers: {
    /**
     * Adds the line, or replaces an existing line's qty, option and key. Callers refuse a qty above
     * the per-line limit with a message; the cart never keeps one whatever the caller.
     */
    lineAdded(state, action: PayloadAction<CartLine>) {
      const line = { ...action.payload, qty: clampLineQty(action.payload.qty) };
      state.cartItems = addOrUpdateLine(state.cartItems, line);
    },
    lineRemoved(state, action: PayloadAction<CartLineIdentity>) {
      const { product, size, option, variant } = action.payload;
      state.cartItems = removeLine(state.cartItems, product, size, option, variant);
    },
    cartCleared(state) {
      state.cartItems = [];
      // The order that used it is paid: a code is for one order.
      state.discountCode = null;
    },
    stockChecked(state, action: PayloadAction<StockCheck>) {
      const { stock, dropped } = action.payload;
      // A line changed since the check (another qty) is kept: the next check judges it.
      state.cartItems = state.cartItems
        .filter((line) => !dropped.some((gone) => sameLine(gone, line) && gone.qty === line.qty))
        .map((line) => {
          const fresh = stock[lineStockKey(line)];
          return fresh ? { ...line, countInStock: fresh } : line;
        });
    },
    /** The shopper has been told about the lines lowered on restore. */
    loweredLinesNoticed(state) {
      state.loweredLines = [];
    },
    shippingAddressSaved(state, action: PayloadAction<ShippingAddress>) {
      state.shippingAddress = action.payload;
    },
    paymentMethodSaved(state, action: PayloadAction<string>) {
      state.paymentMethod = action.payload;
    },
    /** The code applied, or null when the shopper removes it. */
    discountCodeSet(state, action: PayloadAction<string | null>) {
      state.discountCode = action.payload?.trim() || null;
    },
  },
});

export const {
  lineAdded,
  lineRemoved,
  cartCleared,
  stockChecked,
  loweredLinesNoticed,
  shippingAddressSaved,
  paymentMethodSaved,
  discountCodeSet,
} = cartSlice.actions;
export const cartReducer = cartSlice.reducer;
