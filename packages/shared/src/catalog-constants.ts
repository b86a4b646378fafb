// The catalog's constants, without schemas: the storefront's first page uses them and must not
// load zod for them (docs/decisions/027). catalog.ts re-exports them beside the schemas.

/** The shop's categories, as the spec names them. */
export const CATEGORIES = [
  'totes',
  'flower_totes',
  'belts',
  'hoodies',
  'selflove_women_tshirts',
  'selflove_men_tshirts',
] as const;
export type Category = (typeof CATEGORIES)[number];

export const SIZES = ['S/M', 'L', 'XL'] as const;
export type Size = (typeof SIZES)[number];
/** A cart line's size: one of SIZES, or 'NA' for products without sizes. */
export const LINE_SIZES = [...SIZES, 'NA'] as const;
export type LineSize = (typeof LINE_SIZES)[number];

export const OPTIONS = ['A', 'B'] as const;
export type Option = (typeof OPTIONS)[number];
export const LINE_OPTIONS = [...OPTIONS, 'NA'] as const;
export type LineOption = (typeof LINE_OPTIONS)[number];

/**
 * The keys of the variants that existed before options (decision 031): 'total' for plain
 * products, 'A'/'B' for products with the spec's options, 'S/M'/'L'/'XL' for sized products.
 * Every later variant is keyed by its id.
 */
export const VARIANTS = ['total', 'A', 'B', 'S/M', 'L', 'XL'] as const;
export type SpecVariant = (typeof VARIANTS)[number];
/** A variant's key in the stock ledger, holds and order lines (see VARIANTS). */
export type Variant = string;

/** A product option: its name and its values in the order the shop shows them. */
export interface ProductOption {
  name: string;
  values: string[];
}
export const MAX_OPTIONS = 3;
export const MAX_OPTION_VALUES = 100;
export const MAX_VARIANTS = 100;

/** The spec's sized products: one option 'Size' with S/M, L, XL (hasSize). */
export const SIZE_OPTIONS: ProductOption[] = [{ name: 'Size', values: [...SIZES] }];
/** The spec's products with options A and B: one option 'Option' (hasAandB). */
export const A_AND_B_OPTIONS: ProductOption[] = [{ name: 'Option', values: [...OPTIONS] }];

/** Listing page size: four rows of three (DESIGN.md section 7). */
export const PRODUCTS_PAGE_SIZE = 12;
/** Reviews shown per page on the product page. */
export const REVIEWS_PAGE_SIZE = 4;
