import * as z from 'zod/mini';
import type { CheckoutProof } from '@shop/shared/orders';
import { MAX_CHECKOUT_PROOFS } from '@shop/shared/order-limits';
import { readStored, removeStored, writeStored } from '../../lib/storage';

/**
 * The proofs of the checkouts this browser started (order id and cancel token), kept in
 * localStorage so every tab knows them: the cart's stock re-check asks what they hold (the
 * shopper's own hold never empties their cart), and a new checkout replaces them. A hold lasts
 * 35 minutes; a proof is kept a little longer, then forgotten.
 */
const KEEP_MS = 40 * 60_000;

type StoredProof = CheckoutProof & { startedAt: number };

const storedProofs = z.array(
  z.object({
    orderId: z.string().check(z.minLength(1), z.maxLength(100)),
    token: z.string().check(z.minLength(1), z.maxLength(200)),
    startedAt: z.number(),
  }),
);

function fresh(now: number): StoredProof[] {
  return (readStored('openCheckouts', storedProofs) ?? []).filter(
    (proof) => now - proof.startedAt < KEEP_MS && proof.startedAt <= now,
  );
}

function store(proofs: StoredProof[]): void {
  if (proofs.length) writeStored('openCheckouts', proofs.slice(-MAX_CHECKOUT_PROOFS));
  else removeStored('openCheckouts');
}

/** The proofs of this browser's checkouts that may still be open. */
export function openCheckoutProofs(now = Date.now()): CheckoutProof[] {
  return fresh(now).map(({ orderId, token }) => ({ orderId, token }));
}

/** A checkout this browser just started. */
export function rememberCheckout(proof: CheckoutProof, now = Date.now()): void {
  store([
    ...fresh(now).filter((kept) => kept.orderId !== proof.orderId),
    { ...proof, startedAt: now },
  ]);
}

/**
 * After asking the shop about `asked`: forgets those it did not answer as open (paid, ended,
 * expired, or not this browser's). Proofs remembered meanwhile (another tab's new checkout) stay.
 */
export function forgetClosedCheckouts(
  asked: readonly CheckoutProof[],
  openOrderIds: ReadonlySet<string>,
  now = Date.now(),
): void {
  const closed = new Set(
    asked.map((proof) => proof.orderId).filter((orderId) => !openOrderIds.has(orderId)),
  );
  if (closed.size) store(fresh(now).filter((proof) => !closed.has(proof.orderId)));
}
