import { useState } from 'react';
import type { KeyboardEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { fieldInputClass } from '../../../components/ui/field';
import { useGetAdminProductQuery, useGetAdminProductsQuery } from '../api/catalog-api';
import { useGetAdminCollectionsQuery } from '../api/collections-api';

type DiscountTargetsProps = {
  /** The group's id: an error about the choice focuses its first control. */
  id: string;
  productIds: string[];
  variantIds: string[];
  collectionIds: string[];
  /** The saved discount's names of its variants ('Field Shirt — Clay / L'). */
  variantNames: Record<string, string>;
  onProducts: (ids: string[]) => void;
  onVariants: (ids: string[]) => void;
  onCollections: (ids: string[]) => void;
  error?: string | undefined;
};

const checkboxClass = 'size-4 shrink-0 accent-terracotta-700';
const optionClass = 'flex min-h-10 cursor-pointer items-center gap-3 text-sm';

const toggle = (ids: string[], id: string, on: boolean) =>
  on ? [...ids, id] : ids.filter((other) => other !== id);

/** One thing the discount may be for, as a box: ticked while `chosen` holds its id. */
function TargetBox({
  id,
  label,
  chosen,
  onChosen,
}: {
  id: string;
  label: string;
  chosen: string[];
  onChosen: (ids: string[]) => void;
}) {
  return (
    <label className={optionClass}>
      <input
        type="checkbox"
        value={id}
        className={checkboxClass}
        checked={chosen.includes(id)}
        onChange={(event) => onChosen(toggle(chosen, id, event.target.checked))}
      />
      <span className="break-all">{label}</span>
    </label>
  );
}

/** A chosen product or variant, with the button that takes it off the discount. */
function Chosen({ name, onRemove }: { name: string; onRemove: () => void }) {
  return (
    <li className="flex items-center gap-2 rounded-full bg-sand-100 py-1 pr-1 pl-3 text-sm">
      <span className="break-all">{name}</span>
      <Button variant="ghost" size="sm" onClick={onRemove} aria-label={`Remove ${name}`}>
        Remove
      </Button>
    </li>
  );
}

/** A chosen product's name, asked for when the search results do not list it. */
function ChosenProduct({
  id,
  known,
  onRemove,
}: {
  id: string;
  known: string | undefined;
  onRemove: () => void;
}) {
  const { data } = useGetAdminProductQuery(id, { skip: known !== undefined });
  return <Chosen name={known ?? data?.name ?? 'Product'} onRemove={onRemove} />;
}

/**
 * Some variants of a found product, chosen by box: its variants are asked for once the owner opens
 * the list. `onName` learns each chosen one's name for the chips above.
 */
function ProductVariants({
  product,
  variantIds,
  onVariants,
  onName,
}: {
  product: { _id: string; name: string };
  variantIds: string[];
  onVariants: (ids: string[]) => void;
  onName: (id: string, name: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const { data, isFetching } = useGetAdminProductQuery(product._id, { skip: !open });
  const withOptions = data?.variants.filter((variant) => variant.title !== '') ?? [];
  return (
    <details
      className="pb-2 pl-7 text-sm"
      onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}
    >
      <summary className="cursor-pointer text-ink-muted underline-offset-2 hover:underline">
        Only some variants<span className="sr-only"> of {product.name}</span>
      </summary>
      {isFetching && <p className="py-1 text-ink-muted">Loading variants…</p>}
      {data && withOptions.length === 0 && (
        <p className="py-1 text-ink-muted">This product has no options.</p>
      )}
      {withOptions.length > 0 && (
        <fieldset className="flex flex-col">
          <legend className="sr-only">Variants of {product.name}</legend>
          {withOptions.map((variant) => (
            <TargetBox
              key={variant.variant}
              id={variant.variant}
              label={variant.title}
              chosen={variantIds}
              onChosen={(ids) => {
                onName(variant.variant, `${product.name} — ${variant.title}`);
                onVariants(ids);
              }}
            />
          ))}
        </fieldset>
      )}
    </details>
  );
}

/**
 * The products, variants and collections a discount applies to: collections by box, products by
 * search, and a found product's variants by box under it.
 */
export function DiscountTargets({
  id,
  productIds,
  variantIds,
  collectionIds,
  variantNames,
  onProducts,
  onVariants,
  onCollections,
  error,
}: DiscountTargetsProps) {
  const [typed, setTyped] = useState('');
  const [namesChosenHere, setNamesChosenHere] = useState<Record<string, string>>({});
  const variantName = (variantId: string) =>
    namesChosenHere[variantId] ?? variantNames[variantId] ?? 'A variant no longer sold';
  const [q, setQ] = useState('');
  const collections = useGetAdminCollectionsQuery();
  const products = useGetAdminProductsQuery({ q: q || undefined, page: 1 });
  const names = new Map(products.data?.products.map((p) => [p._id, p.name]));
  const search = () => setQ(typed.trim());
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter searches here rather than saving the discount.
    if (event.key === 'Enter') {
      event.preventDefault();
      search();
    }
  };

  return (
    <div
      id={id}
      className="flex flex-col gap-4 rounded-xl bg-sand-50 p-4"
      aria-describedby={error ? `${id}-error` : undefined}
    >
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-2 text-sm font-semibold">Collections</legend>
        {collections.isLoading && <p className="text-sm text-ink-muted">Loading collections…</p>}
        {collections.data?.collections.length === 0 && (
          <p className="text-sm text-ink-muted">The shop has no collections.</p>
        )}
        <div className="grid gap-x-4 sm:grid-cols-2">
          {collections.data?.collections.map((collection) => (
            <TargetBox
              key={collection._id}
              id={collection._id}
              label={collection.name}
              chosen={collectionIds}
              onChosen={onCollections}
            />
          ))}
        </div>
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-semibold">Products</legend>
        {productIds.length > 0 && (
          <ul aria-label="Chosen products" className="flex flex-wrap gap-2">
            {productIds.map((productId) => (
              <ChosenProduct
                key={productId}
                id={productId}
                known={names.get(productId)}
                onRemove={() => onProducts(productIds.filter((other) => other !== productId))}
              />
            ))}
          </ul>
        )}
        {variantIds.length > 0 && (
          <ul aria-label="Chosen variants" className="flex flex-wrap gap-2">
            {variantIds.map((variantId) => (
              <Chosen
                key={variantId}
                name={variantName(variantId)}
                onRemove={() => onVariants(variantIds.filter((other) => other !== variantId))}
              />
            ))}
          </ul>
        )}
        <div className="flex flex-wrap items-end gap-2">
          <label className="flex min-w-48 flex-1 flex-col gap-1.5 text-sm font-semibold">
            Find products
            <input
              type="search"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              onKeyDown={onKeyDown}
              className={fieldInputClass}
            />
          </label>
          <Button variant="secondary" onClick={search}>
            Search
          </Button>
        </div>
        <p role="status" className="text-sm text-ink-muted empty:hidden">
          {products.isFetching ? 'Finding products…' : ''}
        </p>
        {products.data?.products.length === 0 && (
          <p className="text-sm text-ink-muted">No products match.</p>
        )}
        <div
          aria-label="Products found"
          role="group"
          className="grid max-h-80 gap-x-4 overflow-y-auto rounded-lg border border-sand-200 bg-white px-3 sm:grid-cols-2"
        >
          {products.data?.products.map((product) => (
            <div key={product._id}>
              <TargetBox
                id={product._id}
                label={product.name}
                chosen={productIds}
                onChosen={onProducts}
              />
              {!productIds.includes(product._id) && (
                <ProductVariants
                  product={product}
                  variantIds={variantIds}
                  onVariants={onVariants}
                  onName={(variantId, name) =>
                    setNamesChosenHere((known) => ({ ...known, [variantId]: name }))
                  }
                />
              )}
            </div>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
