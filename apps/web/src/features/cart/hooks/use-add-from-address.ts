import { useEffect } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { cartLineKey, lineOptionSchema, lineSizeSchema } from '@shop/shared/cart';
import { lineQtyProblem } from '@shop/shared/order-limits';
import type { Product } from '@shop/shared/catalog';
import { stockFor } from '@shop/shared/stock';
import { isSpecShape, variantCountInStock, variantTitle } from '@shop/shared/variants';
import { useAppDispatch } from '../../../stores/hooks';
import { errorMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';
import { useGetProductQuery } from '../../catalog';
import { lineAdded } from '../../../stores/cart-slice';

/**
 * The line a product of another shape than the spec's adds for `?variant=<id>` (decision 035): the
 * variant's price, photo, title and stock; undefined when the product has no such variant.
 */
function variantLineOf(product: Product, variantId: string | null, qty: number) {
  if (isSpecShape(product)) return undefined;
  const variant = product.variants.find((candidate) => candidate._id === variantId);
  if (!variant) return undefined;
  return {
    product: product._id,
    name: product.name,
    image: variant.images[0] ?? product.image,
    imagesOptionA: [],
    imagesOptionB: [],
    price: variant.price,
    countInStock: variantCountInStock(variant.available),
    qty,
    size: 'NA' as const,
    option: 'NA' as const,
    hasAandB: false,
    key: cartLineKey(product._id, 'NA', 'NA', variant._id),
    variant: variant._id,
    variantTitle: variantTitle(variant.options),
    handle: product.handle,
    ...(variant.sale ? { onSale: true } : {}),
  };
}

/**
 * /cart/:productId?qty=&size=&option= (or ?qty=&variant=<id> for products whose options are not
 * the spec's) adds the line (or replaces an existing line's qty and
 * option), then moves on to /cart so a reload does not add it again. A qty above the variant's
 * stock or the per-line limit is refused, as on the product page. Returns true while busy.
 */
export function useAddFromAddress(): boolean {
  const { productId } = useParams();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { currentData: product, error } = useGetProductQuery(productId ?? '', {
    skip: !productId,
    refetchOnMountOrArgChange: true,
  });

  useEffect(() => {
    if (!productId) return;
    if (error) {
      notify(errorMessage(error), 'error');
      navigate('/cart', { replace: true });
      return;
    }
    if (!product) return;

    const qty = Number(searchParams.get('qty') ?? '1');
    if (!isSpecShape(product)) {
      const line = variantLineOf(product, searchParams.get('variant'), qty);
      const problem = line && lineQtyProblem(qty, line.countInStock.total);
      if (!Number.isSafeInteger(qty) || qty < 1 || !line)
        notify('That item could not be added to your cart.', 'error');
      else if (problem) notify(problem, 'error');
      else dispatch(lineAdded(line));
      navigate('/cart', { replace: true });
      return;
    }
    const size = lineSizeSchema.safeParse(searchParams.get('size') ?? 'NA');
    const option = lineOptionSchema.safeParse(searchParams.get('option') ?? 'NA');
    const problem =
      size.success && option.success
        ? lineQtyProblem(qty, stockFor(product.countInStock, size.data, option.data))
        : undefined;
    if (!Number.isSafeInteger(qty) || qty < 1 || !size.success || !option.success) {
      notify('That item could not be added to your cart.', 'error');
    } else if (problem) {
      notify(problem, 'error');
    } else {
      dispatch(
        lineAdded({
          product: product._id,
          name: product.name,
          image: product.image,
          imagesOptionA: product.imagesOptionA,
          imagesOptionB: product.imagesOptionB,
          price: product.price,
          countInStock: product.countInStock,
          qty,
          size: size.data,
          option: option.data,
          hasAandB: product.hasAandB,
          key: cartLineKey(product._id, option.data, size.data),
          handle: product.handle,
          ...(product.sale || product.variants.some((variant) => variant.sale)
            ? { onSale: true }
            : {}),
        }),
      );
    }
    navigate('/cart', { replace: true });
  }, [productId, product, error, searchParams, dispatch, navigate]);

  return Boolean(productId);
}
