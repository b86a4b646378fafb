import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-error';
import { useExportProductsCsvMutation } from '../api/catalog-api';
import { saveDownload } from '../components/save-download';

/**
 * The byte-order mark the text lost when it was read is put back, so spreadsheets read Arabic
 * and emoji as UTF-8.
 */
const saveCsv = (csv: string, fileName: string) =>
  saveDownload(fileName, `\uFEFF${csv}`, 'text/csv;charset=utf-8');

/** 'products-2026-11-22.csv' (the local date). */
function csvFileName(now = new Date()) {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `products-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}

/** Downloads every product's variants as CSV, with the back-office token (a plain link has none). */
export function ExportCsvButton() {
  const [exportCsv, { isLoading }] = useExportProductsCsvMutation();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const download = async () => {
    if (isLoading) return;
    setOutcome(null);
    const result = await exportCsv();
    if ('error' in result) {
      setOutcome({ ok: false, text: errorMessage(result.error) });
      return;
    }
    const fileName = csvFileName();
    saveCsv(result.data, fileName);
    setOutcome({ ok: true, text: `Downloaded ${fileName}` });
  };

  return (
    <div className="flex flex-col items-start gap-2">
      <Button variant="secondary" onClick={download} aria-disabled={isLoading || undefined}>
        {isLoading ? 'Exporting…' : 'Export CSV'}
      </Button>
      {/* Always there, so that what it comes to say is announced. */}
      <p role="status" className="text-sm text-ink-muted">
        {outcome?.ok ? outcome.text : ''}
      </p>
      {outcome && !outcome.ok && <Alert variant="danger">{outcome.text}</Alert>}
    </div>
  );
}
