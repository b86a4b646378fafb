import { fieldInputClass } from '../../../components/ui/field';
import { TextField } from '../../../components/ui/text-field';

const numberInputClass = `${fieldInputClass.replace('w-full', 'w-24')} shrink-0 text-right`;

/**
 * An order line's units to act on (restock, ship): its name and details as the label, and a whole
 * number from 0 to `max`, clamped as it is typed.
 */
export function LineUnitsField({
  id,
  name,
  detail,
  max,
  value,
  onChange,
  disabled = false,
}: {
  id: string;
  name: string;
  detail: string;
  max: number;
  value: number;
  onChange: (units: number) => void;
  disabled?: boolean;
}) {
  return (
    <li className="flex items-center justify-between gap-3">
      <label htmlFor={id} className="min-w-0 text-sm">
        <span className="block font-semibold">{name}</span>
        <span className="block text-ink-muted">{detail}</span>
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={0}
        max={max}
        step={1}
        disabled={disabled}
        value={value}
        onChange={(event) => {
          const qty = Math.trunc(Number(event.target.value));
          onChange(Number.isFinite(qty) ? Math.min(Math.max(qty, 0), max) : 0);
        }}
        className={numberInputClass}
      />
    </li>
  );
}

/** A parcel's tracking number, as both ship dialogs ask it. */
export function TrackingNumberField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      id={id}
      label="Tracking number"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      maxLength={80}
      autoComplete="off"
      spellCheck={false}
    />
  );
}
