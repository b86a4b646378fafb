import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { stockThresholdRequestSchema } from '@shop/shared/admin-catalog';
import type { AdminProduct, VariantStock } from '@shop/shared/admin-catalog';
import { Button } from '../../../components/ui/button';
import { fieldInputClass } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-error';
import { useSetStockThresholdMutation } from '../api/catalog-api';
import { variantName } from '../catalog-format';
import { AdminTable, cellClass } from '../components/admin-table';
import { AdjustStockDialog } from './adjust-stock-dialog';

const numberCell = `${cellClass} text-right tabular-nums`;

/** A variant's low-stock threshold, saved on its own (PUT /api/admin/stock/threshold). */
function ThresholdForm({
  productId,
  variant,
  onSaved,
}: {
  productId: string;
  variant: VariantStock;
  onSaved: (text: string) => void;
}) {
  const id = useId();
  const [setThreshold, { isLoading }] = useSetStockThresholdMutation();
  const [value, setValue] = useState(String(variant.lowStockThreshold));
  const [problem, setProblem] = useState<string | null>(null);
  const name = variantName(variant);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    const parsed = stockThresholdRequestSchema.safeParse({
      product: productId,
      variant: variant.variant,
      threshold: /^\d+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN,
    });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Please check the threshold');
      return;
    }
    const result = await setThreshold(parsed.data);
    if ('error' in result) {
      setProblem(errorMessage(result.error));
      return;
    }
    setProblem(null);
    setValue(String(result.data.lowStockThreshold));
    onSaved(`Low-stock threshold of ${name} is now ${result.data.lowStockThreshold}`);
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-1">
      <div className="flex items-center gap-2">
        <input
          id={`${id}-threshold`}
          aria-label={`Low-stock threshold of ${name}`}
          inputMode="numeric"
          autoComplete="off"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : undefined}
          className={`${fieldInputClass.replace('w-full', 'w-20')} py-1.5 text-right tabular-nums`}
        />
        <Button
          type="submit"
          variant="ghost"
          size="sm"
          aria-label={`Save the threshold of ${name}`}
          aria-disabled={isLoading || undefined}
        >
          {isLoading ? 'Saving…' : 'Save'}
        </Button>
      </div>
      {problem && (
        <p id={`${id}-error`} role="alert" className="text-sm whitespace-normal text-danger">
          {problem}
        </p>
      )}
    </form>
  );
}

/** The product's variants: what is on hand, held and available, thresholds and adjustments. */
export function VariantStockTable({ product }: { product: AdminProduct }) {
  const [notice, setNotice] = useState('');
  return (
    <section
      aria-labelledby="variant-stock"
      className="flex flex-col gap-4 rounded-2xl border border-sand-200 bg-white p-5"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="variant-stock" className="text-xl font-semibold">
          Stock
        </h2>
        <Link
          to={`/admin/stock/movements?product=${encodeURIComponent(product._id)}`}
          className="text-sm font-semibold text-terracotta-700 underline underline-offset-4 hover:text-terracotta-800"
        >
          Movement history of this product
        </Link>
      </div>
      <p className="text-sm text-ink-muted">
        Held units are in open checkouts; available is on hand less held. When available falls below
        the threshold, the owners get an e-mail.
      </p>
      <AdminTable
        caption={`Stock of ${product.name}`}
        columns={['Variant', 'On hand', 'Held', 'Available', 'Low-stock threshold', 'Adjust']}
        rightAligned={['On hand', 'Held', 'Available']}
      >
        {product.variants.map((variant) => (
          <tr key={variant.variant}>
            <th scope="row" className={`${cellClass} font-semibold`}>
              {variantName(variant)}
            </th>
            <td className={numberCell}>{variant.onHand}</td>
            <td className={numberCell}>{variant.held}</td>
            <td className={numberCell}>
              {variant.available < variant.lowStockThreshold && (
                <span className="mr-2 rounded-full bg-danger-soft px-2 py-0.5 text-xs font-semibold text-danger">
                  Low
                </span>
              )}
              {variant.available}
            </td>
            <td className={`${cellClass} py-2`}>
              <ThresholdForm productId={product._id} variant={variant} onSaved={setNotice} />
            </td>
            <td className={cellClass}>
              <AdjustStockDialog
                productId={product._id}
                productName={product.name}
                variant={variant}
              />
            </td>
          </tr>
        ))}
      </AdminTable>
      <p role="status" className="text-sm font-semibold text-success">
        {notice}
      </p>
    </section>
  );
}
