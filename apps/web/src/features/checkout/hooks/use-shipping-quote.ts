import { useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import type { CartLine } from '@shop/shared/cart';
import { ALL_COUNTRIES, countryCodeOf, usStateCodeOf, type Country } from '@shop/shared/countries';
import { toCents } from '@shop/shared/money';
import type { OrderPrice } from '@shop/shared/pricing';
import { errorMessage } from '../../../lib/api-error';
import {
  discountShownOf,
  type DiscountShown,
} from '../../../components/order-summary/order-amounts';
import { useShipToCountriesQuery, useShippingQuoteQuery } from '../api/shipping-api';
import { cartAmounts, orderItemsOf } from '../cart-totals';

/** The countries the shop ships to, by English name; empty until the API answers. */
export function useShipToCountries(): readonly Country[] {
  return useShipToCountriesQuery().data?.countries ?? [];
}

/**
 * The countries an address form offers: `given` (tests), else the shop's ship-to countries, and
 * every country until they arrive (the server refuses one outside every zone in words).
 */
export function useAddressCountries(given?: readonly Country[]): readonly Country[] {
  const shipTo = useShipToCountries();
  return given ?? (shipTo.length ? shipTo : ALL_COUNTRIES);
}

const isRefusal = (error: unknown) =>
  Boolean(error && typeof error === 'object' && 'status' in error && error.status === 400);

export interface CheckoutCharges {
  /** The discount that applies to the order as priced (decision 047); null without one. */
  discount: DiscountShown | null;
  /** Why the code applied does not apply (or that an automatic discount saves more). */
  discountMessage: string | null;
  /** The rates the address may pick from, with their price for this cart. */
  rates: { _id: string; name: string; price: number }[];
  /** The rate the amounts are for. */
  rateId: string | undefined;
  pickRate: (rateId: string) => void;
  amounts: OrderPrice;
  taxRateBp: number | undefined;
  /** The server's refusal ('We do not ship to Japan yet'); the checkout cannot start. */
  problem: string | undefined;
}

/**
 * The shipping rates and the order's amounts for the address typed so far, as the server prices
 * them; until a known country is typed, the cart's amounts with the spec's rules.
 */
export function useShippingQuote(
  lines: readonly CartLine[],
  address: { country?: string | undefined; state?: string | undefined } | null | undefined,
  /** The code applied and who uses it (a guest's e-mail; the account's is the server's to know). */
  discount: { code: string | null; email?: string | undefined } = { code: null },
): CheckoutCharges {
  const [picked, setPicked] = useState<string | undefined>();
  const country = countryCodeOf(address?.country ?? '');
  // Only what changes the price: a US state (its tax), not every keystroke of another field.
  const state = country === 'US' ? (usStateCodeOf(address?.state ?? '') ?? '') : '';
  const ask = country && lines.length > 0;
  const quote = useShippingQuoteQuery(
    ask
      ? {
          orderItems: orderItemsOf(lines),
          country,
          state,
          ...(picked ? { shippingRateId: picked } : {}),
          ...(discount.code ? { discountCode: discount.code, email: discount.email } : {}),
        }
      : skipToken,
  );
  // Only the server's refusal of the address stops the checkout; a network failure does not.
  const refused = ask && isRefusal(quote.error);
  const refusal = refused ? errorMessage(quote.error) : undefined;
  // A rate picked for an earlier address is not offered for this one: back to the zone's first.
  if (picked && refused) setPicked(undefined);
  const data = ask && !quote.error ? quote.data : undefined;
  return {
    discount: discountShownOf(data?.discount),
    discountMessage: data?.discountMessage ?? null,
    rates: data?.rates ?? [],
    rateId: data?.shippingRateId,
    pickRate: setPicked,
    amounts: data
      ? {
          itemsCents: toCents(data.itemsPrice),
          shippingCents: toCents(data.shippingPrice),
          taxCents: toCents(data.taxPrice),
          totalCents: toCents(data.totalPrice),
        }
      : cartAmounts(lines),
    taxRateBp: data ? toCents(data.taxRate) : undefined,
    problem: refusal,
  };
}
