import { useId } from 'react';
import { Field, fieldInputClass } from '../../../components/ui/field';

/** The reason a refund or a cancellation is given (kept with it and in the audit log). */
export function ReasonField({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <Field id={id} label="Reason" hint="Kept with the order’s history and the audit log.">
      <textarea
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        maxLength={300}
        rows={2}
        aria-describedby={`${id}-hint`}
        className={fieldInputClass}
      />
    </Field>
  );
}
