import { useEffect, type ReactNode } from 'react';
import type { SuggestedProduct } from '@shop/shared/search';
import { Icon } from '../../../components/ui/icon';
import { pictureSources } from '../../../lib/product-image';
import { formatDollars } from '../format-price';

/** One choice of the search box's list: a product to open, or a search to run. */
export type SuggestionOption =
  { kind: 'product'; product: SuggestedProduct } | { kind: 'search'; search: string };

type SearchSuggestionsProps = {
  id: string;
  /** Labels the list ('Search suggestions'). */
  label: string;
  options: readonly SuggestionOption[];
  /** The option the arrows have reached, -1 for none. */
  active: number;
  optionId: (index: number) => string;
  onChoose: (option: SuggestionOption) => void;
  hidden: boolean;
};

const optionClass = (active: boolean) =>
  `flex cursor-pointer items-center gap-3 px-3 py-2 text-sm text-ink ${
    active ? 'bg-sand-100 text-terracotta-800' : 'hover:bg-sand-50'
  }`;

/**
 * The search box's popup listbox (ARIA Authoring Practices, combobox with listbox popup): the
 * products, then the searches that complete what was typed. Focus stays in the input; the
 * active option is its aria-activedescendant. Options are chosen by click (a mouse press keeps
 * the focus in the input) or by Enter in the input.
 */
export function SearchSuggestions({
  id,
  label,
  options,
  active,
  optionId,
  onChoose,
  hidden,
}: SearchSuggestionsProps) {
  const products = options.flatMap((option, index) =>
    option.kind === 'product' ? [{ option, index, product: option.product }] : [],
  );
  const searches = options.flatMap((option, index) =>
    option.kind === 'search' ? [{ option, index, search: option.search }] : [],
  );
  // The active option stays in sight when the list scrolls (a phone with its keyboard open).
  const activeId = active >= 0 ? optionId(active) : undefined;
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);
  const choose = (option: SuggestionOption) => ({
    onMouseDown: (event: React.MouseEvent) => event.preventDefault(),
    onClick: () => onChoose(option),
  });
  return (
    <ul
      id={id}
      role="listbox"
      aria-label={label}
      hidden={hidden}
      className="absolute top-full right-0 z-40 mt-2 max-h-[70vh] w-full min-w-80 overflow-y-auto overscroll-contain rounded-2xl border border-sand-200 bg-white py-2 shadow-lg"
    >
      {products.length > 0 && (
        <OptionGroup title="Products">
          {products.map(({ option, index, product }) => (
            <li
              key={product._id}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              // Read as 'Dune Wash Hoodie, $59.00', not the name and price run together; on sale
              // as 'Dune Wash Hoodie, $47.20, was $59.00'.
              aria-label={`${product.name}, ${
                product.sale
                  ? `${formatDollars(product.sale.price)}, was ${formatDollars(product.price)}`
                  : formatDollars(product.price)
              }`}
              className={optionClass(index === active)}
              {...choose(option)}
            >
              <img
                {...pictureSources(product.image, '48px')}
                alt=""
                width={48}
                height={48}
                loading="lazy"
                decoding="async"
                className="size-12 shrink-0 rounded-lg bg-sand-100 object-cover"
              />
              <span className="min-w-0 flex-1 truncate font-medium">{product.name}</span>
              <span className="shrink-0 text-right tabular-nums">
                <span className="block font-semibold text-terracotta-800">
                  {formatDollars(product.sale?.price ?? product.price)}
                </span>
                {product.sale ? (
                  <s className="block text-xs text-ink-muted">{formatDollars(product.price)}</s>
                ) : null}
              </span>
            </li>
          ))}
        </OptionGroup>
      )}
      {searches.length > 0 && (
        <OptionGroup title="Searches" spaced>
          {searches.map(({ option, index, search }) => (
            <li
              key={search}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className={optionClass(index === active)}
              {...choose(option)}
            >
              <Icon name="search" className="size-4 shrink-0 text-ink-muted" />
              <span className="min-w-0 flex-1 truncate">{search}</span>
            </li>
          ))}
        </OptionGroup>
      )}
    </ul>
  );
}

/** A named group of the listbox's options ('Products', 'Searches'); its title is not announced twice. */
function OptionGroup({
  title,
  spaced = false,
  children,
}: {
  title: string;
  /** Space above the title: a group after another. */
  spaced?: boolean;
  children: ReactNode;
}) {
  return (
    <li role="group" aria-label={title}>
      <p
        aria-hidden="true"
        className={`px-3 ${spaced ? 'pt-2' : ''} pb-1 text-xs font-semibold tracking-wide text-ink-muted uppercase`}
      >
        {title}
      </p>
      <ul role="presentation">{children}</ul>
    </li>
  );
}
