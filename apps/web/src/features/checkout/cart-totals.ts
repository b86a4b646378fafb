import type { CartLine } from '@shop/shared/cart';
import type { OrderItemRequest } from '@shop/shared/orders';
import { toCents } from '@shop/shared/money';
import { priceOrder } from '@shop/shared/pricing';
import type { OrderPrice } from '@shop/shared/pricing';
import { cartLineImage } from '../../lib/cart-line-image';
import type { OrderLine } from '../../components/order-summary/order-lines';

/** The cart's amounts with the shop's rules (free shipping from $50, 7% tax); the server reprices. */
export function cartAmounts(lines: readonly Pick<CartLine, 'price' | 'qty'>[]): OrderPrice {
  return priceOrder(lines.map(({ price, qty }) => ({ unitPriceCents: toCents(price), qty })));
}

/** What the API takes of each line: which variant and how many (prices are the server's). */
export function orderItemsOf(lines: readonly CartLine[]): OrderItemRequest[] {
  return lines.map(({ product, qty, size, option, variant }) =>
    variant === undefined
      ? { product, qty, size, option }
      : { product, qty, size, option, variant },
  );
}

/** Cart lines as the order summary shows them. */
export function summaryLinesOf(lines: readonly CartLine[]): OrderLine[] {
  return lines.map((line) => ({
    key: line.key,
    product: line.product,
    name: line.name,
    image: cartLineImage(line),
    size: line.size,
    option: line.option,
    qty: line.qty,
    price: line.price,
    variantTitle: line.variantTitle,
    handle: line.handle,
  }));
}
