import { Worker } from 'node:worker_threads';
import { createInflateRaw } from 'node:zlib';
import { checkZip, INFLATE_LIMITS, type InflateLimits, sniffSpreadsheet, type ZipEntry } from '@it4u/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, BadRequestError, UnavailableError, UnsupportedMediaTypeError } from './errors.ts';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** JSON rows of a large spreadsheet are bigger than the file; files themselves stop at MAX_UPLOAD_BYTES. */
export const UPLOAD_JSON_LIMIT = 64 * 1024 * 1024;

/**
 * How long and how much memory reading one uploaded spreadsheet may take, how many are read at once, and how much
 * an .xlsx may hold once inflated. A sheet of 50 MB of XML (about 200,000 rows of six columns) takes the parser
 * about 200 MB of heap and 5 seconds; the worker gets 384 MB.
 */
export type SheetLimits = { timeMs: number; memoryMb: number; concurrent?: number; inflate?: InflateLimits };
export const SHEET_LIMITS: SheetLimits = { timeMs: 45_000, memoryMb: 384, concurrent: 2, inflate: INFLATE_LIMITS };

/** Workbooks being read now (per process): their memory is bounded by concurrent × memoryMb. */
let reading = 0;

const WORKER = new URL('./sheet.worker.mjs', import.meta.url);

/** How many bytes a raw deflate stream inflates to, counted chunk by chunk (none kept), up to `limit` plus one. */
function inflatedSize(data: Uint8Array, limit: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflate = createInflateRaw({ chunkSize: 64 * 1024 });
    let bytes = 0;
    inflate.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > limit) {
        inflate.destroy();
        resolve(bytes);
      }
    });
    inflate.on('end', () => resolve(bytes));
    inflate.on('error', reject);
    inflate.end(data);
  });
}

/**
 * Whether the entries of a zip (read from its directory) really inflate to at most `maxBytes` in all: the sizes a
 * directory declares can lie. Each entry is inflated by zlib off the main thread (its thread pool) and its bytes
 * counted, never kept; the parser inflates them again only if all fit.
 */
async function inflatesWithin(buf: Buffer, entries: ZipEntry[], maxBytes: number): Promise<boolean> {
  let left = maxBytes;
  for (const e of entries) {
    left -= e.method === 0 ? e.compressedSize : await inflatedSize(buf.subarray(e.dataStart), Math.max(left, 0));
    if (left < 0) return false;
  }
  return true;
}

/**
 * The first sheet's rows, read off the main thread in a worker with a time and memory limit. An .xlsx is checked
 * first, without a worker: its zip directory must declare at most the inflate bound (50 MB in all, 100 times its
 * size), and its entries must really inflate to no more (counted while inflating: a directory can lie); 413
 * `spreadsheetTooLarge` otherwise. A file the parser cannot read is 415, one that takes too long or too much memory
 * 422; the worker is stopped either way.
 */
export async function readSpreadsheet(
  buf: Buffer,
  limits: SheetLimits = SHEET_LIMITS,
): Promise<Record<string, unknown>[]> {
  const bound = limits.inflate ?? INFLATE_LIMITS;
  if (sniffSpreadsheet(buf) === 'xlsx') {
    const tooLarge = new AppError(413, 'spreadsheetTooLarge', { max: Math.floor(bound.maxBytes / 1024 / 1024) });
    const zip = checkZip(buf, bound);
    if (!zip.ok) throw zip.problem === 'tooLarge' ? tooLarge : new UnsupportedMediaTypeError('unreadableSpreadsheet');
    const fits = await inflatesWithin(buf, zip.entries, bound.maxBytes).catch(() => {
      throw new UnsupportedMediaTypeError('unreadableSpreadsheet');
    });
    if (!fits) throw tooLarge;
  }
  if (reading >= (limits.concurrent ?? SHEET_LIMITS.concurrent ?? 2)) {
    throw new UnavailableError(503, 'uploadsBusy');
  }
  reading++;
  return new Promise<Record<string, unknown>[]>((resolve, reject) => {
    const worker = new Worker(WORKER, {
      workerData: { read: buf },
      resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb, maxYoungGenerationSizeMb: 32 },
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

/** Answers a spreadsheet as a download named `filename`. */
export function sendSheet(reply: FastifyReply, filename: string, sheet: Buffer): FastifyReply {
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(sheet);
}

/** The rows an import saved, for /metrics (plugins/metrics.ts counts the import routes by their config). */
const savedRows = new WeakMap<FastifyRequest, number>();
export const rowsImported = (request: FastifyRequest) => savedRows.get(request) ?? 0;

/**
 * The route of a spreadsheet upload: its rows (a JSON array, or the file itself read within `limits`) go to `save`,
 * which answers how many it saved.
 */
export function sheetUpload(
  limits: SheetLimits,
  save: (rows: Record<string, unknown>[], request: FastifyRequest) => Promise<number>,
) {
  return {
    options: { bodyLimit: UPLOAD_JSON_LIMIT, config: { transfer: 'import' as const } },
    handler: async (request: FastifyRequest) => {
      const saved = await save(await uploadedRows(request, limits), request);
      savedRows.set(request, saved);
      return { saved };
    },
  };
}
