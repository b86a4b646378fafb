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
