import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import type { AdminCollection } from '@shop/shared/admin-collections';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { fieldInputClass } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-error';
import { useGetAdminProductsQuery } from '../api/catalog-api';
import { useSetCollectionProductsMutation } from '../api/collections-api';
import { dollars } from '../format';
import { ProductStatusBadge } from '../products/product-status-badge';

const smallButton =
  'inline-flex min-h-9 items-center rounded-full border border-sand-300 bg-white px-3 text-sm font-semibold text-ink hover:border-terracotta-700 hover:text-terracotta-700 aria-disabled:cursor-not-allowed aria-disabled:opacity-50';

function Thumbnail({ src }: { src: string }) {
  return src ? (
    <img
      src={src}
      alt=""
      width={40}
      height={40}
      loading="lazy"
      className="size-10 shrink-0 rounded-lg bg-sand-100 object-cover"
    />
  ) : (
    <span aria-hidden="true" className="size-10 shrink-0 rounded-lg bg-sand-100" />
  );
}

/**
 * A collection's products in their order: move up or down, remove, and add found by name. Each
 * change is saved at once (and audited); the focus stays on the control that was used, or the
 * nearest one left, and a live region says what happened.
 */
export function CollectionProducts({ collection }: { collection: AdminCollection }) {
  const id = useId();
  const [setProducts, { isLoading: saving }] = useSetCollectionProductsMutation();
  const [said, setSaid] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const focusAfter = useRef<string | null>(null);
  const products = collection.products;
  const ids = products.map((product) => product._id);

  useEffect(() => {
    if (!focusAfter.current) return;
    document.getElementById(focusAfter.current)?.focus();
    focusAfter.current = null;
  }, [collection]);

  const save = async (next: string[], message: string, focusId: string | null) => {
    if (saving) return;
    setProblem(null);
    // Set before the request: the stored collection replaces this one as the answer arrives.
    focusAfter.current = focusId;
    const result = await setProducts({ id: collection._id, productIds: next });
    if ('error' in result) {
      focusAfter.current = null;
      setProblem(errorMessage(result.error));
      return;
    }
    setSaid(message);
  };

  const move = (index: number, by: -1 | 1) => {
    const product = products[index]!;
    const next = [...ids];
    next.splice(index, 1);
    next.splice(index + by, 0, product._id);
    const to = index + by;
    // At the end it moved to, the button it was moved with is disabled: take the other one.
    const edge = (by === -1 && to === 0) || (by === 1 && to === ids.length - 1);
    const direction = by === -1 ? (edge ? 'down' : 'up') : edge ? 'up' : 'down';
    void save(
      next,
      `${product.name} moved to position ${to + 1} of ${ids.length}`,
      `${id}-${product._id}-${direction}`,
    );
  };

  const remove = (index: number) => {
    const product = products[index]!;
    const neighbour = products[index + 1] ?? products[index - 1];
    void save(
      ids.filter((other) => other !== product._id),
      `${product.name} removed from the collection`,
      neighbour ? `${id}-${neighbour._id}-remove` : `${id}-search`,
    );
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-4 rounded-2xl border border-sand-200 bg-white p-5"
    >
      <div>
        <h2 id={`${id}-title`} className="text-xl font-semibold">
          Products
        </h2>
        <p className="mt-1 text-sm text-ink-muted">
          Shown in this order in the shop; drafts and archived products stay here but shoppers do
          not see them.
        </p>
      </div>
      {problem && <Alert variant="danger">{problem}</Alert>}
      <p role="status" aria-live="polite" className="sr-only">
        {said}
      </p>
      {products.length === 0 ? (
        <p className="text-sm text-ink-muted">No products yet: add some below.</p>
      ) : (
        <ol aria-label="Products in this collection" className="flex flex-col gap-2">
          {products.map((product, index) => (
            <li
              key={product._id}
              className="flex flex-wrap items-center gap-3 rounded-xl border border-sand-200 p-2"
            >
              <span className="w-6 text-right text-sm text-ink-muted tabular-nums">
                {index + 1}.
              </span>
              <Thumbnail src={product.image} />
              <span className="flex min-w-32 flex-1 flex-col">
                <span className="font-semibold">{product.name}</span>
                <span className="text-xs text-ink-muted">{dollars(product.price)}</span>
              </span>
              {product.status !== 'published' && (
                <ProductStatusBadge status={product.status as 'draft' | 'archived'} />
              )}
              <span className="flex gap-1">
                <button
                  type="button"
                  id={`${id}-${product._id}-up`}
                  className={smallButton}
                  aria-label={`Move ${product.name} up`}
                  aria-disabled={index === 0 || saving || undefined}
                  onClick={() => index > 0 && move(index, -1)}
                >
                  Up
                </button>
                <button
                  type="button"
                  id={`${id}-${product._id}-down`}
                  className={smallButton}
                  aria-label={`Move ${product.name} down`}
                  aria-disabled={index === products.length - 1 || saving || undefined}
                  onClick={() => index < products.length - 1 && move(index, 1)}
                >
                  Down
                </button>
                <button
                  type="button"
                  id={`${id}-${product._id}-remove`}
                  className={smallButton}
                  aria-label={`Remove ${product.name}`}
                  aria-disabled={saving || undefined}
                  onClick={() => remove(index)}
                >
                  Remove
                </button>
              </span>
            </li>
          ))}
        </ol>
      )}
      <AddProducts
        searchId={`${id}-search`}
        search={search}
        onSearch={setSearch}
        inCollection={new Set(ids)}
        busy={saving}
        onAdd={(product) =>
          void save(
            [...ids, product._id],
            `${product.name} added as number ${ids.length + 1}`,
            `${id}-search`,
          )
        }
      />
    </section>
  );
}

type AddProductsProps = {
  searchId: string;
  search: string;
  onSearch: (q: string) => void;
  inCollection: Set<string>;
  busy: boolean;
  onAdd: (product: { _id: string; name: string }) => void;
};

/** Products found by name (or handle), each with Add; the ones already in say so. */
function AddProducts({ searchId, search, onSearch, inCollection, busy, onAdd }: AddProductsProps) {
  const { data, isFetching, error } = useGetAdminProductsQuery(
    { q: search || undefined, page: 1 },
    { skip: !search },
  );
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('q');
    onSearch(typeof value === 'string' ? value.trim() : '');
  };
  return (
    <div className="flex flex-col gap-3 border-t border-sand-200 pt-4">
      <form role="search" aria-label="Find products to add" onSubmit={submit}>
        <label htmlFor={searchId} className="text-sm font-semibold">
          Find products to add
        </label>
        <div className="mt-1.5 flex gap-2">
          <input
            id={searchId}
            name="q"
            type="search"
            defaultValue={search}
            autoComplete="off"
            className={`${fieldInputClass} min-w-0 flex-1`}
          />
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </div>
      </form>
      {error && <Alert variant="danger">{errorMessage(error)}</Alert>}
      {search && data && (
        <div aria-busy={isFetching || undefined}>
          {data.products.length === 0 ? (
            <p className="text-sm text-ink-muted">No product matches “{search}”.</p>
          ) : (
            <ul aria-label="Products found" className="flex flex-col gap-2">
              {data.products.map((product) => {
                const added = inCollection.has(product._id);
                return (
                  <li
                    key={product._id}
                    className="flex flex-wrap items-center gap-3 rounded-xl border border-sand-200 p-2"
                  >
                    <Thumbnail src={product.image} />
                    <span className="flex min-w-32 flex-1 flex-col">
                      <span className="font-semibold">{product.name}</span>
                      <span className="font-mono text-xs text-ink-muted">{product.handle}</span>
                    </span>
                    {added ? (
                      <span className="text-sm text-ink-muted">In the collection</span>
                    ) : (
                      <button
                        type="button"
                        className={smallButton}
                        aria-label={`Add ${product.name}`}
                        aria-disabled={busy || undefined}
                        onClick={() => !busy && onAdd(product)}
                      >
                        Add
                      </button>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
