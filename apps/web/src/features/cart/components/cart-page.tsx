import { useAppSelector } from '../../../stores/hooks';
import { Alert } from '../../../components/ui/alert';
import { ButtonLink } from '../../../components/ui/button-link';
import { PageContainer } from '../../../components/ui/page-container';
import { PageHeader } from '../../../components/ui/page-header';
import { CartSkeleton } from '../../../components/ui/page-skeletons';
import { useEndCancelledCheckout } from '../../checkout';
import { useAddFromAddress } from '../hooks/use-add-from-address';
import { CartLineItem } from './cart-line-item';
import { CartSummary } from './cart-summary';

/** /cart and /cart/:productId?qty=&size=&option= */
export default function CartPage() {
  const adding = useAddFromAddress();
  const lines = useAppSelector((state) => state.cart.cartItems);
  // The hosted checkout's cancel link comes back here with ?checkout=cancelled.
  const cancelled = useEndCancelledCheckout();

  return (
    <PageContainer>
      <PageHeader title="Shopping Cart" />
      {cancelled && (
        <Alert variant="info" className="mb-8">
          <strong>Payment cancelled.</strong> Nothing was charged
          {lines.length > 0 ? ', and your items are still in your cart.' : '.'}
        </Alert>
      )}
      {adding ? (
        <CartSkeleton label="Adding to your cart…" />
      ) : lines.length === 0 ? (
        <div className="flex flex-col items-center rounded-3xl border border-dashed border-sand-300 bg-sand-100/60 px-6 py-16 text-center">
          <p className="font-display text-2xl font-semibold">Your cart is empty</p>
          <p className="mt-2 text-ink-muted">Straps, totes and tees are waiting for you.</p>
          <ButtonLink to="/" className="mt-8">
            Continue shopping
          </ButtonLink>
        </div>
      ) : (
        <div className="grid gap-10 lg:grid-cols-[1fr_22rem] lg:gap-12">
          <ul
            aria-label="Items in your cart"
            className="divide-y divide-sand-200 self-start border-y border-sand-200"
          >
            {lines.map((line) => (
              <CartLineItem key={line.key} line={line} />
            ))}
          </ul>
          <CartSummary lines={lines} />
        </div>
      )}
    </PageContainer>
  );
}
