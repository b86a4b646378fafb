import { ButtonLink } from '../../../components/ui/button-link';

/** Checkout has nothing to do without items: say so and lead back to the shop. */
export function EmptyCartNotice() {
  return (
    <div className="flex flex-col items-center rounded-3xl border border-dashed border-sand-300 bg-sand-100/60 px-6 py-16 text-center">
      <p className="font-display text-2xl font-semibold">Your cart is empty</p>
      <p className="mt-2 text-ink-muted">Add something you love, then come back to check out.</p>
      <ButtonLink to="/" className="mt-8">
        Continue shopping
      </ButtonLink>
    </div>
  );
}
