import { useDeferredValue, useMemo } from 'react';
import { MAX_DESCRIPTION_LENGTH } from '@shop/shared/admin-catalog';
import { Field, fieldDescription, fieldInputClass } from '../../../components/ui/field';
import { previewHtml } from './description-html';

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
  // Typing stays quick in a long description: the preview follows when there is time.
  const deferred = useDeferredValue(value);
  const html = useMemo(() => previewHtml(deferred), [deferred]);
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
        {html.trim() ? (
          <div
            data-testid="description-preview"
            className="prose-description min-h-40 overflow-auto rounded-xl border border-sand-200 bg-white px-4 py-3 leading-relaxed break-words text-ink-muted"
            // Sanitised above with DOMPurify, allowing the server's tags only.
            dangerouslySetInnerHTML={{ __html: html }}
          />
        ) : (
          <p className="min-h-40 rounded-xl border border-dashed border-sand-300 px-4 py-3 text-sm text-ink-muted">
            The description shows here as shoppers will see it.
          </p>
        )}
      </section>
    </div>
  );
}
