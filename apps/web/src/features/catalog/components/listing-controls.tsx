import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import {
  FILTER_PARAMS,
  SORT_LABELS,
  isFiltered,
  priceParamOf,
  sortsOf,
  type FacetValue,
  type ListingFacets,
  type ListingFilters,
  type ListingKind,
} from '@shop/shared/listing';
import { useHydrated } from '../../../lib/use-hydrated';
import { listingSearchOf } from '../listing-address';

type ListingControlsProps = {
  kind: ListingKind;
  filters: ListingFilters;
  /** The listing's facets (its answer's); none yet while it loads. */
  facets: ListingFacets | undefined;
  /** The listing's first page, unfiltered: the form's action. */
  action: string;
  /** The listing's products and pager. */
  children: ReactNode;
};

const plural = (n: number) => `${n} ${n === 1 ? 'product' : 'products'}`;
const LG = '(min-width: 64rem)';

/**
 * A listing's sort and filters (issue 22, decision 057): a GET form, so that without JavaScript
 * choosing and pressing 'Show products' loads the filtered page; with it, every change applies at
 * once and the address keeps the choice. Beside the products on a wide screen; on a phone behind
 * a 'Filters' button, open as a sheet with the number of products on its button.
 */
export function ListingControls({ kind, filters, facets, action, children }: ListingControlsProps) {
  const formId = useId();
  const navigate = useNavigate();
  const details = useRef<HTMLDetailsElement>(null);
  const hydrated = useHydrated();
  const sorts = sortsOf(kind);
  // An address's key that names no option of these products is no filter (the API ignores it).
  const known = facets
    ? {
        ...filters,
        options: filters.options.filter((o) => facets.options.some((f) => f.param === o.param)),
      }
    : filters;
  const chosen = countChosen(known);
  const total = facets?.total;

  // A wide screen shows the filters open (CSS does where the browser lets it; this where not).
  useEffect(() => {
    if (details.current && window.matchMedia(LG).matches) details.current.open = true;
  }, []);

  const apply = () => {
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    const pairs: [string, string][] = [];
    for (const [key, value] of new FormData(form))
      if (typeof value === 'string' && value !== '' && !(key === 'sort' && value === sorts[0]))
        pairs.push([key, value]);
    navigate(`${action}${pairs.length ? `?${new URLSearchParams(pairs)}` : ''}`, {
      preventScrollReset: true,
    });
  };
  /** The phone's sheet closes, back to its button. */
  const close = () => {
    if (!details.current || window.matchMedia(LG).matches) return;
    details.current.open = false;
    details.current.querySelector('summary')?.focus();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply();
    close();
  };
  const closeOnEscape = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape' && details.current?.open) close();
  };

  return (
    <div className="lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10">
      <form
        id={formId}
        method="get"
        action={action}
        onChange={apply}
        onSubmit={submit}
        aria-label="Filters"
        className="mb-4 lg:mb-0"
      >
        <details ref={details} className="listing-filters" onKeyDown={closeOnEscape}>
          <summary className="inline-flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-full border-2 border-ink px-5 text-sm font-semibold uppercase tracking-wider">
            Filters{chosen ? ` (${chosen})` : ''}
          </summary>
          <div className="listing-filters-panel">
            <div className="mb-4 flex items-center justify-between gap-4 lg:sr-only">
              <h2 className="text-lg font-semibold">Filter products</h2>
              {hydrated ? (
                <button
                  type="button"
                  onClick={close}
                  className="min-h-11 rounded-full px-4 text-sm font-semibold underline lg:hidden"
                >
                  Close
                </button>
              ) : null}
            </div>
            {facets ? <FacetFields facets={facets} filters={filters} /> : null}
            <div className="listing-filters-footer mt-6 flex flex-wrap items-center gap-4">
              <button
                type="submit"
                className="inline-flex min-h-11 items-center rounded-full bg-terracotta-700 px-6 text-sm font-semibold uppercase tracking-wider text-sand-50 hover:bg-terracotta-800"
              >
                {total === undefined ? 'Show products' : `Show ${plural(total)}`}
              </button>
              {chosen ? (
                <a
                  href={`${action}${listingSearchOf({ ...EMPTY, sort: filters.sort }, sorts[0]!)}`}
                  className="font-semibold text-terracotta-700 underline"
                >
                  Clear filters
                </a>
              ) : null}
            </div>
          </div>
        </details>
      </form>
      <div>
        <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
          {/* Announced as it changes, not a status: a page's statuses are its loading notices. */}
          <p
            className="text-ink-muted"
            aria-live="polite"
            aria-atomic="true"
            data-testid="listing-count"
          >
            {total === undefined ? '' : plural(total)}
          </p>
          <div className="flex items-center gap-2">
            <label htmlFor={`${formId}-sort`} className="text-sm font-semibold">
              Sort by
            </label>
            <select
              id={`${formId}-sort`}
              name="sort"
              form={formId}
              // Outside the form in the page (beside the count): its change bubbles there, not to the form.
              onChange={apply}
              defaultValue={filters.sort && sorts.includes(filters.sort) ? filters.sort : sorts[0]}
              key={filters.sort ?? ''}
              className="min-h-11 rounded-lg border border-sand-300 bg-white px-3 text-sm"
            >
              {sorts.map((sort) => (
                <option key={sort} value={sort}>
                  {SORT_LABELS[sort]}
                </option>
              ))}
            </select>
            <noscript>
              <button
                type="submit"
                form={formId}
                className="min-h-11 rounded-full border-2 border-ink px-4 text-sm font-semibold"
              >
                Sort
              </button>
            </noscript>
          </div>
        </div>
        {children}
      </div>
    </div>
  );
}

const EMPTY: ListingFilters = {
  types: [],
  collections: [],
  options: [],
  inStock: false,
  onSale: false,
};

function countChosen(filters: ListingFilters): number {
  if (!isFiltered(filters)) return 0;
  return (
    filters.types.length +
    filters.collections.length +
    filters.options.reduce((sum, option) => sum + option.values.length, 0) +
    (filters.price ? 1 : 0) +
    (filters.inStock ? 1 : 0) +
    (filters.onSale ? 1 : 0)
  );
}

/** The facets as fieldsets: what is chosen stays checked; a value no product is left with is off. */
function FacetFields({ facets, filters }: { facets: ListingFacets; filters: ListingFilters }) {
  const price = filters.price ? priceParamOf(filters.price) : '';
  const priceChoice = (value: string, label: string, count?: number): ChoiceProps => ({
    type: 'radio',
    name: FILTER_PARAMS.price,
    value,
    checked: price === value,
    label,
    ...(count === undefined ? {} : { count }),
  });
  return (
    <div className="flex flex-col gap-6">
      {facets.types.length > 1 ? (
        <Choices
          legend="Type"
          choices={checkboxesOf(FILTER_PARAMS.type, facets.types, filters.types)}
        />
      ) : null}
      {facets.collections.length ? (
        <Choices
          legend="Collection"
          choices={checkboxesOf(FILTER_PARAMS.collection, facets.collections, filters.collections)}
        />
      ) : null}
      {facets.options.map((option) => (
        <Choices
          key={option.param}
          legend={option.name}
          choices={checkboxesOf(
            option.param,
            option.values,
            filters.options.find((chosen) => chosen.param === option.param)?.values ?? [],
          )}
        />
      ))}
      {facets.prices.length ? (
        <Choices
          legend="Price"
          choices={[
            priceChoice('', 'Any price'),
            ...facets.prices.map((band) => priceChoice(band.value, band.label, band.count)),
          ]}
        />
      ) : null}
      <Choices
        legend="Availability"
        choices={[
          {
            type: 'checkbox',
            name: FILTER_PARAMS.inStock,
            value: '1',
            checked: filters.inStock,
            label: 'In stock',
            count: facets.inStock,
          },
          {
            type: 'checkbox',
            name: FILTER_PARAMS.onSale,
            value: '1',
            checked: filters.onSale,
            label: 'On sale',
            count: facets.onSale,
          },
        ]}
      />
    </div>
  );
}

/** A facet's values as checkboxes of one parameter (`size=L&size=XL`). */
const checkboxesOf = (
  name: string,
  values: readonly FacetValue[],
  chosen: readonly string[],
): ChoiceProps[] =>
  values.map((facet) => ({
    type: 'checkbox',
    name,
    value: facet.value,
    checked: chosen.includes(facet.value),
    label: facet.label,
    count: facet.count,
  }));

function Choices({ legend, choices }: { legend: string; choices: readonly ChoiceProps[] }) {
  return (
    <fieldset>
      <legend className="mb-2 font-semibold">{legend}</legend>
      <ul className="flex flex-col gap-1">
        {choices.map((choice) => (
          <li key={`${choice.name}=${choice.value}`}>
            <Choice {...choice} />
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

interface ChoiceProps {
  type: 'checkbox' | 'radio';
  name: string;
  value: string;
  checked: boolean;
  label: string;
  count?: number;
}

/** One choice with its count; uncontrolled (the address is the state), so keyed by it. */
function Choice(props: ChoiceProps) {
  const id = useId();
  const empty = props.count === 0 && !props.checked;
  return (
    <div className="flex min-h-9 items-center gap-3">
      <input
        id={id}
        key={String(props.checked)}
        type={props.type}
        name={props.name}
        value={props.value}
        defaultChecked={props.checked}
        disabled={empty}
        className="size-5 accent-terracotta-700"
      />
      <label htmlFor={id} className={empty ? 'text-ink-muted' : undefined}>
        {props.label}
        {props.count === undefined ? null : (
          <span className="text-ink-muted"> ({props.count})</span>
        )}
      </label>
    </div>
  );
}
