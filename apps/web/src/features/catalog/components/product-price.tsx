import { formatDollars } from '../format-price';

/**
 * The price of the product or of its chosen variant; a compare-at price higher than it is shown
 * struck through, and read as the former price.
 */
export function ProductPrice({
  price,
  compareAtPrice,
}: {
  price: number;
  compareAtPrice?: number | null | undefined;
}) {
  const was = compareAtPrice != null && compareAtPrice > price ? compareAtPrice : undefined;
  return (
    <div className="flex flex-wrap items-baseline gap-x-3" data-testid="product-price">
      <p className="text-3xl font-semibold text-terracotta-800 tabular-nums">
        {was !== undefined && <span className="sr-only">Now </span>}
        {formatDollars(price)}
      </p>
      {was !== undefined && (
        <p className="text-xl text-ink-muted tabular-nums">
          <span className="sr-only">Was </span>
          <s>{formatDollars(was)}</s>
        </p>
      )}
    </div>
  );
}
