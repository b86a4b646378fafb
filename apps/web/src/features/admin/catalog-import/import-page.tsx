import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import {
  ADMIN_CATALOG_MESSAGES,
  MAX_IMPORT_BYTES,
  SHOPIFY_CSV_COLUMNS,
  SHOP_CSV_COLUMNS,
  importRejectedSchema,
} from '@shop/shared/admin-catalog';
import type { ImportChange, ImportRejected, ImportResult } from '@shop/shared/admin-catalog';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { errorMessage } from '../../../lib/api-error';
import { useImportProductsCsvMutation } from '../api/catalog-api';
import { AdminTable, cellClass, wrappingCellClass } from '../components/admin-table';
import { FileDropZone } from '../components/file-drop-zone';

const linkClass =
  'font-semibold text-terracotta-700 underline underline-offset-4 hover:text-terracotta-800';

const ACTION_LABELS: Record<ImportChange['action'], string> = {
  create: 'New product',
  update: 'Changed',
  unchanged: 'No change',
};

/** A file's text, decoded as UTF-8 (a byte-order mark is dropped). */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file, 'utf-8');
  });
}

/** Why a chosen file cannot be sent, or null. */
function fileProblem(file: File): string | null {
  if (!/\.csv$/i.test(file.name) && file.type !== 'text/csv') {
    return 'Please choose a .csv file (exported from the products list or from Shopify, or saved as CSV).';
  }
  if (file.size > MAX_IMPORT_BYTES) return ADMIN_CATALOG_MESSAGES.importTooLarge;
  if (file.size === 0) return ADMIN_CATALOG_MESSAGES.importEmpty;
  return null;
}

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

/** The counts, said as a sentence: '1 new product, 2 changed, 5 unchanged'. */
function counts(result: Pick<ImportResult, 'created' | 'updated' | 'unchanged'>) {
  return `${plural(result.created, 'new product')}, ${result.updated} changed, ${result.unchanged} unchanged`;
}

/** What an update changes, each field as old → new ('price M: $20.00 → $24.00'). */
function ChangedFields({ change }: { change: ImportChange }) {
  if (change.action === 'create') return <>Every field</>;
  if (!change.diffs?.length) return <>{change.fields.join(', ')}</>;
  return (
    <ul className="flex flex-col gap-1">
      {change.diffs.map((diff, index) => (
        <li key={`${diff.field}-${index}`}>
          <span className="font-semibold">{diff.field}:</span>{' '}
          <del className="text-ink-muted">{diff.from}</del> <span aria-hidden="true">→</span>
          <span className="sr-only">becomes</span> <ins className="no-underline">{diff.to}</ins>
        </li>
      ))}
    </ul>
  );
}

function ChangesTable({ changes, caption }: { changes: ImportChange[]; caption: string }) {
  const shown = changes.filter((change) => change.action !== 'unchanged');
  if (shown.length === 0) return <p className="text-sm text-ink-muted">No product changes.</p>;
  return (
    <AdminTable caption={caption} columns={['Product', 'Handle', 'What', 'Fields']}>
      {shown.map((change) => (
        <tr key={change.handle}>
          <th scope="row" className={`${cellClass} font-semibold`}>
            {change.name}
          </th>
          <td className={`${cellClass} font-mono text-xs`}>{change.handle}</td>
          <td className={cellClass}>{ACTION_LABELS[change.action]}</td>
          <td className={`${wrappingCellClass} min-w-56`}>
            <ChangedFields change={change} />
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}

/** What the import leaves aside (columns it does not know, cells it does not keep). */
function Notes({ notes }: { notes: readonly string[] }) {
  const id = useId();
  if (notes.length === 0) return null;
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-sand-200 bg-white p-4">
      <h3 id={id} className="mb-2 font-semibold">
        Left aside
      </h3>
      <ul className="list-disc space-y-1 pl-5 text-sm break-words text-ink-muted">
        {notes.map((note) => (
          <li key={note}>{note}</li>
        ))}
      </ul>
    </section>
  );
}

function ErrorsTable({ rejected }: { rejected: ImportRejected }) {
  return (
    <AdminTable caption="Rows to correct" columns={['Row', 'Problem']} rightAligned={['Row']}>
      {rejected.errors.map((error, index) => (
        <tr key={`${error.row}-${index}`}>
          <th scope="row" className={`${cellClass} text-right tabular-nums`}>
            {error.row}
          </th>
          <td className={`${wrappingCellClass} min-w-64`}>{error.message}</td>
        </tr>
      ))}
    </AdminTable>
  );
}

type Outcome =
  | { kind: 'preview'; result: ImportResult }
  | { kind: 'applied'; result: ImportResult }
  | { kind: 'rejected'; rejected: ImportRejected; dryRun: boolean }
  | { kind: 'failed'; message: string };

/**
 * /admin/products/import: a CSV file is previewed first (a dry run changes nothing), then
 * applied. One bad row rejects the whole file; every bad row is listed.
 */
export default function ImportPage() {
  const id = useId();
  const [importCsv, { isLoading }] = useImportProductsCsvMutation();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [pending, setPending] = useState<'preview' | 'apply' | null>(null);
  const resultHeading = useRef<HTMLHeadingElement>(null);

  const choose = (chosen: File) => {
    setFile(chosen);
    setOutcome(null);
    setFileError(fileProblem(chosen));
  };

  const run = async (dryRun: boolean) => {
    if (isLoading || !file) return;
    setPending(dryRun ? 'preview' : 'apply');
    let next: Outcome;
    try {
      const csv = await readText(file);
      const result = await importCsv({ csv, dryRun });
      if ('data' in result && result.data) {
        next = { kind: dryRun ? 'preview' : 'applied', result: result.data };
      } else {
        const data =
          'error' in result && result.error && 'data' in result.error ? result.error.data : null;
        const rejected = importRejectedSchema.safeParse(data);
        next = rejected.success
          ? { kind: 'rejected', rejected: rejected.data, dryRun }
          : { kind: 'failed', message: errorMessage(result.error) };
      }
    } catch {
      next = { kind: 'failed', message: 'The file could not be read. Please choose it again.' };
    }
    setPending(null);
    setOutcome(next);
  };

  // A new outcome's heading takes the focus: it says what happened, the tables follow it.
  useEffect(() => {
    if (outcome) resultHeading.current?.focus();
  }, [outcome]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setFileError('Please choose a CSV file');
      document.getElementById(`${id}-file`)?.focus();
      return;
    }
    if (fileError) return;
    void run(true);
  };

  const previewed = outcome?.kind === 'preview' ? outcome.result : null;

  return (
    <>
      <Link to="/admin/products" className={`${linkClass} mb-4 inline-block text-sm`}>
        ← All products
      </Link>
      <PageHeader title="Import products">
        A CSV file in Shopify&rsquo;s product layout, as the products list (or a Shopify store)
        exports it: one row per variant, the product&rsquo;s fields on its first row. A new handle
        creates a product, a known one updates it; a variant is found by its option values (or its
        Variant Id), a new combination is added, and variants the file leaves out stay as they are.
        An inventory count sets on-hand to it, an empty one leaves it as it is. Preview first:
        nothing changes until you apply.
      </PageHeader>
      <form
        noValidate
        onSubmit={submit}
        aria-label="CSV file to import"
        className="mb-6 flex flex-col gap-4 rounded-2xl border border-sand-200 bg-white p-5"
      >
        <div className="flex flex-col gap-1.5">
          <p id={`${id}-hint`} className="text-sm text-ink-muted">
            Columns:{' '}
            <span className="font-mono text-xs break-words">{SHOPIFY_CSV_COLUMNS.join(', ')}</span>,
            and this shop&rsquo;s{' '}
            <span className="font-mono text-xs break-words">{SHOP_CSV_COLUMNS.join(', ')}</span>.
            Other columns are ignored. Up to 5 MB, UTF-8.
          </p>
          <FileDropZone
            id={`${id}-file`}
            buttonLabel="Choose a CSV file"
            what="a CSV file"
            accept=".csv,text/csv"
            file={file}
            onFile={choose}
            invalid={Boolean(fileError)}
            describedBy={[`${id}-hint`, fileError ? `${id}-file-error` : null]
              .filter(Boolean)
              .join(' ')}
            disabled={isLoading}
          />
          {fileError && (
            <p id={`${id}-file-error`} role="alert" className="text-sm text-danger">
              {fileError}
            </p>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" variant="dark" aria-disabled={isLoading || undefined}>
            {pending === 'preview' ? 'Previewing…' : 'Preview changes'}
          </Button>
          <p role="status" className="text-sm text-ink-muted">
            {pending === 'preview' ? 'Checking the file…' : pending === 'apply' ? 'Importing…' : ''}
          </p>
        </div>
      </form>

      {outcome && (
        <section aria-labelledby={`${id}-result`} className="flex flex-col gap-4">
          <h2
            id={`${id}-result`}
            ref={resultHeading}
            tabIndex={-1}
            className="text-2xl font-semibold focus:outline-none"
          >
            {outcome.kind === 'preview' && 'Preview: nothing has changed yet'}
            {outcome.kind === 'applied' && 'Import done'}
            {outcome.kind === 'rejected' && 'The file was not imported'}
            {outcome.kind === 'failed' && 'The file was not imported'}
          </h2>
          {outcome.kind === 'preview' && (
            <>
              <Alert variant="info">Applying this file would make {counts(outcome.result)}.</Alert>
              <ChangesTable
                changes={outcome.result.changes}
                caption="Changes the import would make"
              />
              <Notes notes={outcome.result.notes} />
            </>
          )}
          {outcome.kind === 'applied' && (
            <>
              <Alert variant="success">Imported: {counts(outcome.result)}.</Alert>
              <ChangesTable changes={outcome.result.changes} caption="Changes made" />
              <Notes notes={outcome.result.notes} />
              <p>
                <Link to="/admin/products" className={linkClass}>
                  Back to the products
                </Link>
              </p>
            </>
          )}
          {outcome.kind === 'rejected' && (
            <>
              <Alert variant="danger">
                {outcome.rejected.message}. Correct the rows below and preview again.
              </Alert>
              <ErrorsTable rejected={outcome.rejected} />
              <Notes notes={outcome.rejected.notes} />
            </>
          )}
          {outcome.kind === 'failed' && <Alert variant="danger">{outcome.message}</Alert>}
          {previewed && (
            <div className="flex flex-wrap items-center gap-3">
              <Button
                onClick={() => void run(false)}
                aria-disabled={isLoading || undefined}
                disabled={previewed.created + previewed.updated === 0}
              >
                {pending === 'apply' ? 'Importing…' : 'Apply import'}
              </Button>
              {previewed.created + previewed.updated === 0 && (
                <p className="text-sm text-ink-muted">The file changes nothing.</p>
              )}
            </div>
          )}
        </section>
      )}
    </>
  );
}
