import { useEffect, useId, useReducer, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import {
  DEFAULT_LOW_STOCK_THRESHOLD,
  stockThresholdRequestSchema,
} from '@shop/shared/admin-catalog';
import type { AdminProduct } from '@shop/shared/admin-catalog';
import { productVariantsWriteSchema } from '@shop/shared/admin-variants';
import type { AdminVariant, ProductVariantsResponse } from '@shop/shared/admin-variants';
import { errorBodySchema } from '@shop/shared/catalog';
import { MAX_OPTIONS } from '@shop/shared/catalog-constants';
import { Button } from '../../../components/ui/button';
import { fieldInputClass } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-error';
import { useSetStockThresholdMutation } from '../api/catalog-api';
import { useGetProductVariantsQuery, useSetProductVariantsMutation } from '../api/variants-api';
import { QueryState } from '../components/query-state';
import { AdjustStockDialog } from './adjust-stock-dialog';
import {
  answeredVariant,
  combinationsOf,
  draftOf,
  draftReducer,
  writeOf,
  type Combination,
  type DraftRow,
} from './variants-draft';

const THRESHOLD = DEFAULT_LOW_STOCK_THRESHOLD;
const smallInput = fieldInputClass.replace('py-2.5', 'py-1.5');
/** Fixed widths in the grid (it scrolls in its box rather than squeeze them). */
const gridInput = smallInput.replace('w-full', '').replace('px-4', 'px-3');
const cell = 'px-2 py-2 align-top whitespace-nowrap';
const headCell = 'px-2 py-2 text-left font-semibold';

/** The grid's text fields, their column heading and how a row names them. */
const ROW_FIELDS = [
  { field: 'sku', heading: 'SKU', label: 'SKU', width: 'w-32', numeric: false },
  { field: 'price', heading: 'Price ($)', label: 'Price', width: 'w-24', numeric: true },
  {
    field: 'compareAt',
    heading: 'Compare-at ($)',
    label: 'Compare-at price',
    width: 'w-24',
    numeric: true,
  },
  { field: 'barcode', heading: 'Barcode', label: 'Barcode', width: 'w-32', numeric: false },
  {
    field: 'weight',
    heading: 'Weight (g)',
    label: 'Weight in grams',
    width: 'w-20',
    numeric: true,
  },
] as const;
type RowField = (typeof ROW_FIELDS)[number]['field'] | 'threshold';

/** The API's field of a variant, as the grid names it. */
const GRID_FIELD: Record<string, RowField> = {
  sku: 'sku',
  price: 'price',
  compareAtPrice: 'compareAt',
  barcode: 'barcode',
  weightGrams: 'weight',
};

/** Where a problem shows: by an option, by a grid cell, or by the save button. */
type Problem = {
  message: string;
  option?: number;
  /** The id of the input to mark and focus. */
  input?: string;
};

/** A page's worth of ids for the section's inputs. */
const ids = (base: string) => ({
  optionName: (o: number) => `${base}-option-${o}`,
  value: (o: number, v: number) => `${base}-option-${o}-value-${v}`,
  moveOption: (o: number, by: -1 | 1) => `${base}-option-${o}-move-${by}`,
  moveValue: (o: number, v: number, by: -1 | 1) => `${base}-option-${o}-value-${v}-move-${by}`,
  addOption: `${base}-add-option`,
  cell: (line: string, field: RowField | 'offered') => `${base}-${line}-${field}`,
});

/** Moves the focus once React has drawn what changed (a moved, added or removed control). */
const focusSoon = (target: string) =>
  requestAnimationFrame(() => document.getElementById(target)?.focus());

/** The move button to focus after a move: the same way, or back when it reached the end. */
const moveTarget = (to: number, by: -1 | 1, count: number): -1 | 1 =>
  (by === -1 && to === 0) || (by === 1 && to === count - 1) ? (by === -1 ? 1 : -1) : by;

/** The options and variants of a product, read and written whole (decision 036). */
export function VariantsSection({ product }: { product: AdminProduct }) {
  const { data, isLoading, error, refetch } = useGetProductVariantsQuery(product._id);
  return (
    <section
      aria-labelledby="product-variants"
      className="flex min-w-0 flex-col gap-4 rounded-2xl border border-sand-200 bg-white p-5"
    >
      <div>
        <h2 id="product-variants" className="text-xl font-semibold">
          Options and variants
        </h2>
        <p className="mt-1 text-sm text-ink-muted">
          Up to {MAX_OPTIONS} options (Colour, Size…), each with its values. Every combination is a
          variant with its own SKU, price and stock; untick “Offered” for one the shop does not
          sell. An empty price is the product’s price.
        </p>
      </div>
      <QueryState
        isLoading={isLoading}
        error={error}
        loadingLabel="Loading the variants…"
        onRetry={refetch}
      >
        {data && <VariantsEditor product={product} data={data} />}
      </QueryState>
    </section>
  );
}

/** What, when the API's answer changes it, the draft is read again from (not stock levels). */
const signatureOf = (data: ProductVariantsResponse) =>
  JSON.stringify([data.options, data.variants.map((variant) => variant._id)]);

function VariantsEditor({
  product,
  data,
}: {
  product: AdminProduct;
  data: ProductVariantsResponse;
}) {
  const base = useId();
  const id = ids(base);
  const [draft, dispatch] = useReducer(draftReducer, data, (first) => draftOf(first, THRESHOLD));
  const read = useRef(signatureOf(data));
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [bulkPrice, setBulkPrice] = useState('');
  const [bulkThreshold, setBulkThreshold] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [notice, setNotice] = useState('');
  const [saveVariants, { isLoading: saving }] = useSetProductVariantsMutation();
  const [setThreshold, { isLoading: savingThresholds }] = useSetStockThresholdMutation();
  const busy = saving || savingThresholds;

  // Another write changed the options (the product form's sizes or options A and B): read again.
  useEffect(() => {
    const signature = signatureOf(data);
    if (signature === read.current) return;
    read.current = signature;
    dispatch({ type: 'reset', draft: draftOf(data, THRESHOLD) });
    setSelected(new Set());
  }, [data]);

  const lines = combinationsOf(draft, THRESHOLD);
  const offered = lines.filter((line) => line.row.offered);
  const chosen = lines.filter((line) => selected.has(line.key));
  const nameOf = (line: Combination) => line.title || product.name;
  const stockOf = (line: Combination): AdminVariant | undefined =>
    line.row.id ? data.variants.find((variant) => variant._id === line.row.id) : undefined;

  const changed = () => {
    setNotice('');
    setProblem(null);
  };
  const setRow = (key: string, row: Partial<DraftRow>) => {
    changed();
    dispatch({ type: 'setRow', key, row, threshold: THRESHOLD });
  };

  /** Shows a problem where it belongs and takes the focus to the field it is about. */
  const show = (found: Problem) => {
    setProblem(found);
    if (found.input) document.getElementById(found.input)?.focus();
  };

  /** A problem at a path of the request (the schema's issue or the API's `errors[].path`). */
  const problemAt = (path: readonly PropertyKey[], message: string, sent: Combination[]) => {
    const [area, index, field, valueIndex] = path;
    if (area === 'options' && typeof index === 'number') {
      const input =
        field === 'values' && typeof valueIndex === 'number'
          ? id.value(index, valueIndex)
          : field === 'name'
            ? id.optionName(index)
            : undefined;
      return { message, option: index, input };
    }
    if (area === 'variants' && typeof index === 'number') {
      const line = sent[index];
      const gridField = typeof field === 'string' ? GRID_FIELD[field] : undefined;
      return { message, input: line && gridField ? id.cell(line.key, gridField) : undefined };
    }
    return { message };
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setNotice('');
    const { write, lines: sent } = writeOf(draft, THRESHOLD);
    const parsed = productVariantsWriteSchema.safeParse(write);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      show(problemAt(issue?.path ?? [], issue?.message ?? 'Please check the variants', sent));
      return;
    }
    const badThreshold = sent.find((line) => !/^\d{1,6}$/.test(line.row.threshold.trim()));
    if (badThreshold) {
      show({
        message: `Low-stock threshold of ${nameOf(badThreshold)} must be a whole number, 0 or more`,
        input: id.cell(badThreshold.key, 'threshold'),
      });
      return;
    }
    const result = await saveVariants({ id: product._id, write: parsed.data });
    if ('error' in result) {
      const data = result.error && 'data' in result.error ? result.error.data : undefined;
      const body = errorBodySchema.safeParse(data);
      const first = body.success ? body.data.errors?.[0] : undefined;
      show(
        first
          ? problemAt(
              first.path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
              first.message,
              sent,
            )
          : { message: errorMessage(result.error) },
      );
      return;
    }
    // Thresholds are the stock ledger's: written one by one through its own endpoint.
    const failures: string[] = [];
    const written = new Map<string, number>();
    for (const line of sent) {
      const variant = answeredVariant(result.data.variants, line.values);
      const threshold = Number(line.row.threshold.trim());
      if (!variant || variant.lowStockThreshold === threshold) continue;
      const answer = await setThreshold(
        stockThresholdRequestSchema.parse({
          product: product._id,
          variant: variant._id,
          threshold,
        }),
      );
      if ('error' in answer) failures.push(`${nameOf(line)}: ${errorMessage(answer.error)}`);
      else written.set(variant._id, answer.data.lowStockThreshold);
    }
    const answered = {
      ...result.data,
      variants: result.data.variants.map((variant) => ({
        ...variant,
        lowStockThreshold: written.get(variant._id) ?? variant.lowStockThreshold,
      })),
    };
    read.current = signatureOf(answered);
    dispatch({ type: 'reset', draft: draftOf(answered, THRESHOLD) });
    setSelected(new Set());
    if (failures.length)
      show({ message: `Saved, but not every threshold: ${failures.join('; ')}` });
    else setNotice(`Saved: ${result.data.variants.length} variants of ${product.name}`);
  };

  const applyBulk = (row: Partial<DraftRow>) => {
    changed();
    dispatch({ type: 'setRows', keys: chosen.map((line) => line.key), row, threshold: THRESHOLD });
  };

  const problemId = `${base}-problem`;
  const invalid = (input: string) =>
    problem?.input === input
      ? { 'aria-invalid': true as const, 'aria-describedby': problemId }
      : {};

  return (
    <form
      noValidate
      onSubmit={save}
      aria-label="Options and variants"
      className="flex flex-col gap-5"
    >
      <div className="flex flex-col gap-4">
        <h3 className="text-lg font-semibold">Options</h3>
        {draft.options.length === 0 && (
          <p className="text-sm text-ink-muted">No options: the product is sold as one variant.</p>
        )}
        <ol className="grid gap-4 lg:grid-cols-3">
          {draft.options.map((option, o) => {
            const optionName = option.name.trim() || `option ${o + 1}`;
            return (
              <li key={option.key}>
                <fieldset className="flex flex-col gap-3 rounded-xl border border-sand-300 p-4">
                  <legend className="px-1 text-sm font-semibold">Option {o + 1}</legend>
                  <div className="flex flex-col gap-1.5">
                    <label htmlFor={id.optionName(o)} className="text-sm font-semibold">
                      Name of option {o + 1}
                    </label>
                    <input
                      id={id.optionName(o)}
                      value={option.name}
                      autoComplete="off"
                      maxLength={50}
                      placeholder="Colour"
                      onChange={(event) => {
                        changed();
                        dispatch({ type: 'renameOption', option: o, name: event.target.value });
                      }}
                      className={smallInput}
                      {...invalid(id.optionName(o))}
                    />
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Move ${optionName} up`}
                      disabled={o === 0}
                      id={id.moveOption(o, -1)}
                      onClick={() => {
                        changed();
                        dispatch({ type: 'moveOption', option: o, by: -1 });
                        const to = o + -1;
                        focusSoon(id.moveOption(to, moveTarget(to, -1, draft.options.length)));
                      }}
                    >
                      ↑ Up
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Move ${optionName} down`}
                      disabled={o === draft.options.length - 1}
                      id={id.moveOption(o, 1)}
                      onClick={() => {
                        changed();
                        dispatch({ type: 'moveOption', option: o, by: 1 });
                        const to = o + 1;
                        focusSoon(id.moveOption(to, moveTarget(to, 1, draft.options.length)));
                      }}
                    >
                      ↓ Down
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Remove option ${optionName}`}
                      onClick={() => {
                        changed();
                        dispatch({ type: 'removeOption', option: o });
                        focusSoon(id.addOption);
                      }}
                    >
                      Remove
                    </Button>
                  </div>
                  <fieldset className="flex flex-col gap-2">
                    <legend className="mb-1 text-sm font-semibold">Values of {optionName}</legend>
                    {option.values.map((value, v) => {
                      const valueName = value.name.trim() || `value ${v + 1}`;
                      return (
                        <div key={value.key} className="flex items-center gap-1">
                          <input
                            id={id.value(o, v)}
                            aria-label={`Value ${v + 1} of ${optionName}`}
                            value={value.name}
                            autoComplete="off"
                            maxLength={50}
                            onChange={(event) => {
                              changed();
                              dispatch({
                                type: 'renameValue',
                                option: o,
                                value: v,
                                name: event.target.value,
                              });
                            }}
                            className={`${smallInput} min-w-0 flex-1`}
                            {...invalid(id.value(o, v))}
                          />
                          <IconButton
                            label={`Move ${valueName} up`}
                            disabled={v === 0}
                            id={id.moveValue(o, v, -1)}
                            onClick={() => {
                              changed();
                              dispatch({ type: 'moveValue', option: o, value: v, by: -1 });
                              const to = v + -1;
                              focusSoon(
                                id.moveValue(o, to, moveTarget(to, -1, option.values.length)),
                              );
                            }}
                          >
                            ↑
                          </IconButton>
                          <IconButton
                            label={`Move ${valueName} down`}
                            disabled={v === option.values.length - 1}
                            id={id.moveValue(o, v, 1)}
                            onClick={() => {
                              changed();
                              dispatch({ type: 'moveValue', option: o, value: v, by: 1 });
                              const to = v + 1;
                              focusSoon(
                                id.moveValue(o, to, moveTarget(to, 1, option.values.length)),
                              );
                            }}
                          >
                            ↓
                          </IconButton>
                          <IconButton
                            label={`Remove ${valueName} from ${optionName}`}
                            disabled={option.values.length === 1}
                            onClick={() => {
                              changed();
                              dispatch({ type: 'removeValue', option: o, value: v });
                              focusSoon(id.value(o, Math.max(0, v - 1)));
                            }}
                          >
                            ×
                          </IconButton>
                        </div>
                      );
                    })}
                  </fieldset>
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => {
                      changed();
                      dispatch({ type: 'addValue', option: o });
                      // The new value's field takes the focus once it is drawn.
                      focusSoon(id.value(o, option.values.length));
                    }}
                  >
                    Add a value to {optionName}
                  </Button>
                  {problem?.option === o && (
                    <p id={problemId} role="alert" className="text-sm font-semibold text-danger">
                      {problem.message}
                    </p>
                  )}
                </fieldset>
              </li>
            );
          })}
        </ol>
        {draft.options.length < MAX_OPTIONS ? (
          <Button
            variant="secondary"
            size="sm"
            id={id.addOption}
            className="self-start"
            onClick={() => {
              changed();
              dispatch({ type: 'addOption' });
              focusSoon(id.optionName(draft.options.length));
            }}
          >
            Add an option
          </Button>
        ) : (
          <p className="text-sm text-ink-muted">A product has at most {MAX_OPTIONS} options.</p>
        )}
      </div>

      <div className="flex min-w-0 flex-col gap-3">
        <h3 className="text-lg font-semibold">
          Variants{' '}
          <span className="text-sm font-normal text-ink-muted">
            ({offered.length} of {lines.length} offered)
          </span>
        </h3>
        <fieldset className="flex flex-wrap items-end gap-3 rounded-xl bg-sand-100 p-3">
          <legend className="sr-only">Change the selected variants</legend>
          <p className="w-full text-sm" aria-live="polite">
            {chosen.length
              ? `${chosen.length} selected: set their price or threshold at once.`
              : 'Select variants to set their price or threshold at once.'}
          </p>
          <BulkField
            id={`${base}-bulk-price`}
            label="Price of the selected ($)"
            value={bulkPrice}
            onChange={setBulkPrice}
            disabled={!chosen.length}
            onApply={() => applyBulk({ price: bulkPrice.trim() })}
            applyLabel="Set price"
          />
          <BulkField
            id={`${base}-bulk-threshold`}
            label="Threshold of the selected"
            value={bulkThreshold}
            onChange={setBulkThreshold}
            disabled={!chosen.length}
            onApply={() => applyBulk({ threshold: bulkThreshold.trim() })}
            applyLabel="Set threshold"
          />
        </fieldset>
        <div
          // Focusable so that keyboard users can scroll the grid wider than the screen.
          tabIndex={0}
          role="region"
          aria-label={`Variants of ${product.name}`}
          className="max-w-full overflow-x-auto rounded-xl border border-sand-200"
        >
          <table className="w-full min-w-max text-sm">
            <caption className="sr-only">Variants of {product.name}</caption>
            <thead className="bg-sand-100 text-xs tracking-wider text-ink-muted uppercase">
              <tr>
                <th scope="col" className={headCell}>
                  <input
                    type="checkbox"
                    aria-label="Select every variant"
                    checked={lines.length > 0 && chosen.length === lines.length}
                    onChange={(event) =>
                      setSelected(
                        new Set(event.target.checked ? lines.map((line) => line.key) : []),
                      )
                    }
                    className="size-5 accent-terracotta-700"
                  />
                </th>
                <th scope="col" className={headCell}>
                  Offered
                </th>
                <th scope="col" className={headCell}>
                  Variant
                </th>
                {ROW_FIELDS.map((column) => (
                  <th key={column.field} scope="col" className={headCell}>
                    {column.heading}
                  </th>
                ))}
                <th scope="col" className={headCell}>
                  On hand
                </th>
                <th scope="col" className={headCell}>
                  Low-stock threshold
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-sand-200">
              {lines.map((line) => {
                const name = nameOf(line);
                const stock = stockOf(line);
                return (
                  <tr
                    key={line.key}
                    className={line.row.offered ? '' : 'bg-sand-50 text-ink-muted'}
                  >
                    <td className={cell}>
                      <input
                        type="checkbox"
                        aria-label={`Select ${name}`}
                        checked={selected.has(line.key)}
                        onChange={(event) => {
                          const next = new Set(selected);
                          if (event.target.checked) next.add(line.key);
                          else next.delete(line.key);
                          setSelected(next);
                        }}
                        className="size-5 accent-terracotta-700"
                      />
                    </td>
                    <td className={cell}>
                      <input
                        id={id.cell(line.key, 'offered')}
                        type="checkbox"
                        aria-label={`Offer ${name}`}
                        checked={line.row.offered}
                        onChange={(event) => setRow(line.key, { offered: event.target.checked })}
                        className="size-5 accent-terracotta-700"
                      />
                    </td>
                    <th scope="row" className={`${cell} text-left font-semibold`}>
                      {line.title || 'One variant'}
                      {!line.row.offered && (
                        <span className="block text-xs font-normal">Not offered</span>
                      )}
                    </th>
                    {ROW_FIELDS.map((column) => {
                      const input = id.cell(line.key, column.field);
                      return (
                        <td key={column.field} className={cell}>
                          <input
                            id={input}
                            aria-label={`${column.label} of ${name}`}
                            value={line.row[column.field]}
                            autoComplete="off"
                            inputMode={
                              column.field === 'weight'
                                ? 'numeric'
                                : column.numeric
                                  ? 'decimal'
                                  : 'text'
                            }
                            placeholder={
                              column.field === 'price' ? product.price.toFixed(2) : undefined
                            }
                            disabled={!line.row.offered}
                            onChange={(event) =>
                              setRow(line.key, { [column.field]: event.target.value })
                            }
                            className={`${gridInput} ${column.width} ${column.numeric ? 'text-right tabular-nums' : ''}`}
                            {...invalid(input)}
                          />
                        </td>
                      );
                    })}
                    <td className={`${cell} tabular-nums`}>
                      {stock ? (
                        <div className="flex items-center gap-2">
                          <span className="w-8 text-right">{stock.onHand}</span>
                          <AdjustStockDialog
                            productId={product._id}
                            productName={product.name}
                            variant={{
                              variant: stock._id,
                              title: stock.title,
                              onHand: stock.onHand,
                              held: stock.held,
                              available: stock.available,
                            }}
                          />
                        </div>
                      ) : (
                        <span className="text-xs">
                          {line.row.offered ? 'Save to add stock' : '—'}
                        </span>
                      )}
                    </td>
                    <td className={cell}>
                      <input
                        id={id.cell(line.key, 'threshold')}
                        aria-label={`Threshold of ${name}`}
                        value={line.row.threshold}
                        inputMode="numeric"
                        autoComplete="off"
                        disabled={!line.row.offered}
                        onChange={(event) => setRow(line.key, { threshold: event.target.value })}
                        className={`${gridInput} w-20 text-right tabular-nums`}
                        {...invalid(id.cell(line.key, 'threshold'))}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </div>

      <div className="flex flex-col gap-2">
        {problem && problem.option === undefined && (
          <p id={problemId} role="alert" className="text-sm font-semibold text-danger">
            {problem.message}
          </p>
        )}
        <div className="flex flex-wrap items-center gap-4">
          <Button type="submit" aria-disabled={busy || undefined}>
            {busy ? 'Saving…' : 'Save options and variants'}
          </Button>
          <p role="status" className="text-sm font-semibold text-success">
            {notice}
          </p>
        </div>
      </div>
    </form>
  );
}

function IconButton({
  id,
  label,
  disabled,
  onClick,
  children,
}: {
  id?: string;
  label: string;
  disabled: boolean;
  onClick: () => void;
  children: string;
}) {
  return (
    <button
      id={id}
      type="button"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
      className="inline-flex size-9 shrink-0 items-center justify-center rounded-full text-base text-ink hover:bg-sand-200 disabled:opacity-40"
    >
      <span aria-hidden="true">{children}</span>
    </button>
  );
}

function BulkField({
  id,
  label,
  value,
  onChange,
  disabled,
  onApply,
  applyLabel,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  onApply: () => void;
  applyLabel: string;
}) {
  return (
    <div className="flex items-end gap-2">
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-semibold">
          {label}
        </label>
        <input
          id={id}
          value={value}
          inputMode="decimal"
          autoComplete="off"
          onChange={(event) => onChange(event.target.value)}
          className={`${gridInput} w-28 text-right tabular-nums`}
        />
      </div>
      <Button
        variant="secondary"
        size="sm"
        aria-disabled={disabled || undefined}
        onClick={() => !disabled && onApply()}
      >
        {applyLabel}
      </Button>
    </div>
  );
}
