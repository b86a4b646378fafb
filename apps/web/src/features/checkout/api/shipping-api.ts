import {
  shipToCountriesSchema,
  shippingQuoteSchema,
  type ShipToCountries,
  type ShippingQuote,
  type ShippingQuoteArgs,
} from '@shop/shared/shipping-settings';
import { api } from '../../../lib/api';

/** Where the shop ships, and what an address pays for the cart (decision 041). */
export const shippingApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/shipping/countries: the checkout's country list. */
    shipToCountries: build.query<ShipToCountries, void>({
      query: () => '/shipping/countries',
      responseSchema: shipToCountriesSchema,
    }),
    /** GET /api/shipping/quote: the rates and amounts for the cart and the address so far. */
    shippingQuote: build.query<ShippingQuote, ShippingQuoteArgs>({
      query: ({ orderItems, shippingRateId, discountCode, email, ...address }) => ({
        url: '/shipping/quote',
        params: {
          items: JSON.stringify(orderItems),
          ...address,
          ...(shippingRateId ? { shippingRateId } : {}),
          ...(discountCode ? { discountCode } : {}),
          ...(discountCode && email ? { email } : {}),
        },
      }),
      responseSchema: shippingQuoteSchema,
    }),
  }),
});

export const { useShipToCountriesQuery, useShippingQuoteQuery } = shippingApi;
