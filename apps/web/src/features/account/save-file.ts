/** Saves text as a file through a temporary blob link (the browser's download). */
export function saveTextFile(fileName: string, content: string, type = 'application/json'): void {
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
