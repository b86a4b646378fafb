import { createAsyncThunk } from '@reduxjs/toolkit';
import { dropUnavailableLines, stockFor } from '@shop/shared/stock';
import type { CartLine } from '@shop/shared/cart';
import type { CountInStock } from '@shop/shared/catalog';
import { isNotFound } from '../../lib/api-error';
import { productsApi } from '../catalog/api/products-api';
import { stockChecked } from './cart-slice';
import type { CartState } from './cart-slice';

type State = { cart: CartState };

/** A line the re-check dropped, with its variant's stock now (null: the product is gone). */
export type DroppedLine = { line: CartLine; inStock: number | null };

/**
 * Asks the API for the live stock of every product in the cart (GET /api/products/:id per
 * distinct product) and drops each line whose qty its variant can no longer cover, or whose
 * product is gone. A product the API could not be asked about (network down) keeps its lines.
 * Resolves to the dropped lines, so the caller can tell the shopper which and why.
 */
export const recheckCartStock = createAsyncThunk<DroppedLine[], void, { state: State }>(
  'cart/recheckStock',
  async (_, { dispatch, getState }) => {
    const ids = [...new Set(getState().cart.cartItems.map((line) => line.product))];
    const answers = await Promise.all(
      ids.map(async (id) => {
        const request = dispatch(
          productsApi.endpoints.getProduct.initiate(id, { subscribe: false, forceRefetch: true }),
        );
        return [id, await request] as const;
      }),
    );

    const stockById = new Map<string, CountInStock | undefined>();
    for (const [id, answer] of answers) {
      if (answer.data) stockById.set(id, answer.data.countInStock);
      else if (isNotFound(answer.error)) stockById.set(id, undefined); // the product is gone
    }

    const checkable = getState().cart.cartItems.filter((line) => stockById.has(line.product));
    const { dropped } = dropUnavailableLines(checkable, stockById);
    const stock: Record<string, CountInStock> = {};
    for (const [id, countInStock] of stockById) if (countInStock) stock[id] = countInStock;
    dispatch(
      stockChecked({
        stock,
        dropped: dropped.map(({ product, size, option, qty }) => ({ product, size, option, qty })),
      }),
    );
    return dropped.map((line) => {
      const countInStock = stockById.get(line.product);
      return {
        line,
        inStock: countInStock ? stockFor(countInStock, line.size, line.option) : null,
      };
    });
  },
);
