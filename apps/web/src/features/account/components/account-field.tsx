import type { ComponentProps } from 'react';
import { FormField, inputClass } from '../../../components/ui/form-field';

type AccountFieldProps = ComponentProps<'input'> & {
  id: string;
  label: string;
  error?: string | undefined;
  /** A short help text under the label (read with the field). */
  hint?: string;
};

/** A labelled input whose error is announced (role=alert) and described on the input. */
export function AccountField({
  id,
  label,
  error,
  hint,
  className = '',
  ...input
}: AccountFieldProps) {
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <FormField id={id} label={label}>
      {hint && (
        <p id={`${id}-hint`} className="-mt-1 text-xs text-ink-muted">
          {hint}
        </p>
      )}
      <input
        id={id}
        className={`${inputClass} disabled:cursor-not-allowed disabled:bg-sand-100 ${className}`}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </FormField>
  );
}
