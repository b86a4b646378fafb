import { useId } from 'react';
import { formatPrice, toCents } from '@shop/shared/money';
import type { CheckoutCharges } from '../hooks/use-shipping-quote';

/**
 * The shipping rates an address may pick from (decision 041), as a radio group; shown only when
 * the address's zone offers more than one. Each names its price for this cart.
 */
export function ShippingRateChoice({ charges }: { charges: CheckoutCharges }) {
  const name = useId();
  if (charges.rates.length < 2) return null;
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-4 font-display text-xl font-semibold">Shipping method</legend>
      {charges.rates.map((rate) => (
        <label
          key={rate._id}
          className="flex min-h-12 cursor-pointer items-center gap-3 rounded-2xl border-2 border-sand-300 bg-white px-4 py-3 hover:border-sand-400 has-[:checked]:border-terracotta-700 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-terracotta-600"
        >
          <input
            type="radio"
            name={name}
            value={rate._id}
            checked={charges.rateId === rate._id}
            onChange={() => charges.pickRate(rate._id)}
            className="size-5 accent-terracotta-700"
          />
          <span className="flex-1 font-semibold">{rate.name}</span>
          <span className="tabular-nums">
            {rate.price === 0 ? 'Free' : formatPrice(toCents(rate.price))}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
