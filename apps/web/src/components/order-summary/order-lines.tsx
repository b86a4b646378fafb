import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { LineOption, LineSize } from '@shop/shared/catalog';
import { formatPrice, toCents } from '@shop/shared/money';
import { PHOTO_SIZES, pictureSources } from '../../lib/product-image';

export type OrderLine = {
  key: string;
  product: string;
  name: string;
  image: string;
  size: LineSize;
  option: LineOption;
  qty: number;
  /** Unit price in dollars, as the API and the cart keep it. */
  price: number;
  /** 'Clay / XL': shown for a variant of other options than the spec's size or option. */
  variantTitle?: string | undefined;
  /** The product's readable address (/products/<handle>) when known; else its id's. */
  handle?: string | undefined;
};

/** 'Size L', 'Option A', or the variant's title for other options (decision 035). */
export function variantText(
  size: LineSize,
  option: LineOption,
  variantTitle?: string | undefined,
): string {
  const spec = [size !== 'NA' ? `Size ${size}` : null, option !== 'NA' ? `Option ${option}` : null]
    .filter(Boolean)
    .join(' · ');
  return spec || variantTitle || '';
}

/**
 * The lines of an order or of the cart at checkout: picture, name, variant, qty × price, and
 * whatever `action` adds under a line (a paid order's 'Write a review').
 */
export function OrderLines({
  lines,
  label,
  action,
}: {
  lines: readonly OrderLine[];
  label: string;
  action?: (line: OrderLine) => ReactNode;
}) {
  return (
    <ul aria-label={label} className="divide-y divide-sand-200">
      {lines.map((line) => {
        const unit = toCents(line.price);
        const variant = variantText(line.size, line.option, line.variantTitle);
        return (
          <li key={line.key} className="flex items-start gap-4 py-4">
            <img
              {...pictureSources(line.image, PHOTO_SIZES.orderThumb)}
              alt=""
              width={64}
              height={64}
              loading="lazy"
              className="size-16 shrink-0 rounded-xl border border-sand-200 bg-white object-cover"
            />
            <div className="min-w-0 flex-1">
              <p className="leading-snug font-semibold">
                <Link
                  to={`/products/${line.handle ?? line.product}`}
                  className="hover:text-terracotta-700"
                >
                  {line.name}
                </Link>
              </p>
              {variant && <p className="text-sm text-ink-muted">{variant}</p>}
              <p className="text-sm text-ink-muted tabular-nums">
                {line.qty} × {formatPrice(unit)}
              </p>
              {action?.(line)}
            </div>
            <p className="shrink-0 font-semibold tabular-nums">{formatPrice(unit * line.qty)}</p>
          </li>
        );
      })}
    </ul>
  );
}
