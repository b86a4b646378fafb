/**
 * Saves text as a file through a temporary blob link (a download is no navigation, so the CSP,
 * which allows no blob: sources, does not stop it). account/save-file.ts does the same for the
 * shopper's data; importing it here would split it into a chunk of its own, which the
 * storefront's entry would then list among the back office's needs.
 */
export function saveDownload(fileName: string, content: string, type: string) {
  const url = URL.createObjectURL(new Blob([content], { type }));
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
