/** Hands a file to the browser's download, as a link with `download` would. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download reads the blob after this task; release it once that has surely begun.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
