import type { ReactNode } from 'react';

type FormFieldProps = {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
};

export const inputClass =
  'w-full rounded-xl border border-sand-300 bg-white px-4 py-2.5 text-ink placeholder:text-ink-muted/70 focus:border-terracotta-700 aria-[invalid=true]:border-danger';

/** A label, the control and its error message (the control refers to `${id}-error`). */
export function FormField({ id, label, error, children }: FormFieldProps) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
