import { useState } from 'react';
import type { LineOption, LineSize, Product } from '@shop/shared/catalog';
import { defaultChoice } from '@shop/shared/stock';

type Choices = { productId: string; size: LineSize; option: LineOption; qty: number };

/**
 * The product page's local choices: size, option and quantity. Until the shopper picks, they are
 * the product's defaults (option A if A has stock, else B, else NA; the first size in stock,
 * S/M first: decision 018), so a product never shows a stale choice from the previous one.
 */
export function useProductChoices(product: Product) {
  const [picked, setPicked] = useState<Choices | null>(null);
  const current: Choices =
    picked?.productId === product._id
      ? picked
      : { productId: product._id, ...defaultChoice(product), qty: 1 };

  const update = (change: Partial<Omit<Choices, 'productId'>>) =>
    setPicked({ ...current, ...change });

  return {
    size: current.size,
    option: current.option,
    qty: current.qty,
    setSize: (size: LineSize) => update({ size }),
    setOption: (option: LineOption) => update({ option }),
    setQty: (qty: number) => update({ qty }),
  };
}
