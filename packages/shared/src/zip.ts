/**
 * The directory of a zip archive (an .xlsx workbook), read without inflating anything: the server and the browser
 * check what an upload's entries say they hold before a spreadsheet library inflates them, so a small file that
 * inflates to gigabytes (a zip bomb) is refused at once. Declared sizes can lie: the server also counts the bytes
 * while it inflates (lib/sheet.worker.mjs), against the same bound.
 */

/** How much an uploaded workbook may hold once inflated, and how much more than it weighs. */
export type InflateLimits = { maxBytes: number; maxRatio: number; maxEntries: number };
export const INFLATE_LIMITS: InflateLimits = { maxBytes: 50 * 1024 * 1024, maxRatio: 100, maxEntries: 2_000 };

/** An entry that is inflated (or copied) before a spreadsheet library reads it: where its data starts, how. */
export type ZipEntry = { name: string; method: 0 | 8; dataStart: number; compressedSize: number; size: number };

export type ZipCheck =
  | { ok: true; entries: ZipEntry[]; inflatedBytes: number }
  | { ok: false; problem: 'tooLarge' | 'unreadable' };

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const ZIP64_FIELD = 0x0001;
/** Small entries may shrink a lot (an empty sheet of styles does); the ratio is checked from this size on. */
const RATIO_FROM_BYTES = 1024 * 1024;

/** Whether an extra field block holds a zip64 record (sizes past 4 GB, which no workbook of ours has). */
function hasZip64(view: DataView, start: number, length: number): boolean {
  let p = start;
  while (p + 4 <= start + length) {
    if (view.getUint16(p, true) === ZIP64_FIELD) return true;
    p += 4 + view.getUint16(p + 2, true);
  }
  return false;
}

/**
 * Reads the end-of-central-directory record and every central-directory entry with its local header, and sums the
 * sizes they declare. Refused as `tooLarge`: more than `maxBytes` inflated in all, more entries than `maxEntries`,
 * or an entry (or the whole) more than `maxRatio` times its compressed size. Refused as `unreadable`: no directory,
 * zip64, split or encrypted archives, methods other than stored and deflate, offsets outside the file.
 * The last end-of-directory signature of the file counts, as the spreadsheet library reads it.
 */
export function checkZip(bytes: Uint8Array, limits: InflateLimits = INFLATE_LIMITS): ZipCheck {
  const unreadable: ZipCheck = { ok: false, problem: 'unreadable' };
  const tooLarge: ZipCheck = { ok: false, problem: 'tooLarge' };
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const length = bytes.byteLength;
  let end = length - 4;
  while (end >= 0 && view.getUint32(end, true) !== EOCD) end--;
  if (end < 0 || end + 22 > length) return unreadable;
  const disk = view.getUint16(end + 4, true);
  const directoryDisk = view.getUint16(end + 6, true);
  const count = view.getUint16(end + 8, true);
  const total = view.getUint16(end + 10, true);
  const directoryOffset = view.getUint32(end + 16, true);
  if (disk !== 0 || directoryDisk !== 0 || count !== total || count === 0xffff || directoryOffset === 0xffffffff) {
    return unreadable;
  }
  if (count > limits.maxEntries) return tooLarge;
  const entries: ZipEntry[] = [];
  let inflatedBytes = 0;
  let p = directoryOffset;
  for (let i = 0; i < count; i++) {
    if (p + 46 > end || view.getUint32(p, true) !== CENTRAL) return unreadable;
    const flags = view.getUint16(p + 8, true);
    const method = view.getUint16(p + 10, true);
    const compressedSize = view.getUint32(p + 20, true);
    const declared = view.getUint32(p + 24, true);
    const nameLength = view.getUint16(p + 28, true);
    const extraLength = view.getUint16(p + 30, true);
    const commentLength = view.getUint16(p + 32, true);
    const localOffset = view.getUint32(p + 42, true);
    if (p + 46 + nameLength + extraLength > end) return unreadable;
    if (flags & 0x2041 || (method !== 0 && method !== 8)) return unreadable;
    if (hasZip64(view, p + 46 + nameLength, extraLength)) return unreadable;
    const name = new TextDecoder().decode(bytes.subarray(p + 46, p + 46 + nameLength));
    p += 46 + nameLength + extraLength + commentLength;

    // the library trusts the local header: its method, flags, sizes and extra field count too
    const l = localOffset;
    if (l + 30 > length || view.getUint32(l, true) !== LOCAL) return unreadable;
    const localFlags = view.getUint16(l + 6, true);
    const localMethod = view.getUint16(l + 8, true);
    const localSize = view.getUint32(l + 22, true);
    const localNameLength = view.getUint16(l + 26, true);
    const localExtraLength = view.getUint16(l + 28, true);
    const dataStart = l + 30 + localNameLength + localExtraLength;
    if (dataStart > length || localFlags & 0x2041 || (localMethod !== 0 && localMethod !== 8)) return unreadable;
    if (hasZip64(view, l + 30 + localNameLength, localExtraLength)) return unreadable;
    if (localMethod === 0 && dataStart + compressedSize > length) return unreadable;

    const size = localMethod === 0 ? compressedSize : Math.max(declared, localSize);
    inflatedBytes += size;
    if (inflatedBytes > limits.maxBytes) return tooLarge;
    if (size >= RATIO_FROM_BYTES && size > limits.maxRatio * Math.max(compressedSize, 1)) return tooLarge;
    entries.push({ name, method: localMethod as 0 | 8, dataStart, compressedSize, size });
  }
  if (inflatedBytes >= RATIO_FROM_BYTES && inflatedBytes > limits.maxRatio * length) return tooLarge;
  return { ok: true, entries, inflatedBytes };
}
