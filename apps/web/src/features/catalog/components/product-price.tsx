import type { Sale } from '@shop/shared/catalog';
import { formatDollars } from '../format-price';

/**
 * The price of the product or of its chosen variant. Under an automatic discount (decision 052)
 * the sale price shows with the price struck through and the discount's name; else a compare-at
 * price higher than the price is struck through. Either is read as the former price.
 */
export function ProductPrice({
  price,
  compareAtPrice,
  sale,
}: {
  price: number;
  compareAtPrice?: number | null | undefined;
  sale?: Sale | undefined;
}) {
  const now = sale ? sale.price : price;
  const was = sale
    ? price
    : compareAtPrice != null && compareAtPrice > price
      ? compareAtPrice
      : undefined;
  return (
    <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1" data-testid="product-price">
      <p className="text-3xl font-semibold text-terracotta-800 tabular-nums">
        {was !== undefined && <span className="sr-only">Now </span>}
        {formatDollars(now)}
      </p>
      {was !== undefined && (
        <p className="text-xl text-ink-muted tabular-nums">
          <span className="sr-only">Was </span>
          <s>{formatDollars(was)}</s>
        </p>
      )}
      {sale && <SaleBadge title={sale.title} />}
    </div>
  );
}

/** The automatic discount's name beside a sale price. */
export function SaleBadge({ title }: { title: string }) {
  return (
    <span className="rounded-full bg-terracotta-800 px-2 py-0.5 text-xs font-semibold tracking-wider text-white uppercase">
      {title}
    </span>
  );
}
