// Reads the first sheet of an uploaded workbook, in a worker thread of its own (lib/upload.ts): a malformed file
// can make the parser loop or swallow memory, and then only this thread is stopped, never the server.
import { parentPort, workerData } from 'node:worker_threads';
import * as XLSX from '@e965/xlsx';

/** The first sheet's rows as objects keyed by the first row's cells; raw values (dates stay serial numbers). */
function readFirstSheet(buf) {
  const book = XLSX.read(buf, { type: 'buffer', cellDates: false, dense: true });
  const name = book.SheetNames[0];
  const sheet = name === undefined ? undefined : book.Sheets[name];
  if (!sheet) return [];
  return XLSX.utils.sheet_to_json(sheet, { raw: true, defval: '', blankrows: false });
}

try {
  parentPort.postMessage({ rows: readFirstSheet(Buffer.from(workerData)) });
} catch {
  parentPort.postMessage({ unreadable: true });
}
