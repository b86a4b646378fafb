import * as z from 'zod/mini';
import { DISCOUNT_CODE_PATTERN, DISCOUNT_CODE_RULE, DISCOUNT_KINDS } from './discounts';
import { toCents } from './money';
import { singleLineText } from './text';

/**
 * The back office's discounts (issue 21, decision 049): the owner creates and edits them, staff
 * read them and their report. Amounts are dollars here, cents in the database.
 */

export const MAX_DISCOUNT_TITLE_LENGTH = 100;
export const MAX_DISCOUNT_TARGETS = 500;
export const MAX_BULK_CODES = 1000;
/** Amounts (and minimums) up to a million dollars: the columns hold 32-bit cents. */
export const MAX_DISCOUNT_DOLLARS = 1_000_000;
/** What a generated code is made of: letters and digits that cannot be read as one another. */
export const BULK_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const BULK_CODE_RANDOM_LENGTH = 10;
export const BULK_PREFIX_PATTERN = /^[A-Za-z0-9_-]{3,20}$/;

export const DISCOUNT_ADMIN_MESSAGES = {
  notFound: 'Discount not found',
  titleRequired: 'Title is required',
  titleTooLong: `Title must be at most ${MAX_DISCOUNT_TITLE_LENGTH} characters`,
  codeRequired: 'Code is required (unless the discount is automatic or has bulk codes)',
  codeNotForAutomatic: 'An automatic discount has no code',
  codeTaken: (code: string) => `A discount already has the code ${code}`,
  kind: `Kind must be one of ${DISCOUNT_KINDS.join(', ')}`,
  percent: 'Percent must be a whole number from 1 to 100',
  percentRequired: 'Percent is required for a percentage discount',
  percentOnlyForPercentage: 'Percent is only for a percentage discount',
  amount: 'Amount must be more than 0 and at most $1,000,000, with at most two decimals',
  amountRequired: 'Amount is required for a fixed discount',
  amountOnlyForFixed: 'Amount is only for a fixed discount',
  maxShippingPrice:
    'Max shipping price must be 0 or more and at most $1,000,000, with at most two decimals',
  maxShippingOnlyForFreeShipping: 'Max shipping price is only for free shipping',
  appliesTo: 'Applies to must be order or items',
  chooseItems: 'Choose at least one product, variant or collection',
  freeShippingWholeOrder: 'Free shipping applies to the whole order',
  tooManyTargets: `At most ${MAX_DISCOUNT_TARGETS} products, variants or collections of each`,
  productIds: 'productIds must be a list of product ids',
  variantIds: 'variantIds must be a list of variant ids',
  collectionIds: 'collectionIds must be a list of collection ids',
  unknown: (what: 'product' | 'variant' | 'collection', ids: string[]) =>
    `No such ${what}${ids.length === 1 ? '' : 's'}: ${ids.join(', ')}`,
  minItemsPrice:
    'Minimum items price must be more than 0 and at most $1,000,000, with at most two decimals',
  minQuantity: 'Minimum quantity must be a whole number of at least 1',
  startsAt: 'Starts at must be a date and time (ISO 8601, e.g. 2026-12-01T00:00:00Z)',
  endsAt: 'Ends at must be a date and time (ISO 8601, e.g. 2026-12-31T23:59:59Z)',
  endsBeforeStart: 'Ends must be after it starts',
  usageLimit: 'Usage limit must be a whole number of at least 1',
  oncePerCustomer: 'Once per customer must be true or false',
  active: 'Active must be true or false',
  automatic: 'Automatic must be true or false',
  bulk: 'Bulk must be true or false',
  limitBelowUses: (used: number) =>
    `The usage limit cannot be below the ${used} ${used === 1 ? 'use' : 'uses'} already made`,
  automaticFixed: 'A discount cannot switch between automatic and code; duplicate it instead',
  codeOfBulk: 'This discount has bulk codes and no code of its own',
  codeKept: 'This discount has a code: it cannot be removed, only renamed',
  count: `Count must be a whole number from 1 to ${MAX_BULK_CODES.toLocaleString('en-US')}`,
  prefix: 'Prefix must be 3 to 20 letters, digits, dashes or underscores',
  noCodesForAutomatic: 'An automatic discount has no codes',
} as const;

/** The :id of the back office's discount routes. */
export const discountIdParams = z.object({
  id: singleLineText('Discount id').check(z.maxLength(100)),
});

const dollars = (message: string, positive: boolean) =>
  z.number({ error: message }).check(
    positive ? z.positive(message) : z.nonnegative(message),
    z.maximum(MAX_DISCOUNT_DOLLARS, message),
    // Runs even when the maximum failed: toCents is only asked about amounts that fit.
    z.refine((value) => value <= MAX_DISCOUNT_DOLLARS && toCents(value) / 100 === value, {
      message,
    }),
  );

const ids = (message: string) =>
  z._default(
    z
      .array(z.uuid({ error: message }), { error: message })
      .check(z.maxLength(MAX_DISCOUNT_TARGETS, DISCOUNT_ADMIN_MESSAGES.tooManyTargets)),
    [],
  );

const instant = (message: string) =>
  z.optional(z.nullable(z.iso.datetime({ offset: true, error: message })));

const M = DISCOUNT_ADMIN_MESSAGES;

/** POST /api/admin/discounts and PUT /api/admin/discounts/:id. */
export const discountWriteSchema = z
  .object({
    /** The automatic discount's name; a code discount's title is its code unless one is given. */
    title: z.optional(
      singleLineText('Title', { error: M.titleRequired }).check(
        z.trim(),
        z.minLength(1, M.titleRequired),
        z.maxLength(MAX_DISCOUNT_TITLE_LENGTH, M.titleTooLong),
      ),
    ),
    automatic: z._default(z.boolean({ error: M.automatic }), false),
    /**
     * Single-use codes generated later (POST …/codes) instead of one code typed here. An edit
     * of such a discount sends it again (true), since it has no code of its own.
     */
    bulk: z._default(z.boolean({ error: M.bulk }), false),
    code: z.optional(
      z.nullable(
        z
          .string({ error: DISCOUNT_CODE_RULE })
          .check(z.trim(), z.regex(DISCOUNT_CODE_PATTERN, DISCOUNT_CODE_RULE), z.toUpperCase()),
      ),
    ),
    kind: z.enum(DISCOUNT_KINDS, { error: M.kind }),
    percent: z.optional(
      z.nullable(
        z.int({ error: M.percent }).check(z.minimum(1, M.percent), z.maximum(100, M.percent)),
      ),
    ),
    amount: z.optional(z.nullable(dollars(M.amount, true))),
    maxShippingPrice: z.optional(z.nullable(dollars(M.maxShippingPrice, false))),
    appliesTo: z._default(z.enum(['order', 'items'], { error: M.appliesTo }), 'order'),
    productIds: ids(M.productIds),
    variantIds: ids(M.variantIds),
    collectionIds: ids(M.collectionIds),
    minItemsPrice: z.optional(z.nullable(dollars(M.minItemsPrice, true))),
    minQuantity: z.optional(
      z.nullable(
        z
          .int({ error: M.minQuantity })
          .check(z.minimum(1, M.minQuantity), z.maximum(1_000_000, M.minQuantity)),
      ),
    ),
    startsAt: instant(M.startsAt),
    endsAt: instant(M.endsAt),
    usageLimit: z.optional(
      z.nullable(
        z
          .int({ error: M.usageLimit })
          .check(z.minimum(1, M.usageLimit), z.maximum(2_000_000_000, M.usageLimit)),
      ),
    ),
    oncePerCustomer: z._default(z.boolean({ error: M.oncePerCustomer }), false),
    active: z._default(z.boolean({ error: M.active }), true),
  })
  .check(
    z.refine((d) => !((d.automatic || d.bulk) && !d.title), {
      message: M.titleRequired,
      path: ['title'],
    }),
    z.refine((d) => !(d.automatic && d.code), { message: M.codeNotForAutomatic, path: ['code'] }),
    z.refine((d) => d.automatic || d.bulk || Boolean(d.code), {
      message: M.codeRequired,
      path: ['code'],
    }),
    z.refine((d) => !(d.bulk && d.code), { message: M.codeOfBulk, path: ['code'] }),
    z.refine((d) => d.kind !== 'percentage' || (d.percent ?? null) !== null, {
      message: M.percentRequired,
      path: ['percent'],
    }),
    z.refine((d) => d.kind === 'percentage' || (d.percent ?? null) === null, {
      message: M.percentOnlyForPercentage,
      path: ['percent'],
    }),
    z.refine((d) => d.kind !== 'fixed' || (d.amount ?? null) !== null, {
      message: M.amountRequired,
      path: ['amount'],
    }),
    z.refine((d) => d.kind === 'fixed' || (d.amount ?? null) === null, {
      message: M.amountOnlyForFixed,
      path: ['amount'],
    }),
    z.refine((d) => d.kind === 'free_shipping' || (d.maxShippingPrice ?? null) === null, {
      message: M.maxShippingOnlyForFreeShipping,
      path: ['maxShippingPrice'],
    }),
    z.refine((d) => !(d.kind === 'free_shipping' && d.appliesTo === 'items'), {
      message: M.freeShippingWholeOrder,
      path: ['appliesTo'],
    }),
    z.refine(
      (d) =>
        d.appliesTo === 'order' ||
        d.productIds.length + d.variantIds.length + d.collectionIds.length > 0,
      { message: M.chooseItems, path: ['productIds'] },
    ),
    z.refine((d) => !d.startsAt || !d.endsAt || Date.parse(d.endsAt) > Date.parse(d.startsAt), {
      message: M.endsBeforeStart,
      path: ['endsAt'],
    }),
  );
export type DiscountWrite = z.infer<typeof discountWriteSchema>;
export type DiscountWriteInput = z.input<typeof discountWriteSchema>;

export const DISCOUNT_STATUSES = [
  'active',
  'scheduled',
  'expired',
  'deactivated',
  'used up',
] as const;
export type DiscountStatus = (typeof DISCOUNT_STATUSES)[number];

/**
 * What the back office shows of a discount at `now`: deactivated by the owner first, then over
 * (ended, or its uses all taken), then not started, else active.
 */
export function discountStatus(
  d: {
    active: boolean;
    startsAt: string | null;
    endsAt: string | null;
    usageLimit: number | null;
    usedCount: number;
  },
  now: Date,
): DiscountStatus {
  if (!d.active) return 'deactivated';
  if (d.endsAt && now.getTime() >= Date.parse(d.endsAt)) return 'expired';
  if (d.usageLimit !== null && d.usedCount >= d.usageLimit) return 'used up';
  if (d.startsAt && now.getTime() < Date.parse(d.startsAt)) return 'scheduled';
  return 'active';
}

/** GET /api/admin/discounts/:id (and the answer of every write to one). */
export const adminDiscountSchema = z.object({
  _id: z.string(),
  title: z.string(),
  automatic: z.boolean(),
  /** Its one code; null for an automatic discount or one of bulk codes only. */
  code: z.nullable(z.string()),
  codesCount: z.int(),
  kind: z.enum(DISCOUNT_KINDS),
  percent: z.nullable(z.int()),
  amount: z.nullable(z.number()),
  maxShippingPrice: z.nullable(z.number()),
  appliesTo: z.enum(['order', 'items']),
  productIds: z.array(z.string()),
  variantIds: z.array(z.string()),
  /** What the back office calls each chosen variant that still exists: 'Field Shirt — Clay / L'. */
  variantNames: z.record(z.string(), z.string()),
  collectionIds: z.array(z.string()),
  minItemsPrice: z.nullable(z.number()),
  minQuantity: z.nullable(z.int()),
  startsAt: z.nullable(z.string()),
  endsAt: z.nullable(z.string()),
  usageLimit: z.nullable(z.int()),
  usedCount: z.int(),
  oncePerCustomer: z.boolean(),
  active: z.boolean(),
  status: z.enum(DISCOUNT_STATUSES),
  createdAt: z.string(),
});
export type AdminDiscount = z.infer<typeof adminDiscountSchema>;

/** GET /api/admin/discounts: newest first. */
export const adminDiscountListSchema = z.object({ discounts: z.array(adminDiscountSchema) });
export type AdminDiscountList = z.infer<typeof adminDiscountListSchema>;

/** POST /api/admin/discounts/:id/codes: single-use codes, PREFIX-XXXXXXXXXX. */
export const bulkCodesRequestSchema = z.object({
  count: z.int({ error: M.count }).check(z.minimum(1, M.count), z.maximum(MAX_BULK_CODES, M.count)),
  prefix: z.optional(
    z
      .string({ error: M.prefix })
      .check(z.trim(), z.regex(BULK_PREFIX_PATTERN, M.prefix), z.toUpperCase()),
  ),
});
export type BulkCodesRequest = z.infer<typeof bulkCodesRequestSchema>;

export const bulkCodesResponseSchema = z.object({
  /** How many were made now. */
  generated: z.int(),
  discount: adminDiscountSchema,
});
export type BulkCodesResponse = z.infer<typeof bulkCodesResponseSchema>;

/** GET /api/admin/discounts/:id/report: its paid orders (final uses). */
export const discountReportSchema = z.object({
  uses: z.int(),
  orders: z.int(),
  itemsSold: z.int(),
  /** Their items less the discount, dollars. */
  revenueAfterDiscount: z.number(),
  /** Off their items and their shipping, dollars. */
  totalDiscounted: z.number(),
  /** Succeeded refunds of those orders, dollars. */
  refunded: z.number(),
});
export type DiscountReport = z.infer<typeof discountReportSchema>;

export const BULK_CODES_CSV_COLUMNS = ['Code', 'Used'] as const;
