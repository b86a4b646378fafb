import { Suspense, lazy } from 'react';
import { fieldDescription } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';

// TipTap is loaded with the editor, never with the back office's first chunk (decision 032).
const RichTextEditor = lazy(() => import('./rich-text-editor'));

type DescriptionEditorProps = {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
};

const HINT =
  'Headings, paragraphs, bold, italics, lists, links and tables (a size chart). Shown to shoppers as written here. In the text, Esc moves to the toolbar.';

/** The description, written in a rich-text editor that shows it as shoppers will see it. */
export function DescriptionEditor({ id, value, onChange, error }: DescriptionEditorProps) {
  const labelId = `${id}-label`;
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <span id={labelId} className="text-sm font-semibold text-ink">
        Description
      </span>
      <p id={`${id}-hint`} className="-mt-1 text-sm text-ink-muted">
        {HINT}
      </p>
      <Suspense fallback={<Spinner label="Loading the editor…" className="min-h-60" />}>
        <RichTextEditor
          id={id}
          labelId={labelId}
          describedBy={fieldDescription(id, { hint: HINT, error })}
          invalid={Boolean(error)}
          value={value}
          onChange={onChange}
        />
      </Suspense>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
