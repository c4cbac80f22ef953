/** Hands a file to the browser's downloads, as a link with `download` would. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own reference to the blob by now; revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
