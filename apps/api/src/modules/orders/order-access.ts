import { createHmac, timingSafeEqual } from 'node:crypto';

/** The token of a guest's order link (/order/:id?token=…): an HMAC of the order id, so nothing is stored. */
export function orderAccessToken(secret: Uint8Array, orderId: string): string {
  return createHmac('sha256', secret).update(`order-access:${orderId}`).digest('base64url');
}

export function isOrderAccessToken(secret: Uint8Array, orderId: string, token: string): boolean {
  const expected = Buffer.from(orderAccessToken(secret, orderId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
