import {
  DISCOUNT_CODE_PATTERN,
  DISCOUNT_MESSAGES,
  normalizeCode,
  type DiscountRule,
} from '@shop/shared/discounts';
import { showsOnProducts } from '@shop/shared/sale-prices';
import type { Database, Executor } from '../../db/client';
import {
  findAutomaticDiscounts,
  findCode,
  findProductSaleDiscounts,
  hasUsed,
  ruleOf,
} from './repository';

export {
  finalizeUse,
  insertDiscount,
  releaseUse,
  reserveUse,
  type NewDiscount,
  type ReserveOutcome,
} from './repository';

/** The discounts a checkout may have: the code typed (or why not) and the automatic ones. */
export interface DiscountCandidates {
  code?:
    | { rule: DiscountRule; codeId: string; codeLimited: boolean; oncePerCustomer: boolean }
    | undefined;
  /** Why the code typed cannot be used, before the cart is looked at. */
  codeMessage: string | null;
  automatic: { rule: DiscountRule; oncePerCustomer: boolean }[];
}

/**
 * Reads the discounts for a checkout or a quote: the code typed, if it exists, is not used up and
 * (once per customer) was not used by this customer, and the active automatic discounts. Whether
 * they apply to the cart is the rules' to say (chooseDiscount); the uses are reserved later.
 */
export async function discountCandidates(
  db: Executor,
  typed: string | undefined,
  customerKey: string | null,
): Promise<DiscountCandidates> {
  const automatic = (await findAutomaticDiscounts(db, customerKey)).map((row) => ({
    rule: ruleOf(row, null),
    oncePerCustomer: row.oncePerCustomer,
  }));
  const code = typed ? normalizeCode(typed) : '';
  if (!code) return { codeMessage: null, automatic };
  const refused = (message: string) => ({ codeMessage: message, automatic });
  if (!DISCOUNT_CODE_PATTERN.test(code)) return refused(DISCOUNT_MESSAGES.notValid);
  const match = await findCode(db, code);
  if (!match) return refused(DISCOUNT_MESSAGES.notValid);
  if (match.usedUp) return refused(DISCOUNT_MESSAGES.usedUp);
  if (
    match.discount.oncePerCustomer &&
    customerKey &&
    (await hasUsed(db, match.discount.id, customerKey))
  )
    return refused(DISCOUNT_MESSAGES.alreadyUsed);
  return {
    code: {
      rule: ruleOf(match.discount, match.code),
      codeId: match.codeId,
      codeLimited: match.codeLimited,
      oncePerCustomer: match.discount.oncePerCustomer,
    },
    codeMessage: null,
    automatic,
  };
}

/** The automatic discounts whose prices products show at `now` (decision 052). */
export async function productSaleRules(db: Database, now: Date): Promise<DiscountRule[]> {
  return (await findProductSaleDiscounts(db))
    .map((row) => ruleOf(row, null))
    .filter((rule) => showsOnProducts(rule, now));
}
