import { Link } from 'react-router';
import { cartItemCount } from '@shop/shared/cart-lines';
import { useAppSelector } from '../../../stores/hooks';
import { Icon } from '../../../components/ui/icon';
import { useHydrated } from '../../../lib/use-hydrated';

/**
 * The header's cart link; its badge counts items (the sum of quantities), not lines. The server
 * knows no cart: until hydration the link shows an empty cart, then the badge appears over the
 * icon (absolutely placed, so nothing moves).
 */
export function CartLink({ className = '' }: { className?: string }) {
  const stored = useAppSelector((state) => cartItemCount(state.cart.cartItems));
  const count = useHydrated() ? stored : 0;
  return (
    <Link
      to="/cart"
      aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
      className={`relative flex size-10 items-center justify-center rounded-full text-ink hover:bg-sand-200 ${className}`}
    >
      <Icon name="cart" className="size-6" />
      {/* No badge on an empty cart: the link's name still says 0 items. */}
      <span
        aria-hidden="true"
        data-testid="cart-count"
        hidden={count === 0}
        className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-terracotta-700 px-1 text-[0.7rem] font-bold text-sand-50 tabular-nums"
      >
        {count}
      </span>
    </Link>
  );
}
