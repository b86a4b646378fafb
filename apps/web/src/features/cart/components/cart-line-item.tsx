import { Link } from 'react-router';
import type { CartLine } from '@shop/shared/cart';
import { LINE_LIMIT_MESSAGE, MAX_UNITS_PER_LINE, lineQtyProblem } from '@shop/shared/order-limits';
import { stockFor } from '@shop/shared/stock';
import { useAppDispatch } from '../../../stores/hooks';
import { Icon } from '../../../components/ui/icon';
import { QuantityControl } from '../../../components/ui/quantity-control';
import { PHOTO_SIZES, pictureSources } from '../../../lib/product-image';
import { notify } from '../../../lib/toast';
import { formatDollars } from '../../catalog';
import { lineAdded, lineRemoved } from '../../../stores/cart-slice';
import { cartLineImage } from '../../../lib/cart-line-image';
import { describeLine } from '../describe-line';

/**
 * One cart line: picture, name, size, option, quantity and remove. A quantity change is checked
 * against the variant's stock and the per-line limit, where plus stops.
 */
export function CartLineItem({ line }: { line: CartLine }) {
  const dispatch = useAppDispatch();
  const item = describeLine(line);
  // Its readable address when the line knows the handle (lines stored before handles do not).
  const productPath = `/products/${line.handle ?? line.product}`;

  const changeQty = (qty: number) => {
    // On failure the line keeps its quantity (the control shows the stored one).
    const problem = lineQtyProblem(qty, stockFor(line.countInStock, line.size, line.option));
    if (problem) {
      notify(problem, 'error');
      return;
    }
    dispatch(lineAdded({ ...line, qty }));
  };

  return (
    <li className="flex gap-4 py-6 sm:gap-6">
      <Link to={productPath} tabIndex={-1} aria-hidden="true" className="shrink-0">
        <img
          {...pictureSources(cartLineImage(line), PHOTO_SIZES.cartThumb)}
          alt={line.name}
          width={120}
          height={120}
          className="size-24 rounded-2xl border border-sand-200 bg-white object-cover sm:size-28"
        />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 className="font-display text-lg leading-snug font-semibold">
            <Link to={productPath} className="hover:text-terracotta-700">
              {line.name}
            </Link>
          </h2>
          <dl className="mt-1 flex flex-wrap gap-x-4 text-sm text-ink-muted">
            {line.variantTitle && (
              <div className="flex gap-1">
                <dt className="sr-only">Variant:</dt>
                <dd className="font-semibold text-ink">{line.variantTitle}</dd>
              </div>
            )}
            {line.size !== 'NA' && (
              <div className="flex gap-1">
                <dt>Size:</dt>
                <dd className="font-semibold text-ink">{line.size}</dd>
              </div>
            )}
            {line.option !== 'NA' && (
              <div className="flex gap-1">
                <dt>Option:</dt>
                <dd className="font-semibold text-ink">{line.option}</dd>
              </div>
            )}
          </dl>
          <p className="mt-2 font-semibold text-terracotta-800 tabular-nums">
            {formatDollars(line.price)}
          </p>
        </div>
        <div className="flex items-center gap-3">
          <QuantityControl
            value={line.qty}
            onChange={changeQty}
            label={`Quantity of ${item}`}
            max={MAX_UNITS_PER_LINE}
            onMax={() => notify(LINE_LIMIT_MESSAGE, 'error')}
          />
          <button
            type="button"
            onClick={() =>
              dispatch(
                lineRemoved({
                  product: line.product,
                  size: line.size,
                  option: line.option,
                  variant: line.variant,
                }),
              )
            }
            className="flex size-10 items-center justify-center rounded-full text-ink-muted hover:bg-danger-soft hover:text-danger"
            aria-label={`Remove ${item}`}
          >
            <Icon name="trash" />
          </button>
        </div>
      </div>
    </li>
  );
}
