import type { ComponentProps } from 'react';
import { Field, fieldDescription, fieldInputClass } from './field';

type TextFieldProps = ComponentProps<'input'> & {
  id: string;
  label: string;
  /** The field's validation message; announced when it appears (role=alert). */
  error?: string | undefined;
  /** A short help text under the label. */
  hint?: string | undefined;
};

/**
 * A labelled text input with its hint and its error message, wired for assistive technology
 * (aria-invalid, aria-describedby). Takes react-hook-form's `register(...)` spread, ref included.
 */
export function TextField({
  id,
  label,
  error,
  hint,
  className = '',
  ...inputProps
}: TextFieldProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error} className={className}>
      <input
        id={id}
        className={`${fieldInputClass} read-only:cursor-default read-only:border-dashed read-only:bg-sand-50 read-only:text-ink-muted`}
        aria-invalid={error ? true : undefined}
        aria-describedby={fieldDescription(id, { hint, error })}
        {...inputProps}
      />
    </Field>
  );
}
