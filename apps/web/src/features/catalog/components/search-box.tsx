import { useId, useState, type KeyboardEvent } from 'react';
import { useMatch, useNavigate } from 'react-router';
import { Icon } from '../../../components/ui/icon';
import { useSuggestions } from '../hooks/use-suggestions';
import { SearchSuggestions, type SuggestionOption } from './search-suggestions';

type SearchBoxProps = {
  onSearch?: () => void;
  className?: string;
  /** Names the search landmark where the page has more than one (the header's is unnamed). */
  label?: string;
};

/** What the live region says of the list: how many of each, or nothing while it is closed. */
function listSummary(options: readonly SuggestionOption[]): string {
  const products = options.filter((option) => option.kind === 'product').length;
  const searches = options.length - products;
  const parts = [
    products ? `${products} ${products === 1 ? 'product' : 'products'}` : '',
    searches ? `${searches} ${searches === 1 ? 'search' : 'searches'}` : '',
  ].filter(Boolean);
  return parts.length ? `${parts.join(' and ')} suggested. Use up and down arrows to choose.` : '';
}

/**
 * Keyword search: goes to /search/{keyword}, or home when the box is empty. Without JavaScript
 * the form itself is sent, GET /search?keyword={keyword}, which the server redirects the same way.
 * With JavaScript, from 2 characters the box suggests products and searches as a combobox (ARIA
 * Authoring Practices): arrows move through them, Enter opens the product or runs the search,
 * Escape closes the list; Enter without a choice searches what was typed.
 */
export function SearchBox({ onSearch, className = '', label }: SearchBoxProps) {
  const navigate = useNavigate();
  // On a results page (/search/:keyword and its pages) the box shows that keyword.
  const searched = useMatch('/search/:keyword/*')?.params.keyword ?? '';
  const [keyword, setKeyword] = useState(searched);
  const [shownFor, setShownFor] = useState(searched);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  if (shownFor !== searched) {
    setShownFor(searched);
    setKeyword(searched);
  }
  const id = useId();
  const listId = `${id}-suggestions`;
  const optionId = (index: number) => `${id}-option-${index}`;

  const suggestions = useSuggestions(keyword);
  const options: SuggestionOption[] = suggestions
    ? [
        ...suggestions.products.map((product) => ({ kind: 'product' as const, product })),
        ...suggestions.completions.map((search) => ({ kind: 'search' as const, search })),
      ]
    : [];
  const expanded = open && options.length > 0;
  const current = expanded && active < options.length ? active : -1;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const search = (text: string) => {
    const trimmed = text.trim();
    close();
    navigate(trimmed ? `/search/${encodeURIComponent(trimmed)}` : '/');
    onSearch?.();
  };
  const choose = (option: SuggestionOption) => {
    if (option.kind === 'search') {
      setKeyword(option.search);
      search(option.search);
      return;
    }
    close();
    navigate(`/products/${encodeURIComponent(option.product.handle)}`);
    onSearch?.();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!options.length) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // From no choice, down reaches the first option and up the last; both wrap around.
      const from = current === -1 ? (step === 1 ? -1 : options.length) : current;
      setActive((from + step + options.length) % options.length);
    } else if (event.key === 'Enter' && current >= 0) {
      event.preventDefault();
      const option = options[current];
      if (option) choose(option);
    } else if (event.key === 'Escape' && expanded) {
      // Closes the list; a second Escape clears the box as a search field does.
      event.preventDefault();
      close();
    }
  };

  return (
    <form
      role="search"
      action="/search"
      method="get"
      aria-label={label}
      className={`relative flex items-center rounded-full border border-sand-300 bg-white focus-within:border-terracotta-700 focus-within:ring-2 focus-within:ring-terracotta-600 ${className}`}
      onSubmit={(event) => {
        event.preventDefault();
        search(keyword);
      }}
    >
      <label htmlFor={id} className="sr-only">
        Search products
      </label>
      <input
        id={id}
        type="search"
        name="keyword"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={current >= 0 ? optionId(current) : undefined}
        value={keyword}
        onChange={(event) => {
          setKeyword(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={close}
        placeholder="Search…"
        autoComplete="off"
        className="min-w-0 flex-1 rounded-l-full bg-transparent py-2 pr-2 pl-4 text-sm text-ink placeholder:text-ink-muted focus:outline-none"
      />
      <button
        type="submit"
        className="flex size-9 shrink-0 items-center justify-center rounded-full text-ink hover:text-terracotta-700"
      >
        <Icon name="search" />
        <span className="sr-only">Search</span>
      </button>
      <SearchSuggestions
        id={listId}
        label="Search suggestions"
        options={options}
        active={current}
        optionId={optionId}
        onChoose={choose}
        hidden={!expanded}
      />
      <p role="status" className="sr-only">
        {expanded ? listSummary(options) : ''}
      </p>
    </form>
  );
}
