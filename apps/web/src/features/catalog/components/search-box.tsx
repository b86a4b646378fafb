import { useId, useState } from 'react';
import { useMatch, useNavigate } from 'react-router';
import { Icon } from '../../../components/ui/icon';

type SearchBoxProps = {
  onSearch?: () => void;
  className?: string;
  /** Names the search landmark where the page has more than one (the header's is unnamed). */
  label?: string;
};

/**
 * Keyword search: goes to /search/{keyword}, or home when the box is empty. Without JavaScript
 * the form itself is sent, GET /search?keyword={keyword}, which the server redirects the same way.
 */
export function SearchBox({ onSearch, className = '', label }: SearchBoxProps) {
  const navigate = useNavigate();
  // On a results page (/search/:keyword and its pages) the box shows that keyword.
  const searched = useMatch('/search/:keyword/*')?.params.keyword ?? '';
  const [keyword, setKeyword] = useState(searched);
  const [shownFor, setShownFor] = useState(searched);
  if (shownFor !== searched) {
    setShownFor(searched);
    setKeyword(searched);
  }
  const id = useId();

  return (
    <form
      role="search"
      action="/search"
      method="get"
      aria-label={label}
      className={`flex items-center rounded-full border border-sand-300 bg-white focus-within:border-terracotta-700 focus-within:ring-2 focus-within:ring-terracotta-600 ${className}`}
      onSubmit={(event) => {
        event.preventDefault();
        const trimmed = keyword.trim();
        navigate(trimmed ? `/search/${encodeURIComponent(trimmed)}` : '/');
        onSearch?.();
      }}
    >
      <label htmlFor={id} className="sr-only">
        Search products
      </label>
      <input
        id={id}
        type="search"
        name="keyword"
        value={keyword}
        onChange={(event) => setKeyword(event.target.value)}
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
    </form>
  );
}
