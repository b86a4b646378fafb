import type {
  AdjustReason,
  ImageSlot,
  ProductStatus,
  StockReason,
} from '@shop/shared/admin-catalog';
import type { Category, LineOption, LineSize } from '@shop/shared/catalog';

/** The categories as the storefront's pages name them (Shirts, Straps, Totes, Hoodies). */
export const CATEGORY_LABELS: Record<Category, string> = {
  selflove_women_tshirts: 'Shirts: self love, women',
  selflove_men_tshirts: 'Shirts: self love, men',
  belts: 'Straps',
  totes: 'Totes',
  flower_totes: 'Totes: flower totes',
  hoodies: 'Hoodies',
};

export const PRODUCT_STATUS_LABELS: Record<ProductStatus, string> = {
  published: 'Published',
  draft: 'Draft',
  archived: 'Archived',
};

/** What each status means for the shop, said beside the status select. */
export const PRODUCT_STATUS_HINTS: Record<ProductStatus, string> = {
  published: 'Shoppers can find and buy it.',
  draft: 'Only the back office sees it.',
  archived: 'Hidden from the shop; orders that name it still show it.',
};

/** The reasons people record, in plain words. */
export const ADJUST_REASON_LABELS: Record<AdjustReason, string> = {
  received: 'Received: a delivery came in',
  correction: 'Correction: the count was wrong',
  damaged: 'Damaged: units written off',
  returned: 'Returned: a customer sent units back',
};

/** Why stock moved, as the movement history says it. */
export const STOCK_REASON_LABELS: Record<StockReason, string> = {
  received: 'Received',
  correction: 'Correction',
  damaged: 'Damaged',
  returned: 'Returned',
  import: 'CSV import',
  sale: 'Sold',
  refund_restock: 'Back in stock after a refund',
  hold: 'Held by a checkout',
  release: 'Released by a checkout',
};

export const SLOT_LABELS: Record<ImageSlot, string> = {
  main: 'Main photo',
  gallery: 'Gallery',
  optionA: 'Option A',
  optionB: 'Option B',
  variant: 'Variant photos',
};

/**
 * 'L' and 'Option A' for the spec's shapes; any other variant by its option values ('Clay / XL');
 * 'One size' for a product with no options.
 */
export function variantName({
  size = 'NA',
  option = 'NA',
  title = '',
}: {
  size?: LineSize;
  option?: LineOption;
  title?: string;
}): string {
  if (option !== 'NA') return `Option ${option}`;
  if (size !== 'NA') return size;
  return title || 'One size';
}

/** '+12', '−2' (a real minus sign) or '0'. */
export function signed(count: number): string {
  if (count > 0) return `+${count}`;
  if (count < 0) return `−${Math.abs(count)}`;
  return '0';
}
