import { useId } from 'react';
import type { FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { fieldInputClass } from '../../../components/ui/field';

type SearchFormProps = {
  label: string;
  defaultValue: string;
  /** Called with the trimmed text when the form is sent. */
  onSearch: (q: string) => void;
};

/** A labelled search box; its text goes to the address (?q=) when sent, not on every key. */
export function SearchForm({ label, defaultValue, onSearch }: SearchFormProps) {
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('q');
    onSearch(typeof value === 'string' ? value.trim() : '');
  };
  return (
    <form
      role="search"
      aria-label={label}
      onSubmit={submit}
      className="flex min-w-0 flex-1 flex-col gap-1.5"
    >
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          // A new address (back, forward) shows its own search text.
          key={defaultValue}
          id={id}
          name="q"
          type="search"
          defaultValue={defaultValue}
          maxLength={200}
          className={`${fieldInputClass} min-w-0`}
        />
        <Button type="submit" variant="dark">
          Search
        </Button>
      </div>
    </form>
  );
}
