import type { CheckoutProof } from '@shop/shared/orders';
import { MAX_CHECKOUT_PROOFS } from '@shop/shared/order-limits';
import type { StoredStateSchemas } from '../../lib/contract-schemas';
import { readStored, removeStored, writeStored } from '../../lib/storage';

/**
 * The proofs of the checkouts this browser started (order id and cancel token), kept in
 * localStorage so every tab knows them: the cart's stock re-check asks what they hold (the
 * shopper's own hold never empties their cart), and a new checkout replaces them. A hold lasts
 * 35 minutes; a proof is kept a little longer, then forgotten.
 */
const KEEP_MS = 40 * 60_000;

type StoredProof = CheckoutProof & { startedAt: number };

/**
 * The schema the stored proofs are read back with (lib/contract-schemas.ts): passed in, so the
 * first page, which re-checks the cart, loads it only when it needs it (lib/lazy-contract.ts).
 */
export type ProofSchemas = Pick<StoredStateSchemas, 'openCheckouts'>;

function fresh(schemas: ProofSchemas, now: number): StoredProof[] {
  return (readStored('openCheckouts', schemas.openCheckouts) ?? []).filter(
    (proof) => now - proof.startedAt < KEEP_MS && proof.startedAt <= now,
  );
}

function store(proofs: StoredProof[]): void {
  if (proofs.length) writeStored('openCheckouts', proofs.slice(-MAX_CHECKOUT_PROOFS));
  else removeStored('openCheckouts');
}

/** The proofs of this browser's checkouts that may still be open. */
export function openCheckoutProofs(schemas: ProofSchemas, now = Date.now()): CheckoutProof[] {
  return fresh(schemas, now).map(({ orderId, token }) => ({ orderId, token }));
}

/** A checkout this browser just started. */
export function rememberCheckout(
  schemas: ProofSchemas,
  proof: CheckoutProof,
  now = Date.now(),
): void {
  store([
    ...fresh(schemas, now).filter((kept) => kept.orderId !== proof.orderId),
    { ...proof, startedAt: now },
  ]);
}

/**
 * After asking the shop about `asked`: forgets those it did not answer as open (paid, ended,
 * expired, or not this browser's). Proofs remembered meanwhile (another tab's new checkout) stay.
 */
export function forgetClosedCheckouts(
  schemas: ProofSchemas,
  asked: readonly CheckoutProof[],
  openOrderIds: ReadonlySet<string>,
  now = Date.now(),
): void {
  const closed = new Set(
    asked.map((proof) => proof.orderId).filter((orderId) => !openOrderIds.has(orderId)),
  );
  if (closed.size) store(fresh(schemas, now).filter((proof) => !closed.has(proof.orderId)));
}
