import { Link } from 'react-router';
import type { ProductCard as CardData } from '@shop/shared/catalog';
import { ButtonLink } from '../../../components/ui/button-link';
import { isSoldOut } from '@shop/shared/stock';
import { PHOTO_SIZES, pictureAlt, pictureSources } from '../../../lib/product-image';
import { formatDollars } from '../format-price';
import { SaleBadge } from './product-price';
import { RatingStars } from '../../../components/ui/rating-stars';

type ProductCardProps = {
  /** A listing's product summary, or a carousel's card (what the card shows, no more). */
  product: CardData;
  /** Show the ADD TO CART button (the home carousels); it leads to the product page. */
  withAddToCart?: boolean;
  /** Load the image at once (the first cards on screen); others load lazily. */
  eager?: boolean;
  /** The page's largest picture (the first card of a listing page): asked for before others. */
  priority?: boolean;
  /** How wide the card's picture shows (PHOTO_SIZES): the listing grid's by default. */
  sizes?: string;
};

export function ProductCard({
  product,
  withAddToCart = false,
  eager = false,
  priority = false,
  sizes = PHOTO_SIZES.gridCard,
}: ProductCardProps) {
  const href = `/products/${encodeURIComponent(product.handle)}`;
  return (
    <article className="group flex h-full flex-col overflow-hidden rounded-xl border border-sand-200 bg-white shadow-sm sm:rounded-2xl transition-shadow hover:shadow-md">
      {/* The name link is the card's one tab stop; the picture repeats it for pointer users. */}
      <Link
        to={href}
        tabIndex={-1}
        aria-hidden="true"
        className="block overflow-hidden bg-sand-100"
      >
        <img
          {...pictureSources(product.image, sizes)}
          alt={pictureAlt(product, product.image, product.name)}
          width={600}
          height={600}
          loading={eager || priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
          className="aspect-square w-full object-cover transition-transform duration-500 group-hover:scale-105 motion-reduce:transition-none"
        />
      </Link>
      <div className="flex flex-1 flex-col gap-2 p-3 sm:p-5">
        <h3 className="font-display text-base leading-snug font-semibold sm:text-lg">
          <Link to={href} className="text-ink hover:text-terracotta-700">
            {product.name}
          </Link>
        </h3>
        <RatingStars rating={product.rating} numReviews={product.numReviews} />
        <p className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 pt-1">
          <span className="font-semibold text-terracotta-800 tabular-nums sm:text-lg">
            {product.sale && <span className="sr-only">Now </span>}
            {formatDollars(product.sale ? product.sale.price : product.price)}
          </span>
          {product.sale && (
            <>
              <span className="text-sm text-ink-muted tabular-nums">
                <span className="sr-only">Was </span>
                <s>{formatDollars(product.price)}</s>
              </span>
              <SaleBadge title={product.sale.title} />
            </>
          )}
          {isSoldOut(product.countInStock) && (
            <span className="rounded-full border border-danger px-2 py-0.5 text-xs font-semibold tracking-wider text-danger uppercase">
              Sold out
            </span>
          )}
        </p>
        {withAddToCart && (
          <ButtonLink to={href} variant="dark" size="sm" className="mt-2 w-full">
            ADD TO CART<span className="sr-only">: {product.name}</span>
          </ButtonLink>
        )}
      </div>
    </article>
  );
}
