type QuantityControlProps = {
  value: number;
  onChange: (qty: number) => void;
  /** Names the item for screen readers, e.g. "Quantity of Sand Dune Tee". */
  label?: string;
  id?: string;
};

const stepClass =
  'flex size-10 items-center justify-center text-lg font-semibold text-ink hover:bg-sand-200 disabled:cursor-not-allowed disabled:opacity-40';

/** Minus never goes below 1; plus has no upper bound (stock is checked when the quantity is used). */
export function QuantityControl({ value, onChange, label = 'Quantity', id }: QuantityControlProps) {
  return (
    <div
      role="group"
      aria-label={label}
      className="inline-flex items-center rounded-full border border-sand-300 bg-white"
    >
      <button
        type="button"
        className={`${stepClass} rounded-l-full`}
        onClick={() => onChange(Math.max(1, value - 1))}
        disabled={value <= 1}
        aria-label="Decrease quantity"
      >
        −
      </button>
      <output
        id={id}
        aria-live="polite"
        className="min-w-10 text-center font-semibold tabular-nums"
      >
        {value}
      </output>
      <button
        type="button"
        className={`${stepClass} rounded-r-full`}
        onClick={() => onChange(value + 1)}
        aria-label="Increase quantity"
      >
        +
      </button>
    </div>
  );
}
