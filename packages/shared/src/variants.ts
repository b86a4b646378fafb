// A product's variants as rules, without schemas (the storefront's first page uses them): which
// variant a cart line names, the spec's countInStock read from the variants, a variant's title.
// Decision 031.
import type { CountInStock } from './catalog';
import {
  A_AND_B_OPTIONS,
  SIZE_OPTIONS,
  type LineOption,
  type LineSize,
  type ProductOption,
} from './catalog-constants';

/** What these rules need of a variant: its id, its option values, what is available of it. */
export interface VariantFacts {
  id: string;
  values: readonly string[];
  available: number;
}

/** What they need of its product: the spec's shape flags and how many options it has. */
export interface ProductShapeFacts {
  hasSize: boolean;
  hasAandB: boolean;
  options: readonly ProductOption[];
}

/** A cart line's choice: the spec's size and option, or (any other shape) the variant's id. */
export interface VariantChoice {
  size: LineSize;
  option: LineOption;
  variant?: string | undefined;
}

/** 'Clay / XL'; '' for a product without options. */
export const variantTitle = (values: readonly string[]): string => values.join(' / ');

/**
 * The variant a line names, or undefined when it names none of this product's: its id when it
 * gives one (a product of any shape); else the spec's size (hasSize), option (hasAandB), or
 * neither (the one variant of a product without options). A size or option on a product that
 * takes neither, or a line without a variant id on a product of another shape, names none.
 */
export function findChosenVariant<V extends VariantFacts>(
  product: ProductShapeFacts,
  variants: readonly V[],
  choice: VariantChoice,
): V | undefined {
  if (choice.variant !== undefined) {
    const byId = variants.find((variant) => variant.id === choice.variant);
    if (!byId) return undefined;
    const spec = specChoiceOf(product, byId.values);
    const namesOther =
      (choice.size !== 'NA' && choice.size !== spec.size) ||
      (choice.option !== 'NA' && choice.option !== spec.option);
    return namesOther ? undefined : byId;
  }
  if (product.hasSize)
    return choice.option === 'NA'
      ? variants.find((variant) => variant.values[0] === choice.size)
      : undefined;
  if (product.hasAandB)
    return choice.size === 'NA'
      ? variants.find((variant) => variant.values[0] === choice.option)
      : undefined;
  if (product.options.length === 0 && choice.size === 'NA' && choice.option === 'NA')
    return variants[0];
  return undefined;
}

/** The spec's size and option of a variant ('NA' where the product's shape has none). */
export function specChoiceOf(
  product: Pick<ProductShapeFacts, 'hasSize' | 'hasAandB'>,
  values: readonly string[],
): { size: LineSize; option: LineOption } {
  const value = values[0];
  if (product.hasSize && value !== undefined) return { size: value as LineSize, option: 'NA' };
  if (product.hasAandB && value !== undefined) return { size: 'NA', option: value as LineOption };
  return { size: 'NA', option: 'NA' };
}

/**
 * The spec's countInStock, read from the variants: `total` is what can be bought of the product
 * (the sum over its variants); the size and option fields are those variants' units for the
 * spec's shapes, 0 otherwise.
 */
export function countInStockOf(
  product: Pick<ProductShapeFacts, 'hasSize' | 'hasAandB'>,
  variants: readonly Pick<VariantFacts, 'values' | 'available'>[],
): CountInStock {
  const of = (value: string) =>
    variants.find((variant) => variant.values[0] === value)?.available ?? 0;
  const sized = product.hasSize;
  const optioned = product.hasAandB;
  return {
    total: variants.reduce((sum, variant) => sum + variant.available, 0),
    countA: optioned ? of('A') : 0,
    countB: optioned ? of('B') : 0,
    smallMed: sized ? of('S/M') : 0,
    large: sized ? of('L') : 0,
    xlarge: sized ? of('XL') : 0,
  };
}

/** The options of one of the spec's shapes: sized, A and B, or none. */
export function specOptions(shape: { hasSize: boolean; hasAandB: boolean }): ProductOption[] {
  const copy = (options: ProductOption[]) =>
    options.map((option) => ({ name: option.name, values: [...option.values] }));
  if (shape.hasSize) return copy(SIZE_OPTIONS);
  if (shape.hasAandB) return copy(A_AND_B_OPTIONS);
  return [];
}

/**
 * True for the spec's shapes (sized, A and B, no options): the storefront keeps the spec's page
 * and cart lines for them; any other shape chooses and names a variant by its id (decision 035).
 */
export const isSpecShape = (product: ProductShapeFacts): boolean =>
  product.hasSize || product.hasAandB || product.options.length === 0;

/** The product page's first variant: the first in stock, else the first (undefined: none). */
export function defaultVariant<V extends Pick<VariantFacts, 'available'>>(
  variants: readonly V[],
): V | undefined {
  return variants.find((variant) => variant.available > 0) ?? variants[0];
}

/** The variant `?variant=<id>` names when it is one of these, else the default one. */
export function variantFromAddress<V extends Pick<VariantFacts, 'id' | 'available'>>(
  variants: readonly V[],
  id: string | null | undefined,
): V | undefined {
  return variants.find((variant) => variant.id === id) ?? defaultVariant(variants);
}

/** How a value of one option reads beside the current choice of the others. */
export type OptionValueState = 'available' | 'soldOut' | 'unavailable';

const withValue = (values: readonly string[], index: number, value: string) =>
  values.map((current, i) => (i === index ? value : current));

const sameValues = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value, i) => value === b[i]);

/**
 * Whether `value` of option `index` can be bought with the other options as chosen: 'available'
 * (that variant exists and is in stock), 'soldOut' (it exists, nothing left) or 'unavailable'
 * (the shop sells no such combination).
 */
export function optionValueState(
  variants: readonly Pick<VariantFacts, 'values' | 'available'>[],
  chosen: readonly string[],
  index: number,
  value: string,
): OptionValueState {
  const wanted = withValue(chosen, index, value);
  const variant = variants.find((candidate) => sameValues(candidate.values, wanted));
  if (!variant) return 'unavailable';
  return variant.available > 0 ? 'available' : 'soldOut';
}

/**
 * The variant a shopper gets by choosing `value` of option `index`: the one with the other options
 * as chosen when the shop sells it; else the first with that value that is in stock, else the
 * first with that value; undefined when no variant has it.
 */
export function variantForOptionValue<V extends Pick<VariantFacts, 'values' | 'available'>>(
  variants: readonly V[],
  chosen: readonly string[],
  index: number,
  value: string,
): V | undefined {
  const wanted = withValue(chosen, index, value);
  const exact = variants.find((candidate) => sameValues(candidate.values, wanted));
  if (exact) return exact;
  const withIt = variants.filter((candidate) => candidate.values[index] === value);
  return withIt.find((candidate) => candidate.available > 0) ?? withIt[0];
}

/**
 * The countInStock a cart line of a variant named by id keeps: that variant's units as `total`,
 * so the spec's stock rules (stockFor with size and option 'NA') read its own stock.
 */
export function variantCountInStock(available: number): CountInStock {
  return { total: available, countA: 0, countB: 0, smallMed: 0, large: 0, xlarge: 0 };
}

/** What the cart's stock re-check looks a line's stock up by: its variant's id, else its product. */
export const lineStockKey = (line: { product: string; variant?: string | undefined }): string =>
  line.variant ?? line.product;

/**
 * The units of a variant a shopper can buy, counting what their own open checkouts hold of it as
 * theirs (as withOwnHolds does for the spec's shapes).
 */
export function variantAvailableWithOwnHolds(
  variantId: string,
  available: number,
  held: readonly { variant: string; qty: number }[],
): number {
  return held.reduce((sum, item) => (item.variant === variantId ? sum + item.qty : sum), available);
}
