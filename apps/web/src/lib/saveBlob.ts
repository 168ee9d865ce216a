/** Saves `blob` as a file named `name`, as a download the browser starts from a link. */
export function saveBlob(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers start the download after click() returns; give them a moment before revoking.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
