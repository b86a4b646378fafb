import type { DiscountRule } from '../discounts';

/** A discount rule for tests: SUMMER20, 20 % off the whole order, active, no limits, unless said. */
export const discountRule = (over: Partial<DiscountRule> = {}): DiscountRule => ({
  id: 'd1',
  code: 'SUMMER20',
  title: 'SUMMER20',
  kind: 'percentage',
  percent: 20,
  amountCents: null,
  maxShippingCents: null,
  target: null,
  minItemsCents: null,
  minQuantity: null,
  startsAt: null,
  endsAt: null,
  active: true,
  ...over,
});
