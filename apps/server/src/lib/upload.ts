import { Worker } from 'node:worker_threads';
import { sniffSpreadsheet } from '@it4u/shared';
import type { FastifyRequest } from 'fastify';
import { AppError, BadRequestError, UnavailableError, UnsupportedMediaTypeError } from './errors.ts';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** JSON rows of a large spreadsheet are bigger than the file; files themselves stop at MAX_UPLOAD_BYTES. */
export const UPLOAD_JSON_LIMIT = 64 * 1024 * 1024;

/** How long and how much memory reading one uploaded spreadsheet may take, and how many are read at once. */
export type SheetLimits = { timeMs: number; memoryMb: number; concurrent?: number };
export const SHEET_LIMITS: SheetLimits = { timeMs: 45_000, memoryMb: 1024, concurrent: 2 };

/** Workbooks being read now (per process): their memory is bounded by concurrent × memoryMb. */
let reading = 0;

const WORKER = new URL('./sheet.worker.mjs', import.meta.url);

/**
 * The first sheet's rows, read off the main thread in a worker with a time and memory limit: a file the parser
 * cannot read is 415, one that takes too long or too much memory 422; the worker is stopped either way.
 */
export function readSpreadsheet(buf: Buffer, limits: SheetLimits = SHEET_LIMITS): Promise<Record<string, unknown>[]> {
  if (reading >= (limits.concurrent ?? SHEET_LIMITS.concurrent ?? 2)) {
    return Promise.reject(new UnavailableError(503, 'uploadsBusy'));
  }
  reading++;
  return new Promise<Record<string, unknown>[]>((resolve, reject) => {
    const worker = new Worker(WORKER, {
      workerData: buf,
      resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb, maxYoungGenerationSizeMb: 64 },
      // the worker is plain JavaScript: no loader of the parent's is needed
      execArgv: [],
    });
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      fn();
    };
    const tooComplex = () => new AppError(422, 'spreadsheetTooComplex');
    const timer = setTimeout(() => finish(() => reject(tooComplex())), limits.timeMs);
    worker.once('message', (m: { rows?: Record<string, unknown>[]; unreadable?: boolean }) =>
      finish(() => (m.rows ? resolve(m.rows) : reject(new UnsupportedMediaTypeError('unreadableSpreadsheet')))),
    );
    worker.once('error', (err: Error & { code?: string }) =>
      finish(() =>
        reject(
          err.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? tooComplex()
            : new UnsupportedMediaTypeError('unreadableSpreadsheet'),
        ),
      ),
    );
    worker.once('exit', () => finish(() => reject(tooComplex())));
  }).finally(() => {
    reading--;
  });
}

/** Rows of an upload: a JSON array of objects, or the first sheet of a spreadsheet sent as multipart form data. */
export async function uploadedRows(
  request: FastifyRequest,
  limits: SheetLimits = SHEET_LIMITS,
): Promise<Record<string, unknown>[]> {
  if (request.isMultipart()) {
    const file = await request.file();
    if (!file) throw new BadRequestError('noFile', 'file');
    const buf = await file.toBuffer();
    if (!sniffSpreadsheet(buf)) throw new UnsupportedMediaTypeError('notASpreadsheet');
    return readSpreadsheet(buf, limits);
  }
  const body = request.body;
  if (!Array.isArray(body) || body.some((r) => typeof r !== 'object' || r === null || Array.isArray(r))) {
    throw new BadRequestError('rowsExpected', 'body');
  }
  return body as Record<string, unknown>[];
}
