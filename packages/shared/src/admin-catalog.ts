import * as z from 'zod/mini';
import { actorSchema, pagedSchema, pageQuerySchema } from './back-office';
import { lineOptionSchema, lineSizeSchema } from './cart';
import {
  categorySchema,
  type LineOption,
  type LineSize,
  type SpecVariant,
  type Variant,
} from './catalog';
import { toCents } from './money';
import { multiLineText, singleLineText } from './text';

/** The :id of the back office's product routes (products and their photos alike). */
export const productIdParams = z.object({
  id: singleLineText('Product id').check(z.maxLength(100)),
});

/** The back office's catalog: products, their photos, the stock ledger and CSV. Prices in dollars. */

export const ADMIN_PRODUCTS_PAGE_SIZE = 25;
export const STOCK_MOVEMENTS_PAGE_SIZE = 50;
/** What a variant's low-stock threshold is until someone sets it. */
export const DEFAULT_LOW_STOCK_THRESHOLD = 3;

export const PRODUCT_STATUSES = ['published', 'draft', 'archived'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
export const productStatusSchema = z.enum(PRODUCT_STATUSES, {
  error: `Status must be one of ${PRODUCT_STATUSES.join(', ')}`,
});

/** Why a variant's stock moved. The first four are what people record; the rest the shop does. */
export const ADJUST_REASONS = ['received', 'correction', 'damaged', 'returned'] as const;
export type AdjustReason = (typeof ADJUST_REASONS)[number];
export const STOCK_REASONS = [
  ...ADJUST_REASONS,
  'import',
  'sale',
  'refund_restock',
  'hold',
  'release',
] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

/** 'variant': a photo of one variant (decision 037); the others are the product's. */
export const IMAGE_SLOTS = ['main', 'gallery', 'optionA', 'optionB', 'variant'] as const;
export type ImageSlot = (typeof IMAGE_SLOTS)[number];
/** Photo renditions (WebP), by width; none is wider than the upload. */
export const IMAGE_WIDTHS = [400, 800, 1600] as const;
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** SEO title and description limits (decision 037): about what search results show, with room. */
export const MAX_SEO_TITLE_LENGTH = 70;
export const MAX_SEO_DESCRIPTION_LENGTH = 320;
const SEO_TITLE_TOO_LONG = `SEO title must be at most ${MAX_SEO_TITLE_LENGTH} characters`;
const SEO_DESCRIPTION_TOO_LONG = `SEO description must be at most ${MAX_SEO_DESCRIPTION_LENGTH} characters`;
const IMAGE_VARIANT_SLOT = 'A variant is named for variant photos, and only for them';
/** Larger images are refused before they are decoded (decompression bombs). */
export const MAX_IMAGE_PIXELS = 40_000_000;
/**
 * WebP's own limit of a side; a longer side is refused from the header too (a 2 × 16,000,000 PNG is
 * under the pixel limit, yet costs seconds of CPU to decode and could never be a WebP rendition).
 */
export const MAX_IMAGE_SIDE = 16_383;
const IMAGE_ALT_REQUIRED = 'Please describe the photo (alt text)';

export const MAX_PRICE_DOLLARS = 100_000;
export const MAX_DESCRIPTION_LENGTH = 20_000;
export const MAX_STOCK_CHANGE = 100_000;

/** A handle: lower-case letters, digits and single hyphens, as in a URL. */
export const HANDLE_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The handle made from a name: 'Selflove Tee (Black)' → 'selflove-tee-black'. */
export function handleFromName(name: string): string {
  const handle = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return handle || 'product';
}

/** The variants a product has stock rows for. */
export function variantsOf(product: { hasSize: boolean; hasAandB: boolean }): SpecVariant[] {
  if (product.hasAandB) return ['A', 'B'];
  if (product.hasSize) return ['S/M', 'L', 'XL'];
  return ['total'];
}

/** A variant as the back office and the CSV name it: size and option, 'NA' where it has none. */
export function choiceOfVariant(variant: Variant): { size: LineSize; option: LineOption } {
  if (variant === 'A' || variant === 'B') return { size: 'NA', option: variant };
  if (variant === 'S/M' || variant === 'L' || variant === 'XL')
    return { size: variant, option: 'NA' };
  // 'total', and every variant keyed by its id (decision 031): it has no spec size or option.
  return { size: 'NA', option: 'NA' };
}

const searchSchema = z.optional(
  singleLineText('Search').check(
    z.trim(),
    z.maxLength(200, 'Search must be at most 200 characters'),
  ),
);

/** GET /api/admin/products?q=&status=&page= (q matches name and handle). */
export const adminProductListQuerySchema = z.object({
  q: searchSchema,
  status: z.optional(productStatusSchema),
  page: pageQuerySchema,
});
export type AdminProductListQuery = z.infer<typeof adminProductListQuerySchema>;

export const adminProductRowSchema = z.object({
  _id: z.string(),
  handle: z.string(),
  name: z.string(),
  category: categorySchema,
  price: z.number(),
  status: productStatusSchema,
  /** The main photo's URL, '' when it has none. */
  image: z.string(),
  /** On hand less held, summed over the variants. */
  available: z.int(),
  updatedAt: z.string(),
});
export type AdminProductRow = z.infer<typeof adminProductRowSchema>;
export const adminProductListResponseSchema = z.extend(pagedSchema, {
  products: z.array(adminProductRowSchema),
});
export type AdminProductListResponse = z.infer<typeof adminProductListResponseSchema>;

export const variantStockSchema = z.object({
  /** The variant's id. */
  variant: z.string(),
  /** Its option values ('Clay / XL'); '' without options. */
  title: z.string(),
  size: lineSizeSchema,
  option: lineOptionSchema,
  onHand: z.int(),
  /** What open checkouts hold. */
  held: z.int(),
  /** onHand - held. */
  available: z.int(),
  lowStockThreshold: z.int(),
});
export type VariantStock = z.infer<typeof variantStockSchema>;

export const productImageSchema = z.object({
  _id: z.string(),
  slot: z.enum(IMAGE_SLOTS),
  /** The variant whose photo it is (the 'variant' slot only). */
  variantId: z.optional(z.string()),
  /** 0-based order within the slot (within the variant's photos for the 'variant' slot). */
  position: z.int(),
  alt: z.string(),
  /** The 800 px rendition ('<hash>-800.webp'; the 400 and 1600 ones are named alike). */
  url: z.string(),
  width: z.int(),
  height: z.int(),
});
export type ProductImage = z.infer<typeof productImageSchema>;

/** The answer of a photo upload, delete or reorder: the product's photos as they are now. */
export const productPhotosResponseSchema = z.object({ photos: z.array(productImageSchema) });
export type ProductPhotosResponse = z.infer<typeof productPhotosResponseSchema>;

/** GET /api/admin/products/:id (and the answer of every product write). */
export const adminProductSchema = z.extend(adminProductRowSchema, {
  description: z.string(),
  hasSize: z.boolean(),
  hasAandB: z.boolean(),
  /** Uploaded photos, by slot and position. */
  photos: z.array(productImageSchema),
  /** What the storefront shows (uploaded photos, or the sample catalog's files). */
  images: z.array(z.string()),
  imagesOptionA: z.array(z.string()),
  imagesOptionB: z.array(z.string()),
  variants: z.array(variantStockSchema),
  /** '' when the owner gave none (search results then show the name and the description). */
  seoTitle: z.string(),
  seoDescription: z.string(),
  createdAt: z.string(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

const priceSchema = z.number({ error: 'Price must be a number' }).check(
  z.positive('Price must be more than 0'),
  z.maximum(
    MAX_PRICE_DOLLARS,
    `Price must be at most ${MAX_PRICE_DOLLARS.toLocaleString('en-US')}`,
  ),
  z.refine((dollars) => dollars <= MAX_PRICE_DOLLARS && toCents(dollars) / 100 === dollars, {
    message: 'Price must have at most two decimals',
  }),
);

export const handleSchema = z
  .string({ error: 'Handle must be text' })
  .check(
    z.trim(),
    z.minLength(1, 'Handle is required'),
    z.maxLength(80, 'Handle must be at most 80 characters'),
    z.regex(HANDLE_PATTERN, 'Handle may hold only lower-case letters, digits and single hyphens'),
  );

/** POST /api/admin/products and PUT /api/admin/products/:id. */
export const productWriteSchema = z
  .object({
    name: singleLineText('Name', { error: 'Name is required' }).check(
      z.trim(),
      z.minLength(1, 'Name is required'),
      z.maxLength(120, 'Name must be at most 120 characters'),
    ),
    /** HTML; sanitised on the server (p, br, strong, b, em, i, ul, ol, li, a href). */
    description: multiLineText('Description', { error: 'Description must be text' }).check(
      z.maxLength(
        MAX_DESCRIPTION_LENGTH,
        `Description must be at most ${MAX_DESCRIPTION_LENGTH.toLocaleString('en-US')} characters`,
      ),
    ),

    price: priceSchema,
    category: z.enum(categorySchema.options, {
      error: `Category must be one of ${categorySchema.options.join(', ')}`,
    }),
    hasSize: z.boolean({ error: 'hasSize must be true or false' }),
    hasAandB: z.boolean({ error: 'hasAandB must be true or false' }),
    /** Made from the name when not given. */
    handle: z.optional(handleSchema),
    /** New products start as drafts. */
    status: z.optional(productStatusSchema),
    /** What search results show (decision 037); omitted keeps the current one, '' clears it. */
    seoTitle: z.optional(
      singleLineText('SEO title', { error: 'SEO title must be text' }).check(
        z.trim(),
        z.maxLength(MAX_SEO_TITLE_LENGTH, SEO_TITLE_TOO_LONG),
      ),
    ),
    seoDescription: z.optional(
      singleLineText('SEO description', { error: 'SEO description must be text' }).check(
        z.trim(),
        z.maxLength(MAX_SEO_DESCRIPTION_LENGTH, SEO_DESCRIPTION_TOO_LONG),
      ),
    ),
  })
  .check(
    z.refine((product) => !(product.hasSize && product.hasAandB), {
      message: 'A product has sizes or options A and B, not both',
      path: ['hasAandB'],
    }),
  );
export type ProductWrite = z.infer<typeof productWriteSchema>;

const variantChoice = {
  product: z.uuid({ error: 'Product must be a product id' }),
  size: z._default(lineSizeSchema, 'NA'),
  option: z._default(lineOptionSchema, 'NA'),
  /** The variant's id: names any variant (size and option name only the spec's). */
  variant: z.optional(z.uuid({ error: 'Variant must be a variant id' })),
};

/** POST /api/admin/stock/adjust: 409 when on-hand would go below zero or below what is held. */
export const stockAdjustRequestSchema = z.object({
  ...variantChoice,
  change: z.number({ error: 'Change must be a number' }).check(
    z.int('Change must be a whole number'),
    z.minimum(-MAX_STOCK_CHANGE, `Change must be at least -${MAX_STOCK_CHANGE}`),
    z.maximum(MAX_STOCK_CHANGE, `Change must be at most ${MAX_STOCK_CHANGE}`),
    z.refine((change) => change !== 0, { message: 'Change must not be 0' }),
  ),
  reason: z.enum(ADJUST_REASONS, {
    error: `Reason must be one of ${ADJUST_REASONS.join(', ')}`,
  }),
  note: z.optional(
    singleLineText('Note').check(z.trim(), z.maxLength(300, 'Note must be at most 300 characters')),
  ),
});
export type StockAdjustRequest = z.infer<typeof stockAdjustRequestSchema>;

/** PUT /api/admin/stock/threshold. */
export const stockThresholdRequestSchema = z.object({
  ...variantChoice,
  threshold: z
    .number({ error: 'Threshold must be a number' })
    .check(
      z.int('Threshold must be a whole number'),
      z.minimum(0, 'Threshold must be at least 0'),
      z.maximum(MAX_STOCK_CHANGE, `Threshold must be at most ${MAX_STOCK_CHANGE}`),
    ),
});
export type StockThresholdRequest = z.infer<typeof stockThresholdRequestSchema>;

/** The answer of adjust and threshold: the variant as it is now. */
export const variantStockResponseSchema = z.extend(variantStockSchema, { product: z.string() });
export type VariantStockResponse = z.infer<typeof variantStockResponseSchema>;

/** GET /api/admin/stock/movements?product=&page=, newest first. */
export const stockMovementsQuerySchema = z.object({
  product: z.optional(z.uuid({ error: 'Product must be a product id' })),
  page: pageQuerySchema,
});
export type StockMovementsQuery = z.infer<typeof stockMovementsQuerySchema>;

export const stockMovementSchema = z.object({
  _id: z.string(),
  at: z.string(),
  product: z.string(),
  productName: z.string(),
  size: lineSizeSchema,
  option: lineOptionSchema,
  /** The variant's option values ('Clay / XL') as they are now; '' without options. */
  variantTitle: z.string(),
  change: z.int(),
  heldChange: z.int(),
  reason: z.enum(STOCK_REASONS),
  /** A person for back-office changes; 'system' for checkouts, payments and imports of the seed. */
  actor: actorSchema,
  orderId: z.nullable(z.string()),
  note: z.nullable(z.string()),
  onHandAfter: z.int(),
  heldAfter: z.int(),
});
export type StockMovement = z.infer<typeof stockMovementSchema>;
export const stockMovementsResponseSchema = z.extend(pagedSchema, {
  movements: z.array(stockMovementSchema),
});
export type StockMovementsResponse = z.infer<typeof stockMovementsResponseSchema>;

/** A variant below its threshold, for the summary. */
export const lowStockVariantSchema = z.object({
  product: z.string(),
  name: z.string(),
  size: lineSizeSchema,
  option: lineOptionSchema,
  /** Its option values ('Clay / XL'); '' without options. */
  variantTitle: z.string(),
  available: z.int(),
  lowStockThreshold: z.int(),
});
export type LowStockVariant = z.infer<typeof lowStockVariantSchema>;

const variantSlotRule = <T extends { slot: ImageSlot; variant?: string | undefined }>() =>
  z.refine<T>((fields) => (fields.slot === 'variant') === (fields.variant !== undefined), {
    message: IMAGE_VARIANT_SLOT,
    path: ['variant'],
  });

/** POST /api/admin/products/:id/images: the multipart form's fields beside `file`. */
export const imageUploadFieldsSchema = z
  .object({
    alt: singleLineText('Alt text', { error: IMAGE_ALT_REQUIRED }).check(
      z.trim(),
      z.minLength(1, IMAGE_ALT_REQUIRED),
      z.maxLength(300, 'Alt text must be at most 300 characters'),
    ),
    slot: z._default(
      z.enum(IMAGE_SLOTS, { error: `Slot must be one of ${IMAGE_SLOTS.join(', ')}` }),
      'gallery',
    ),
    /** The variant's id, for the 'variant' slot (and only for it). */
    variant: z.optional(z.uuid({ error: 'Variant must be a variant id' })),
  })
  .check(variantSlotRule());
export type ImageUploadFields = z.infer<typeof imageUploadFieldsSchema>;

/** PUT /api/admin/products/:id/images/order: a slot's photos in their new order. */
export const imageOrderRequestSchema = z
  .object({
    slot: z.enum(IMAGE_SLOTS, { error: `Slot must be one of ${IMAGE_SLOTS.join(', ')}` }),
    imageIds: z.array(z.uuid({ error: 'Each image must be an image id' })).check(z.maxLength(50)),
    /** The variant whose photos these are, for the 'variant' slot (and only for it). */
    variant: z.optional(z.uuid({ error: 'Variant must be a variant id' })),
  })
  .check(variantSlotRule());
export type ImageOrderRequest = z.infer<typeof imageOrderRequestSchema>;

/**
 * CSV: Shopify's product layout, one row per variant, in this column order (decision 038): the
 * first row of a handle carries the product's fields, its later rows may leave them empty. This
 * shop's own columns come last.
 */
export const SHOPIFY_CSV_COLUMNS = [
  'Handle',
  'Title',
  'Body (HTML)',
  'Vendor',
  'Type',
  'Tags',
  'Published',
  'Option1 Name',
  'Option1 Value',
  'Option2 Name',
  'Option2 Value',
  'Option3 Name',
  'Option3 Value',
  'Variant SKU',
  'Variant Price',
  'Variant Compare At Price',
  'Variant Barcode',
  'Variant Grams',
  'Variant Inventory Qty',
  'Image Src',
  'Image Alt Text',
  'SEO Title',
  'SEO Description',
  'Status',
] as const;
/** This shop's columns: the category, the variant's id, its stock version and threshold. */
export const SHOP_CSV_COLUMNS = [
  'Category',
  'Variant Id',
  'Variant Stock Version',
  'Variant Low Stock Threshold',
] as const;
export const CSV_COLUMNS = [...SHOPIFY_CSV_COLUMNS, ...SHOP_CSV_COLUMNS] as const;
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

/** What an import did, or (dry run) would do, to one product. */
/** One change of an update, as the preview shows it: 'price M: $20.00 → $24.00'. */
export const importDiffSchema = z.object({
  /** The field's name, as in `fields`. */
  field: z.string(),
  /** What it is now and what the file makes it, as people read them ('—' for nothing). */
  from: z.string(),
  to: z.string(),
});
export type ImportDiff = z.infer<typeof importDiffSchema>;

export const importChangeSchema = z.object({
  handle: z.string(),
  name: z.string(),
  action: z.enum(['create', 'update', 'unchanged']),
  /** The fields (and 'stock S/M', 'threshold L', …) that change. */
  fields: z.array(z.string()),
  /** Each change of an update, old and new (only updates have them). */
  diffs: z.optional(z.array(importDiffSchema)),
});
export type ImportChange = z.infer<typeof importChangeSchema>;

export const importErrorSchema = z.object({
  /** Data rows count from 1 (the header is not a row). */
  row: z.int(),
  message: z.string(),
});

/** POST /api/admin/products/import[?dryRun=true]: 200 with this, or 422 with message too. */
export const importResultSchema = z.object({
  created: z.int(),
  updated: z.int(),
  unchanged: z.int(),
  errors: z.array(importErrorSchema),
  changes: z.array(importChangeSchema),
  /** What the import leaves aside: columns it does not know, cells it does not keep. */
  notes: z.array(z.string()),
  dryRun: z.boolean(),
});
export type ImportResult = z.infer<typeof importResultSchema>;
export const importRejectedSchema = z.extend(importResultSchema, { message: z.string() });
export type ImportRejected = z.infer<typeof importRejectedSchema>;

export const importQuerySchema = z.object({
  dryRun: z.pipe(
    z.optional(z.enum(['true', 'false'], { error: 'dryRun must be true or false' })),
    z.transform((value) => value === 'true'),
  ),
});

export const ADMIN_CATALOG_MESSAGES = {
  productNotFound: 'Product not found',
  handleTaken: 'That handle is already used by another product',
  variantNotFound: 'That product has no such size or option',
  belowZero: 'On-hand stock cannot go below zero',
  belowHeld: (held: number) => `On-hand stock cannot go below what open checkouts hold (${held})`,
  shapeChangeWithStock: 'Sizes and options cannot change while a variant has stock on hand or held',
  imageNotFound: 'Photo not found',
  imageTooLarge: 'The photo is larger than 10 MB',
  imageNotDecodable: 'That file is not a JPEG, PNG, WebP or AVIF image we can read',
  imageTooManyPixels: 'The photo has more than 40 megapixels',
  imageSideTooLong: 'The photo is wider or taller than 16,383 pixels',
  imageAltRequired: IMAGE_ALT_REQUIRED,
  imageFileRequired: 'Please choose a photo to upload',
  imageOrderMismatch: 'The order must name every photo of that slot once',
  imageVariantSlot: IMAGE_VARIANT_SLOT,
  imageVariantNotFound: 'That product has no such variant',
  imageVariantOfSpecOption: 'Photos of option A and B go in the Option A and Option B slots',
  seoTitleTooLong: SEO_TITLE_TOO_LONG,
  seoDescriptionTooLong: SEO_DESCRIPTION_TOO_LONG,
  importRejected: (count: number) =>
    `The file has ${count} bad row${count === 1 ? '' : 's'}; nothing was changed`,
  importEmpty: 'The file has no rows',
  importTooLarge: 'The file is larger than 5 MB',
  /** {variant} is its size or option (S/M, A…); a product of one variant has none. */
  stockMoved: (product: string, variant: string) =>
    `stock of ${variant ? `${product} ${variant}` : product} changed since this file was exported: export again or leave the stock cell empty`,
  importBusy: 'Another import is running; please try again once it has finished',
} as const;
