import type { Database } from '../../db/client';
import { openStock } from '../stock/service';
import { hasAnyProduct, insertProduct } from './repository';
import { SAMPLE_CATALOG } from './sample-catalog';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Loads the sample catalog when the shop has no products yet; answers how many it added. */
export async function seedSampleCatalogIfEmpty(db: Database, now = new Date()): Promise<number> {
  if (await hasAnyProduct(db)) return 0;
  // Inserted oldest first, so the listing (newest first) shows the catalog in its written order.
  const ordered = [...SAMPLE_CATALOG].reverse();
  for (const [index, sample] of ordered.entries()) {
    const createdAt = new Date(now.getTime() - (ordered.length - index) * 60_000);
    await insertProduct(
      db,
      {
        handle: sample.slug,
        name: sample.name,
        category: sample.category,
        descriptionHtml: sample.description,
        priceCents: sample.priceCents,
        image: sample.image,
        images: sample.images,
        imagesOptionA: sample.imagesOptionA,
        imagesOptionB: sample.imagesOptionB,
        hasSize: sample.hasSize,
        hasAandB: sample.hasAandB,
        createdAt,
        stock: sample.stock,
        reviews: sample.reviews.map(({ daysAgo, ...review }) => ({
          ...review,
          email: review.email.trim().toLowerCase(),
          createdAt: new Date(now.getTime() - daysAgo * DAY_MS),
        })),
      },
      (tx, productId, levels) => openStock(tx, productId, levels, 'Sample catalog'),
    );
  }
  return SAMPLE_CATALOG.length;
}
