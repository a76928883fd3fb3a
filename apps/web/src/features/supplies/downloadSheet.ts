import { type Query, requestFile } from '../../api/client.ts';

/** Saves a blob under `filename` through a temporary link. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** GETs an .xlsx with the session's token and hands it to the browser. */
export async function downloadSheet(path: string, fallbackName: string, query?: Query): Promise<void> {
  const file = await requestFile(path, query);
  saveBlob(file.blob, file.filename ?? fallbackName);
}
