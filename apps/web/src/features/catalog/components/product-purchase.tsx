import { useNavigate } from 'react-router';
import { OPTIONS, SIZES } from '@shop/shared/catalog';
import type { LineOption, LineSize, Product } from '@shop/shared/catalog';
import { QUANTITY_NOT_AVAILABLE, exceedsStock, stockFor } from '@shop/shared/stock';
import { Button } from '../../../components/ui/button';
import { ChoiceGroup } from '../../../components/ui/choice-group';
import { QuantityControl } from '../../../components/ui/quantity-control';
import { notify } from '../../../lib/toast';
import { StockStatus } from './stock-status';

type ProductPurchaseProps = {
  product: Product;
  size: LineSize;
  option: LineOption;
  qty: number;
  onSize: (size: LineSize) => void;
  onOption: (option: LineOption) => void;
  onQty: (qty: number) => void;
};

const soldOutHint = (stock: number) => (stock > 0 ? undefined : 'Sold out');

/** Size, option, quantity and Add To Cart, which checks the chosen variant's stock first. */
export function ProductPurchase({
  product,
  size,
  option,
  qty,
  onSize,
  onOption,
  onQty,
}: ProductPurchaseProps) {
  const navigate = useNavigate();
  const { countInStock } = product;

  const addToCart = () => {
    if (exceedsStock(countInStock, size, option, qty)) {
      notify(QUANTITY_NOT_AVAILABLE, 'error');
      return;
    }
    const query = new URLSearchParams({ qty: String(qty), size, option });
    navigate(`/cart/${product._id}?${query.toString()}`);
  };

  return (
    <div className="flex flex-col gap-6">
      <StockStatus inStock={stockFor(countInStock, size, option)} />
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
        <p
          aria-hidden="true"
          className="mb-2 text-xs font-semibold tracking-[0.2em] text-ink-muted uppercase"
        >
          Quantity
        </p>
        <QuantityControl value={qty} onChange={onQty} label="Quantity" />
      </div>
      <Button size="lg" onClick={addToCart} className="w-full sm:w-auto">
        Add To Cart
      </Button>
    </div>
  );
}
