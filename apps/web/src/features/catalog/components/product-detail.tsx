import { Suspense, lazy, useRef } from 'react';
import type { Product } from '@shop/shared/catalog';
import { useWantedSoon } from '../../../lib/use-wanted-soon';
import { ReviewList, loadReviewForm } from '../../reviews';
import type { ReviewProof } from '../../../lib/review-proof';
import { useProductChoices } from '../hooks/use-product-choices';
import { useVariantChoice } from '../hooks/use-variant-choice';
import { imagesFor, imagesOfVariant } from '../product-images';
import { ProductGallery } from './product-gallery';
import { ProductPrice } from './product-price';
import { ProductPurchase } from './product-purchase';
import { RatingStars } from '../../../components/ui/rating-stars';

/**
 * The description's sanitizer (DOMPurify, about 11 kB gzipped) is not needed to show the product:
 * it loads beside the product's data (product-page.tsx starts it) rather than before the page.
 */
export const loadProductDescription = () => import('./product-description');
const ProductDescription = lazy(() =>
  loadProductDescription().then((module) => ({ default: module.ProductDescription })),
);

// The review form (react-hook-form and zod, about 40 kB gzipped) sits at the foot of the page: it
// loads when the shopper heads for it or starts using the page, not while the product first shows.
const ReviewForm = lazy(() =>
  loadReviewForm().then((module) => ({
    default: module.ReviewForm,
  })),
);

/**
 * Everything about one product: pictures, choices, description and reviews. `reviewProof`: the
 * shopper came through an order's 'Write a review' link, which carries the proof of the purchase.
 */
export function ProductDetail({
  product,
  reviewProof,
}: {
  product: Product;
  reviewProof?: ReviewProof | undefined;
}) {
  const choices = useProductChoices(product);
  // Products whose options are not the spec's: the variant the address names, else the default.
  const { variant, variants, choose } = useVariantChoice(product);
  const reviewFormSlot = useRef<HTMLDivElement>(null);
  // Came to write a review: the form is wanted at once.
  const reviewFormWanted = useWantedSoon(reviewFormSlot) || reviewProof !== undefined;

  return (
    <>
      <div className="grid gap-10 lg:grid-cols-2 lg:gap-16">
        <ProductGallery
          key={variant ? variant.id : choices.option}
          name={product.name}
          images={variant ? imagesOfVariant(product, variant) : imagesFor(product, choices.option)}
          imageAlts={product.imageAlts}
        />
        <div className="flex flex-col gap-6">
          <div>
            <h1 className="text-3xl leading-tight font-semibold sm:text-4xl">{product.name}</h1>
            <div className="mt-3">
              <RatingStars
                rating={product.rating}
                numReviews={product.numReviews}
                detail="full"
                size="md"
              />
            </div>
          </div>
          <ProductPrice
            price={variant ? variant.price : product.price}
            compareAtPrice={variant?.compareAtPrice}
            sale={variant ? variant.sale : product.sale}
          />
          {product.category === 'belts' && (
            <p className="rounded-xl border border-saffron bg-sand-100 px-4 py-3 text-sm font-semibold tracking-wider text-ink">
              BAG IS NOT INCLUDED
            </p>
          )}
          <ProductPurchase
            product={product}
            pick={variant && { variant, variants, onChoose: choose }}
            size={choices.size}
            option={choices.option}
            qty={choices.qty}
            onSize={choices.setSize}
            onOption={choices.setOption}
            onQty={choices.setQty}
          />
          <section aria-labelledby="description-heading" className="border-t border-sand-200 pt-6">
            <h2 id="description-heading" className="mb-2 text-xl font-semibold">
              Description
            </h2>
            <Suspense fallback={null}>
              <ProductDescription description={product.description} />
            </Suspense>
          </section>
        </div>
      </div>
      <section
        id="reviews"
        aria-labelledby="reviews-heading"
        className="mt-16 grid gap-10 border-t border-sand-200 pt-12 lg:grid-cols-2 lg:gap-16"
      >
        <div>
          <h2 id="reviews-heading" className="mb-6 text-2xl font-semibold">
            Reviews
          </h2>
          <ReviewList reviews={product.reviews} />
        </div>
        <div ref={reviewFormSlot} className="self-start rounded-3xl bg-sand-100 p-6 sm:p-8">
          {reviewFormWanted && (
            <Suspense fallback={null}>
              <ReviewForm productId={product._id} orderProof={reviewProof} />
            </Suspense>
          )}
        </div>
      </section>
    </>
  );
}
