// The schemas of money amounts; apart from the rules in money.ts, which the storefront's first
// page uses without zod (docs/decisions/027).
import * as z from 'zod/mini';
import { toCents } from './money';

/** Whole non-negative cents (database columns, rule inputs). */
export const centsSchema = z.int().check(z.nonnegative(), z.maximum(Number.MAX_SAFE_INTEGER));

/** A dollar amount as the API shows it: non-negative, at most two decimals. */
export const dollarsSchema = z.number().check(
  z.nonnegative(),
  z.maximum(Number.MAX_SAFE_INTEGER / 100),
  z.refine((dollars) => toCents(dollars) / 100 === dollars, {
    message: 'Amount must have at most two decimals',
  }),
);
