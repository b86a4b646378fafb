import type {
  AdminProduct,
  AdminProductListResponse,
  ProductImage,
} from '@shop/shared/admin-catalog';
import type { ProductVariantsResponse } from '@shop/shared/admin-variants';

export const PRODUCT_ID = 'b2c3d4e5-0000-4000-8000-000000000002';

/** A published tee in three sizes, one photo in the main slot. */
export function adminProductFixture(overrides: Partial<AdminProduct> = {}): AdminProduct {
  return {
    _id: PRODUCT_ID,
    handle: 'dune-tee',
    name: 'Dune Tee',
    category: 'selflove_women_tshirts',
    price: 25,
    status: 'published',
    image: '/api/images/aaa-800.webp',
    available: 20,
    updatedAt: '2026-11-20T10:00:00.000Z',
    createdAt: '2026-11-01T10:00:00.000Z',
    description: '<p>Soft cotton.</p>',
    hasSize: true,
    hasAandB: false,
    photos: [photoFixture({ _id: 'img-1', alt: 'The tee folded on sand' })],
    images: ['/api/images/aaa-800.webp'],
    imagesOptionA: [],
    imagesOptionB: [],
    seoTitle: '',
    seoDescription: '',
    variants: [
      {
        variant: 'c3d4e5f6-0000-4000-8000-000000000001',
        title: 'S/M',
        size: 'S/M',
        option: 'NA',
        onHand: 12,
        held: 2,
        available: 10,
        lowStockThreshold: 3,
      },
      {
        variant: 'c3d4e5f6-0000-4000-8000-000000000002',
        title: 'L',
        size: 'L',
        option: 'NA',
        onHand: 8,
        held: 0,
        available: 8,
        lowStockThreshold: 3,
      },
      {
        variant: 'c3d4e5f6-0000-4000-8000-000000000003',
        title: 'XL',
        size: 'XL',
        option: 'NA',
        onHand: 2,
        held: 0,
        available: 2,
        lowStockThreshold: 3,
      },
    ],
    ...overrides,
  };
}

export function photoFixture(overrides: Partial<ProductImage> = {}): ProductImage {
  return {
    _id: 'img-1',
    slot: 'main',
    position: 0,
    alt: 'A photo',
    url: '/api/images/aaa-800.webp',
    width: 800,
    height: 800,
    ...overrides,
  };
}

/** The list's answer: the tee and a draft tote. */
export function productListFixture(
  overrides: Partial<AdminProductListResponse> = {},
): AdminProductListResponse {
  const tee = adminProductFixture();
  return {
    products: [
      {
        _id: tee._id,
        handle: tee.handle,
        name: tee.name,
        category: tee.category,
        price: tee.price,
        status: tee.status,
        image: tee.image,
        available: tee.available,
        updatedAt: tee.updatedAt,
      },
      {
        _id: 'c3d4e5f6-0000-4000-8000-000000000003',
        handle: 'sadu-tote',
        name: 'Sadu Tote',
        category: 'flower_totes',
        price: 40.5,
        status: 'draft',
        image: '',
        available: 0,
        updatedAt: '2026-11-21T10:00:00.000Z',
      },
    ],
    page: 1,
    pages: 2,
    total: 30,
    ...overrides,
  };
}

/** GET /api/admin/products/:id/variants of a product of the spec's shapes, as the API answers it. */
export function adminVariantsOf(product: AdminProduct): ProductVariantsResponse {
  const options = product.hasSize
    ? [{ name: 'Size', values: ['S/M', 'L', 'XL'] }]
    : product.hasAandB
      ? [{ name: 'Option', values: ['A', 'B'] }]
      : [];
  return {
    options,
    variants: product.variants.map((variant) => ({
      _id: variant.variant,
      key:
        variant.size !== 'NA' ? variant.size : variant.option !== 'NA' ? variant.option : 'total',
      options: variant.title ? [variant.title] : [],
      title: variant.title,
      sku: null,
      price: null,
      compareAtPrice: null,
      barcode: null,
      weightGrams: null,
      images: [],
      onHand: variant.onHand,
      held: variant.held,
      available: variant.available,
      lowStockThreshold: variant.lowStockThreshold,
    })),
  };
}
