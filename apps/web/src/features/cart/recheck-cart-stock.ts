import { createAsyncThunk } from '@reduxjs/toolkit';
import { dropUnavailableLines, stockFor, withOwnHolds } from '@shop/shared/stock';
import {
  lineStockKey,
  variantAvailableWithOwnHolds,
  variantCountInStock,
} from '@shop/shared/variants';
import type { CartLine } from '@shop/shared/cart';
import type { CountInStock } from '@shop/shared/catalog';
import type { CheckoutProof, OwnHoldsResponse } from '@shop/shared/orders';
import { isNotFound } from '../../lib/api-error';
import { loadContract } from '../../lib/lazy-contract';
import { productsApi } from '../catalog';
import { ownHoldsApi, forgetClosedCheckouts, openCheckoutProofs } from '../checkout';
import { stockChecked } from '../../stores/cart-slice';
import type { CartState } from '../../stores/cart-slice';

type State = { cart: CartState; account: { userInfo: unknown } };

type HeldItem = OwnHoldsResponse['checkouts'][number]['items'][number];

/**
 * What the shopper's own open checkouts hold, by product: the signed-in account's and those this
 * browser keeps the proofs of (whose closed ones it then forgets). Nothing when there are none to
 * ask about, or when the shop cannot say (then the re-check is as strict as before).
 */
async function ownHeldUnits(
  ask: (checkouts: CheckoutProof[]) => Promise<{ data?: OwnHoldsResponse }>,
  signedIn: boolean,
): Promise<Map<string, HeldItem[]>> {
  const held = new Map<string, HeldItem[]>();
  const { storedStateSchemas } = await loadContract();
  const proofs = openCheckoutProofs(storedStateSchemas);
  if (!signedIn && !proofs.length) return held;
  const answer = await ask(proofs);
  if (!answer.data) return held;
  const { checkouts } = answer.data;
  forgetClosedCheckouts(
    storedStateSchemas,
    proofs,
    new Set(checkouts.map((checkout) => checkout.orderId)),
  );
  for (const item of checkouts.flatMap((checkout) => checkout.items))
    held.set(item.product, [...(held.get(item.product) ?? []), item]);
  return held;
}

/** A line the re-check dropped, with its variant's stock now (null: the product is gone). */
export type DroppedLine = { line: CartLine; inStock: number | null };

/**
 * Asks the API for the live stock of every product in the cart (GET /api/products/:id per
 * distinct product) and drops each line whose qty its variant can no longer cover, or whose
 * product is gone. A product the API could not be asked about (network down) keeps its lines.
 * The units the shopper's own open checkout holds count as theirs (placing the order again
 * replaces that checkout), so their own hold never empties their cart in another tab.
 * Resolves to the dropped lines, so the caller can tell the shopper which and why.
 */
export const recheckCartStock = createAsyncThunk<DroppedLine[], void, { state: State }>(
  'cart/recheckStock',
  async (_, { dispatch, getState }) => {
    const ids = [...new Set(getState().cart.cartItems.map((line) => line.product))];
    const [answers, held] = await Promise.all([
      Promise.all(
        ids.map(async (id) => {
          const request = dispatch(
            productsApi.endpoints.getProduct.initiate(id, { subscribe: false, forceRefetch: true }),
          );
          return [id, await request] as const;
        }),
      ),
      ownHeldUnits(
        (checkouts) =>
          dispatch(ownHoldsApi.endpoints.ownHolds.initiate({ checkouts }, { track: false })),
        Boolean(getState().account.userInfo),
      ),
    ]);

    // By lineStockKey: a product's countInStock, and each variant named by id in the cart its own.
    const stockById = new Map<string, CountInStock | undefined>();
    const variantLines = getState().cart.cartItems.filter((line) => line.variant !== undefined);
    for (const [id, answer] of answers) {
      if (answer.data) {
        const ownHeld = held.get(id) ?? [];
        stockById.set(id, withOwnHolds(answer.data.countInStock, ownHeld));
        for (const line of variantLines.filter((each) => each.product === id)) {
          const variant = answer.data.variants.find((each) => each._id === line.variant);
          stockById.set(
            lineStockKey(line),
            variant &&
              variantCountInStock(
                variantAvailableWithOwnHolds(variant._id, variant.available, ownHeld),
              ),
          );
        }
      } else if (isNotFound(answer.error)) {
        stockById.set(id, undefined); // the product is gone
        for (const line of variantLines.filter((each) => each.product === id))
          stockById.set(lineStockKey(line), undefined);
      }
    }

    const checkable = getState().cart.cartItems.filter((line) => stockById.has(lineStockKey(line)));
    const { dropped } = dropUnavailableLines(checkable, stockById);
    const stock: Record<string, CountInStock> = {};
    for (const [id, countInStock] of stockById) if (countInStock) stock[id] = countInStock;
    dispatch(
      stockChecked({
        stock,
        dropped: dropped.map(({ product, size, option, variant, qty }) => ({
          product,
          size,
          option,
          variant,
          qty,
        })),
      }),
    );
    return dropped.map((line) => {
      const countInStock = stockById.get(lineStockKey(line));
      return {
        line,
        inStock: countInStock ? stockFor(countInStock, line.size, line.option) : null,
      };
    });
  },
);
