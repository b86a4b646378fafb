import { useId, useState, type FormEvent } from 'react';
import { formatPrice } from '@shop/shared/money';
import { useAppDispatch, useAppSelector } from '../../../stores/hooks';
import { discountCodeSet } from '../../../stores/cart-slice';
import { Button } from '../../../components/ui/button';
import { fieldInputClass } from '../../../components/ui/field';
import type { CheckoutCharges } from '../hooks/use-shipping-quote';

/**
 * The discount code field (decision 047): the shopper applies a code, the server's quote says at
 * once what it takes off (the summary shows the discount line) or, in its words, why it does not
 * apply; the code travels with the checkout until it is removed or the order is paid.
 */
export function DiscountCodeField({ charges }: { charges: CheckoutCharges }) {
  const id = useId();
  const dispatch = useAppDispatch();
  const applied = useAppSelector((state) => state.cart.discountCode);
  const [typed, setTyped] = useState(applied ?? '');

  const apply = (event: FormEvent) => {
    event.preventDefault();
    dispatch(discountCodeSet(typed));
  };
  const remove = () => {
    dispatch(discountCodeSet(null));
    setTyped('');
  };

  const { discount, discountMessage } = charges;
  const saved = discount
    ? discount.itemsCents > 0
      ? `${formatPrice(discount.itemsCents)} off`
      : 'free shipping'
    : '';
  return (
    <form onSubmit={apply} aria-label="Discount code" className="flex flex-col gap-2">
      <label htmlFor={`${id}-code`} className="text-sm font-semibold">
        Discount code
      </label>
      <div className="flex gap-2">
        <input
          id={`${id}-code`}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          aria-describedby={`${id}-answer`}
          className={`${fieldInputClass} min-w-0 flex-1 uppercase`}
        />
        <Button type="submit" variant="secondary" size="sm" disabled={!typed.trim()}>
          Apply
        </Button>
      </div>
      <div id={`${id}-answer`} aria-live="polite" className="text-sm">
        {applied && discountMessage && (
          <p className="text-danger" role="alert">
            {discountMessage}
          </p>
        )}
        {discount && (
          <p className="flex flex-wrap items-center gap-x-2 text-success">
            <span>
              {discount.title} applied: {saved}.
            </span>
            {applied && (
              <button
                type="button"
                onClick={remove}
                className="font-semibold text-terracotta-700 underline"
              >
                Remove {applied.toUpperCase()}
              </button>
            )}
          </p>
        )}
      </div>
    </form>
  );
}
