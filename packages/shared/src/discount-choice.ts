import {
  DISCOUNT_MESSAGES,
  checkDiscount,
  lineDiscounts,
  type DiscountLine,
  type DiscountRule,
} from './discounts';
import { quoteOrder, type ChargeAddress, type ChargeSettings, type QuoteResult } from './shipping';

export interface DiscountChoice {
  result: QuoteResult;
  /** Why the code typed does not apply, or that an automatic discount beat it; else null. */
  codeMessage: string | null;
  /** A code was given and does not apply to this cart (not merely beaten by an automatic one). */
  codeRefused: boolean;
}

/**
 * Prices an order with the best discount it may have (decision 047): the code typed, unless an
 * automatic discount leaves the shopper a lower total (then that one, and the shopper is told);
 * without a code (or with one that does not apply), the automatic discount with the lowest total.
 * One discount an order: codes and automatic discounts never stack. The code's uses are the
 * database's to count, after this.
 */
export function chooseDiscount(
  settings: ChargeSettings,
  order: {
    lines: readonly DiscountLine[];
    weightGrams: number;
    address: ChargeAddress;
    rateId?: string | undefined;
  },
  candidates: { code?: DiscountRule | undefined; automatic: readonly DiscountRule[] },
  clock: { now: Date; timeZone: string },
): DiscountChoice {
  const priced = (rule?: DiscountRule) =>
    quoteOrder(settings, {
      ...order,
      discount: rule ? { rule, lineCents: lineDiscounts(rule, order.lines) } : undefined,
    });
  const totalOf = (result: QuoteResult) =>
    result.ok ? result.quote.totals.totalCents : Number.POSITIVE_INFINITY;

  let best: QuoteResult = priced();
  if (!best.ok) return { result: best, codeMessage: null, codeRefused: false };
  let bestAutomatic: { rule: DiscountRule; result: QuoteResult } | undefined;
  for (const rule of candidates.automatic) {
    if (!checkDiscount(rule, order.lines, clock.now, clock.timeZone).ok) continue;
    const result = priced(rule);
    if (totalOf(result) < totalOf(bestAutomatic?.result ?? best)) bestAutomatic = { rule, result };
  }
  if (bestAutomatic) best = bestAutomatic.result;

  const { code } = candidates;
  if (!code) return { result: best, codeMessage: null, codeRefused: false };
  const check = checkDiscount(code, order.lines, clock.now, clock.timeZone);
  if (!check.ok) return { result: best, codeMessage: check.message, codeRefused: true };
  const withCode = priced(code);
  if (bestAutomatic && totalOf(bestAutomatic.result) < totalOf(withCode))
    return {
      result: bestAutomatic.result,
      codeMessage: DISCOUNT_MESSAGES.automaticInstead(bestAutomatic.rule.title, code.title),
      codeRefused: false,
    };
  return { result: withCode, codeMessage: null, codeRefused: false };
}
