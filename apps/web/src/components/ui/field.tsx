import type { ReactNode } from 'react';
import { inputClass } from './form-field';

/** The shop's input look with a border dark enough to make out the control (WCAG 1.4.11: 3:1). */
export const fieldInputClass = inputClass.replace('border-sand-300', 'border-[#9a7b5c]');

type FieldProps = {
  /** The control's id; its hint is `${id}-hint` and its error `${id}-error`. */
  id: string;
  label: string;
  hint?: string | undefined;
  /** The validation message; announced when it appears (role=alert). */
  error?: string | undefined;
  className?: string;
  children: ReactNode;
};

/** The ids a control inside <Field> should name in aria-describedby. */
export function fieldDescription(
  id: string,
  { hint, error }: { hint?: string | undefined; error?: string | undefined },
): string | undefined {
  return (
    [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') ||
    undefined
  );
}

/** A label, an optional hint, the control and its announced error message. */
export function Field({ id, label, hint, error, className = '', children }: FieldProps) {
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="-mt-1 text-sm text-ink-muted">
          {hint}
        </p>
      )}
      {children}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
