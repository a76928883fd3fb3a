import type { FastifyRequest } from 'fastify';
import { BadRequestError, UnsupportedMediaTypeError } from './errors.ts';
import { readFirstSheet, sniffSpreadsheet } from './spreadsheet.ts';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** JSON rows of a large spreadsheet are bigger than the file; files themselves stop at MAX_UPLOAD_BYTES. */
export const UPLOAD_JSON_LIMIT = 64 * 1024 * 1024;

/** Rows of an upload: a JSON array of objects, or the first sheet of a spreadsheet sent as multipart form data. */
export async function uploadedRows(request: FastifyRequest): Promise<Record<string, unknown>[]> {
  if (request.isMultipart()) {
    const file = await request.file();
    if (!file) throw new BadRequestError('No file was sent.', 'file');
    const buf = await file.toBuffer();
    if (!sniffSpreadsheet(buf)) throw new UnsupportedMediaTypeError('The file is not a spreadsheet (.xlsx or .xls).');
    try {
      return readFirstSheet(buf);
    } catch {
      throw new UnsupportedMediaTypeError('The spreadsheet cannot be read.');
    }
  }
  const body = request.body;
  if (!Array.isArray(body) || body.some((r) => typeof r !== 'object' || r === null || Array.isArray(r))) {
    throw new BadRequestError('Send the rows as a JSON array of objects, or the spreadsheet as a file.', 'body');
  }
  return body as Record<string, unknown>[];
}
