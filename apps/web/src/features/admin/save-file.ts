/**
 * Saves a file through a temporary blob link (a download is no navigation, so the CSP, which
 * allows no blob: sources, does not stop it). account/save-file.ts does the same for JSON;
 * importing it here would split it into a chunk of its own, which the storefront's entry would
 * then list among the back office's needs.
 */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
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

/**
 * A CSV, with the byte-order mark the text lost when it was read put back, so spreadsheets read
 * Arabic and emoji as UTF-8.
 */
export function saveCsv(csv: string, fileName: string) {
  saveBlob(new Blob([`\uFEFF${csv}`], { type: 'text/csv;charset=utf-8' }), fileName);
}

/** 'products-2026-11-22.csv' (the local date). */
export function datedFileName(prefix: string, extension: string, now = new Date()) {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${prefix}-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.${extension}`;
}
