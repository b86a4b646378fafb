/** A guest's proof of a purchase, for a review: the order and the signed token of its link. */
export interface ReviewProof {
  orderId: string;
  orderToken: string;
}

/** The product page's reviews, where the write-review form is. */
export const REVIEWS_HASH = '#reviews';
const PROOF_PREFIX = `${REVIEWS_HASH}?`;

/**
 * Where an order's 'Write a review' leads: the product's reviews, with the order's proof after
 * them in the address's fragment. A fragment never leaves the browser: the token is not sent with
 * the page's request (so no server or proxy logs it) nor, whatever the referrer policy, to any
 * other site; the product page takes it out of the address as soon as it has read it.
 */
export function reviewLink(productId: string, proof?: ReviewProof): string {
  const page = `/products/${encodeURIComponent(productId)}`;
  if (!proof) return `${page}${REVIEWS_HASH}`;
  const query = new URLSearchParams({ order: proof.orderId, token: proof.orderToken });
  return `${page}${PROOF_PREFIX}${query}`;
}

/** The proof a 'Write a review' link carries in a location's hash, if any. */
export function readReviewProof(hash: string): ReviewProof | undefined {
  if (!hash.startsWith(PROOF_PREFIX)) return undefined;
  const query = new URLSearchParams(hash.slice(PROOF_PREFIX.length));
  const orderId = query.get('order')?.trim();
  const orderToken = query.get('token')?.trim();
  return orderId && orderToken ? { orderId, orderToken } : undefined;
}
