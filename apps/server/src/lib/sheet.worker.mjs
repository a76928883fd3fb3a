// Reads the first sheet of an uploaded workbook, in a worker thread of its own (lib/upload.ts): a malformed file
// can make the parser loop or swallow memory, and then only this thread is stopped, never the server. Also writes
// a large workbook (an export, the scheduled report's) without holding up the server's requests.
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

/** An .xlsx workbook of one sheet from its rows (cells already escaped), column widths from the header. */
function writeSheet({ sheetName, rows }) {
  const sheet = XLSX.utils.aoa_to_sheet(rows, { dense: true });
  sheet['!cols'] = (rows[0] ?? []).map((h) => ({ wch: Math.max(10, String(h).length + 2) }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, sheetName.slice(0, 31));
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true });
}

if (workerData.read) {
  try {
    parentPort.postMessage({ rows: readFirstSheet(Buffer.from(workerData.read)) });
  } catch {
    parentPort.postMessage({ unreadable: true });
  }
} else {
  const file = writeSheet(workerData);
  parentPort.postMessage({ file });
}
