import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-error';
import { useExportProductsCsvMutation } from '../api/catalog-api';

/**
 * Saves the CSV through a temporary blob link (a download is no navigation, so the CSP, which
 * allows no blob: sources, does not stop it). The byte-order mark the text lost when it was read
 * is put back, so spreadsheets read Arabic and emoji as UTF-8. account/save-file.ts does the same
 * for JSON; importing it here would split it into a chunk of its own, which the storefront's entry
 * would then list among the back office's needs.
 */
function saveCsv(csv: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([`\uFEFF${csv}`], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the browser has taken the download over.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

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
