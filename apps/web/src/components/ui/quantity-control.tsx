import { useState } from 'react';

type QuantityControlProps = {
  value: number;
  onChange: (qty: number) => void;
  /** Names the item for screen readers, e.g. "Quantity of Sand Dune Tee". */
  label?: string;
  /** The id of the number: the field when typable, else the shown value. */
  id?: string;
  /** Where plus stops (the stock, the per-line limit); without it plus has no upper bound. */
  max?: number;
  /** Plus pressed at `max`: lets the page say why it stops. */
  onMax?: () => void;
  /** The shopper may also type the quantity (whole numbers from 1). */
  typable?: boolean;
};

// An unavailable step is dimmed by its colour, not by opacity, which would dim its focus ring too.
const stepClass =
  'flex size-10 items-center justify-center text-lg font-semibold text-ink hover:bg-sand-200 aria-disabled:cursor-not-allowed aria-disabled:text-ink/40 aria-disabled:hover:bg-transparent';

/** Whole numbers from 1 only; anything else is not a quantity. */
function parseQuantity(text: string): number | undefined {
  if (!/^\d+$/.test(text)) return undefined;
  const qty = Number(text);
  return Number.isSafeInteger(qty) && qty >= 1 ? qty : undefined;
}

/**
 * Minus never goes below 1; plus stops at `max` when one is given. A step that cannot be taken
 * leaves its button focusable but marked unavailable (aria-disabled), so keyboard focus stays put
 * and a screen reader says why nothing happens; plus pressed at `max` calls `onMax`.
 * With `typable`, the number is a field: each whole number typed is passed on as it is typed (the
 * page checks it against stock and limits), and leaving the field empty restores the quantity.
 */
export function QuantityControl({
  value,
  onChange,
  label = 'Quantity',
  id,
  max,
  onMax,
  typable = false,
}: QuantityControlProps) {
  // The field's text while the shopper types (null: it shows the quantity).
  const [draft, setDraft] = useState<string | null>(null);
  // Whether the last change came from a button: only those are announced (typing is not echoed).
  const [stepped, setStepped] = useState(false);
  const atMin = value <= 1;
  const atMax = max !== undefined && value >= max;

  const step = (qty: number) => {
    setStepped(true);
    setDraft(null);
    onChange(qty);
  };

  return (
    <div
      role="group"
      aria-label={label}
      className="inline-flex items-center rounded-full border border-sand-300 bg-white"
    >
      <button
        type="button"
        className={`${stepClass} rounded-l-full`}
        onClick={() => {
          if (!atMin) step(value - 1);
        }}
        aria-disabled={atMin || undefined}
        aria-label="Decrease quantity"
      >
        −
      </button>
      {typable ? (
        <>
          <input
            id={id}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            aria-label={label}
            value={draft ?? String(value)}
            onChange={(event) => {
              const text = event.target.value.trim();
              setDraft(text);
              setStepped(false);
              const qty = parseQuantity(text);
              if (qty !== undefined) onChange(qty);
            }}
            onBlur={() => setDraft(null)}
            className="h-10 w-12 bg-transparent text-center font-semibold tabular-nums"
          />
          <span aria-live="polite" className="sr-only">
            {stepped ? value : ''}
          </span>
        </>
      ) : (
        <output
          id={id}
          aria-live="polite"
          className="min-w-10 text-center font-semibold tabular-nums"
        >
          {value}
        </output>
      )}
      <button
        type="button"
        className={`${stepClass} rounded-r-full`}
        onClick={() => {
          if (atMax) onMax?.();
          else step(value + 1);
        }}
        aria-disabled={atMax || undefined}
        aria-label="Increase quantity"
      >
        +
      </button>
    </div>
  );
}
