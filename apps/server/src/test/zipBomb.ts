import { constants, deflateRawSync } from 'node:zlib';

/** One entry of a hand-made zip: its deflated (or stored) bytes and the size its headers declare. */
export type RawEntry = { name: string; data: Buffer; method: 0 | 8; declared: number };

/** A zip archive of the entries, headers written by hand (CRCs left 0: the checks under test never read them). */
export function zipOf(entries: RawEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(e.method, 8);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(e.method, 10);
    central.writeUInt32LE(e.data.length, 20);
    central.writeUInt32LE(e.declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.data);
    centrals.push(central, name);
    offset += local.length + name.length + e.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * A raw deflate stream of `mb` megabytes of one repeated byte, made in milliseconds without ever holding them: one
 * megabyte deflated and sync-flushed (a byte-aligned block that only looks back at the same byte), repeated, then
 * an empty final block.
 */
export function deflatedRepeats(mb: number, byte = 0x20): Buffer {
  const block = deflateRawSync(Buffer.alloc(1024 * 1024, byte), { finishFlush: constants.Z_SYNC_FLUSH, level: 9 });
  return Buffer.concat([...Array.from({ length: mb }, () => block), Buffer.from([0x03, 0x00])]);
}

const small = (name: string, text: string): RawEntry => {
  const data = Buffer.from(text);
  return { name, data: deflateRawSync(data), method: 8, declared: data.length };
};

/**
 * An .xlsx-shaped zip bomb: a workbook whose one sheet inflates to `mb` megabytes (of spaces, which an XML parser
 * would read on and on). `lying`: the directory declares the sheet at a few kilobytes.
 */
export function xlsxBomb(mb: number, lying = false): Buffer {
  return zipOf([
    small('[Content_Types].xml', '<?xml version="1.0"?><Types/>'),
    small('xl/workbook.xml', '<?xml version="1.0"?><workbook><sheets><sheet name="a"/></sheets></workbook>'),
    {
      name: 'xl/worksheets/sheet1.xml',
      data: deflatedRepeats(mb),
      method: 8,
      declared: lying ? 4096 : mb * 1024 * 1024,
    },
  ]);
}
