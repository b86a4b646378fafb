import { errorMessage } from '../../../lib/api-error';
import { useExportProductsCsvMutation } from '../api/catalog-api';
import { DownloadButton } from '../components/download-button';
import { datedFileName, saveCsv } from '../save-file';

/** Downloads every product's variants as CSV, with the back-office token (a plain link has none). */
export function ExportCsvButton() {
  const [exportCsv] = useExportProductsCsvMutation();
  return (
    <DownloadButton
      label="Export CSV"
      busyLabel="Exporting…"
      download={async () => {
        const result = await exportCsv();
        if ('error' in result) return { ok: false, message: errorMessage(result.error) };
        const fileName = datedFileName('products', 'csv');
        saveCsv(result.data, fileName);
        return { ok: true, fileName };
      }}
    />
  );
}
