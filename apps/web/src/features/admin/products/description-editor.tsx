import { Suspense, lazy } from 'react';
import { MAX_DESCRIPTION_LENGTH } from '@shop/shared/admin-catalog';
import { Field, fieldDescription, fieldInputClass } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';

const DescriptionPreview = lazy(() => import('./description-preview'));

type DescriptionEditorProps = {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
};

const HINT =
  'HTML: p, br, strong, b, em, i, ul, ol, li and a href. Anything else is removed, here in the preview and again by the server when saved.';

/** The description's HTML beside a live preview of what shoppers will see. */
export function DescriptionEditor({ id, value, onChange, error }: DescriptionEditorProps) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Field id={id} label="Description" hint={HINT} error={error}>
        <textarea
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          rows={12}
          maxLength={MAX_DESCRIPTION_LENGTH}
          spellCheck
          aria-invalid={error ? true : undefined}
          aria-describedby={fieldDescription(id, { hint: HINT, error })}
          className={`${fieldInputClass} font-mono text-sm`}
        />
      </Field>
      <section aria-labelledby={`${id}-preview`} className="flex min-w-0 flex-col gap-1.5">
        <h3
          id={`${id}-preview`}
          className="font-sans text-sm font-semibold tracking-normal text-ink"
        >
          Preview
        </h3>
        <Suspense fallback={<Spinner label="Loading the preview…" className="min-h-40" />}>
          <DescriptionPreview description={value} />
        </Suspense>
      </section>
    </div>
  );
}
