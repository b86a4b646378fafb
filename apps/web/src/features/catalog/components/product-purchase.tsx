import { useId } from 'react';
import { useNavigate } from 'react-router';
import { OPTIONS, SIZES } from '@shop/shared/catalog';
import type { LineOption, LineSize, Product } from '@shop/shared/catalog';
import { LINE_LIMIT_MESSAGE, lineQtyProblem, maxLineQty } from '@shop/shared/order-limits';
import { stockFor } from '@shop/shared/stock';
import { Button } from '../../../components/ui/button';
import { ChoiceGroup } from '../../../components/ui/choice-group';
import { QuantityControl } from '../../../components/ui/quantity-control';
import { notify } from '../../../lib/toast';
import { StockStatus } from './stock-status';
import { VariantOptions } from './variant-options';

/** The chosen variant of a product of another shape than the spec's, and how to choose another. */
export type VariantPick = {
  variant: { id: string; values: readonly string[]; available: number };
  variants: readonly { values: readonly string[]; available: number }[];
  onChoose: (index: number, value: string) => void;
};

type ProductPurchaseProps = {
  product: Product;
  /** Products whose options are not the spec's: their variant, chosen by its options' values. */
  pick?: VariantPick | undefined;
  size: LineSize;
  option: LineOption;
  qty: number;
  onSize: (size: LineSize) => void;
  onOption: (option: LineOption) => void;
  onQty: (qty: number) => void;
};

const soldOutHint = (stock: number) => (stock > 0 ? undefined : 'sold out');

/**
 * Size, option, quantity and Add To Cart. The quantity can be stepped or typed; plus stops at the
 * chosen variant's stock or the per-line limit, whichever is lower, and says why when pressed
 * there. Add To Cart refuses a quantity above the stock ('Entered quantity is not available') or,
 * within the stock, above the per-line limit (a message naming it), in the page's toast. A sold-out
 * size or option can still be chosen (it says so, as the status does); then the button is
 * disabled and reads Sold Out.
 */
export function ProductPurchase({
  product,
  pick,
  size,
  option,
  qty,
  onSize,
  onOption,
  onQty,
}: ProductPurchaseProps) {
  const navigate = useNavigate();
  const quantityId = useId();
  const { countInStock } = product;
  const inStock = pick ? pick.variant.available : stockFor(countInStock, size, option);

  const addToCart = () => {
    const problem = lineQtyProblem(qty, inStock);
    if (problem) {
      notify(problem, 'error');
      return;
    }
    const query = new URLSearchParams(
      pick ? { qty: String(qty), variant: pick.variant.id } : { qty: String(qty), size, option },
    );
    navigate(`/cart/${product._id}?${query.toString()}`);
  };

  return (
    <div className="flex flex-col gap-6">
      <StockStatus inStock={inStock} />
      {pick && (
        <VariantOptions
          options={product.options}
          variants={pick.variants}
          chosen={pick.variant.values}
          onChoose={pick.onChoose}
        />
      )}
      {product.hasSize && (
        <ChoiceGroup
          legend="Size"
          name="size"
          value={size}
          onChange={onSize}
          choices={SIZES.map((value) => ({
            value,
            label: value,
            hint: soldOutHint(stockFor(countInStock, value, 'NA')),
          }))}
        />
      )}
      {product.hasAandB && (
        <ChoiceGroup
          legend="Option"
          name="option"
          value={option}
          onChange={onOption}
          choices={OPTIONS.map((value) => ({
            value,
            label: value,
            hint: soldOutHint(stockFor(countInStock, 'NA', value)),
          }))}
        />
      )}
      <div>
        <label
          htmlFor={quantityId}
          className="mb-2 block text-xs font-semibold tracking-[0.2em] text-ink-muted uppercase"
        >
          Quantity
        </label>
        <QuantityControl
          id={quantityId}
          value={qty}
          onChange={onQty}
          label="Quantity"
          typable
          max={maxLineQty(inStock)}
          onMax={() => notify(lineQtyProblem(qty + 1, inStock) ?? LINE_LIMIT_MESSAGE, 'error')}
        />
      </div>
      <Button size="lg" onClick={addToCart} disabled={inStock <= 0} className="w-full sm:w-auto">
        {inStock > 0 ? 'Add To Cart' : 'Sold Out'}
      </Button>
    </div>
  );
}
