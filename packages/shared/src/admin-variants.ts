// The back office's side of options and variants (decision 031): the request that writes them,
// the rules it must keep (also run by the editor before it sends), and the variant as the back
// office sees it.
import * as z from 'zod/mini';
import { MAX_OPTIONS, MAX_OPTION_VALUES, MAX_VARIANTS } from './catalog-constants';
import { toCents } from './money';
import { singleLineText } from './text';
import { variantTitle } from './variants';

export const MAX_WEIGHT_GRAMS = 1_000_000;
const MAX_VARIANT_PRICE_DOLLARS = 100_000;

const name = (label: string, max: number) =>
  singleLineText(label, { error: `${label} is required` }).check(
    z.trim(),
    z.minLength(1, `${label} is required`),
    z.maxLength(max, `${label} must be at most ${max} characters`),
  );

const optionalText = (label: string, max: number) =>
  z.nullable(
    singleLineText(label).check(
      z.trim(),
      z.maxLength(max, `${label} must be at most ${max} characters`),
    ),
  );

const money = (label: string) =>
  z.nullable(
    z.number({ error: `${label} must be a number` }).check(
      z.nonnegative(`${label} must be at least 0`),
      z.maximum(
        MAX_VARIANT_PRICE_DOLLARS,
        `${label} must be at most ${MAX_VARIANT_PRICE_DOLLARS.toLocaleString('en-US')}`,
      ),
      z.refine((dollars) => toCents(dollars) / 100 === dollars, {
        message: `${label} must have at most two decimals`,
      }),
    ),
  );

export const productOptionWriteSchema = z.object({
  name: name('Option name', 50),
  values: z
    .array(name('Option value', 50))
    .check(
      z.minLength(1, 'An option needs at least one value'),
      z.maxLength(MAX_OPTION_VALUES, `An option has at most ${MAX_OPTION_VALUES} values`),
    ),
});
export type ProductOptionWrite = z.infer<typeof productOptionWriteSchema>;

export const variantWriteSchema = z.object({
  /** An existing variant's id; absent for a new one. */
  id: z.optional(z.uuid({ error: 'Variant id must be a variant id' })),
  /** Its value of each option, in the options' order. */
  options: z.array(name('Option value', 50)).check(z.maxLength(MAX_OPTIONS)),
  /** Empty or null: none. Unique in the shop. */
  sku: optionalText('SKU', 100),
  /** Dollars; null: the product's price. */
  price: money('Price'),
  compareAtPrice: money('Compare-at price'),
  barcode: optionalText('Barcode', 100),
  weightGrams: z.nullable(
    z
      .number({ error: 'Weight must be a number' })
      .check(
        z.int('Weight must be whole grams'),
        z.minimum(0, 'Weight must be at least 0'),
        z.maximum(MAX_WEIGHT_GRAMS, `Weight must be at most ${MAX_WEIGHT_GRAMS} g`),
      ),
  ),
});
export type VariantWrite = z.infer<typeof variantWriteSchema>;

/**
 * PUT /api/admin/products/:id/variants: the product's options and the variants it sells, whole.
 * A variant left out is removed (refused while it has units on hand or held); a variant keeps its
 * id, stock and history when its option values are renamed.
 */
export const productVariantsWriteSchema = z
  .object({
    options: z
      .array(productOptionWriteSchema)
      .check(z.maxLength(MAX_OPTIONS, `A product has at most ${MAX_OPTIONS} options`)),
    variants: z
      .array(variantWriteSchema)
      .check(
        z.minLength(1, 'A product needs at least one variant'),
        z.maxLength(MAX_VARIANTS, `A product has at most ${MAX_VARIANTS} variants`),
      ),
  })
  .check(
    z.superRefine((write, ctx) => {
      const problem = variantsWriteProblem(write);
      if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: problem.path });
    }),
  );
export type ProductVariantsWrite = z.infer<typeof productVariantsWriteSchema>;

const folded = (text: string) => text.trim().toLowerCase();

/**
 * What is wrong with a write's options and variants beyond each field: option names and values
 * unique (ignoring case), each variant naming one value of every option, no combination twice, no
 * SKU twice, no variant id twice; undefined when nothing is.
 */
export function variantsWriteProblem(write: {
  options: readonly { name: string; values: readonly string[] }[];
  variants: readonly { id?: string | undefined; options: readonly string[]; sku: string | null }[];
}): { message: string; path: (string | number)[] } | undefined {
  const names = write.options.map((option) => folded(option.name));
  const twiceName = names.findIndex((option, i) => names.indexOf(option) !== i);
  if (twiceName >= 0)
    return {
      message: `Option ${write.options[twiceName]?.name} is named twice`,
      path: ['options', twiceName, 'name'],
    };
  for (const [o, option] of write.options.entries()) {
    const values = option.values.map(folded);
    const twice = values.findIndex((value, i) => values.indexOf(value) !== i);
    if (twice >= 0)
      return {
        message: `${option.name} has the value ${option.values[twice]} twice`,
        path: ['options', o, 'values', twice],
      };
  }
  if (!write.options.length && write.variants.length > 1)
    return { message: 'A product without options has one variant', path: ['variants'] };
  const seen = new Set<string>();
  const skus = new Set<string>();
  const ids = new Set<string>();
  for (const [v, variant] of write.variants.entries()) {
    if (variant.options.length !== write.options.length)
      return {
        message: `Variant ${v + 1} must have a value for each option (${write.options.map((option) => option.name).join(', ') || 'none'})`,
        path: ['variants', v, 'options'],
      };
    for (const [o, value] of variant.options.entries()) {
      const option = write.options[o];
      if (option && !option.values.some((known) => folded(known) === folded(value)))
        return {
          message: `${value} is not a value of ${option.name}`,
          path: ['variants', v, 'options', o],
        };
    }
    const combination = variant.options.map(folded).join('\u0000');
    if (seen.has(combination))
      return {
        message: `${variantTitle(variant.options) || 'The variant'} is listed twice`,
        path: ['variants', v, 'options'],
      };
    seen.add(combination);
    const sku = variant.sku?.trim();
    if (sku) {
      if (skus.has(sku))
        return { message: `SKU ${sku} is used twice`, path: ['variants', v, 'sku'] };
      skus.add(sku);
    }
    if (variant.id !== undefined) {
      if (ids.has(variant.id))
        return { message: 'A variant is listed twice', path: ['variants', v, 'id'] };
      ids.add(variant.id);
    }
  }
  return undefined;
}

/** A product's variant as the back office sees it: what it is, and its stock. */
export const adminVariantSchema = z.object({
  _id: z.string(),
  /** Its name in the stock ledger (the spec's 'S/M', 'A', 'total', … or its id). */
  key: z.string(),
  options: z.array(z.string()),
  /** 'Clay / XL'; '' without options. */
  title: z.string(),
  sku: z.nullable(z.string()),
  price: z.nullable(z.number()),
  compareAtPrice: z.nullable(z.number()),
  barcode: z.nullable(z.string()),
  weightGrams: z.nullable(z.int()),
  images: z.array(z.string()),
  onHand: z.int(),
  held: z.int(),
  available: z.int(),
  lowStockThreshold: z.int(),
});
export type AdminVariant = z.infer<typeof adminVariantSchema>;

/** The answer of GET and PUT /api/admin/products/:id/variants. */
export const productVariantsResponseSchema = z.object({
  options: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
  variants: z.array(adminVariantSchema),
});
export type ProductVariantsResponse = z.infer<typeof productVariantsResponseSchema>;
