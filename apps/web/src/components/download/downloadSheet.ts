import { type Query, requestFile } from '../../api/client.ts';
import { saveBlob } from './saveBlob.ts';

/** GETs an .xlsx with the session's token and hands it to the browser. */
export async function downloadSheet(path: string, fallbackName: string, query?: Query): Promise<void> {
  const file = await requestFile(path, query);
  saveBlob(file.blob, file.filename ?? fallbackName);
}
