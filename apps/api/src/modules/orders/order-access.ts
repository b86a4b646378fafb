import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Signed, stored-nowhere tokens for one order and one purpose: an HMAC of purpose and order id.
 * 'order-access' reads the order (the guest's link /order/:id?token=…); 'checkout-cancel' only
 * ends its open checkout, so the cancel URL that the card provider and the browser history keep
 * cannot read the order.
 */
type OrderTokenPurpose = 'order-access' | 'checkout-cancel';

function signOrderToken(secret: Uint8Array, purpose: OrderTokenPurpose, orderId: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${orderId}`).digest('base64url');
}

function isOrderToken(
  secret: Uint8Array,
  purpose: OrderTokenPurpose,
  orderId: string,
  token: string,
): boolean {
  const expected = Buffer.from(signOrderToken(secret, purpose, orderId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The token of a guest's order link (/order/:id?token=…). */
export const orderAccessToken = (secret: Uint8Array, orderId: string) =>
  signOrderToken(secret, 'order-access', orderId);

export const isOrderAccessToken = (secret: Uint8Array, orderId: string, token: string) =>
  isOrderToken(secret, 'order-access', orderId, token);

/** The token of a checkout's cancel link: it can end that checkout and nothing else. */
export const checkoutCancelToken = (secret: Uint8Array, orderId: string) =>
  signOrderToken(secret, 'checkout-cancel', orderId);

export const isCheckoutCancelToken = (secret: Uint8Array, orderId: string, token: string) =>
  isOrderToken(secret, 'checkout-cancel', orderId, token);

const receiptHashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * A new checkout's receipt token (random, answered once to the browser that starts the checkout)
 * and the hash the order keeps of it.
 */
export function newCheckoutReceipt(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: receiptHashOf(token) };
}

/** Whether `token` is the receipt whose hash the order keeps (constant time). */
export function isCheckoutReceipt(hash: string | null, token: string): boolean {
  if (!hash) return false;
  const expected = Buffer.from(hash);
  const given = Buffer.from(receiptHashOf(token));
  return given.length === expected.length && timingSafeEqual(given, expected);
}
