import { createHmac, timingSafeEqual } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { deriveKey } from '../lib/secrets.ts';
import { isDeadlock, rowsOf } from '../lib/sql.ts';
import type { Database, Db } from './client.ts';
import { markIncomplete } from './open.ts';

/**
 * The console's own backups: every row of every table (the unlogged caches aside) as PostgreSQL writes it
 * (`row_to_json`), read in one repeatable-read transaction (a consistent snapshot while the console runs), one JSON
 * line each, gzipped. The first line says what it is: the migrations the database had and the fingerprint of the
 * secrets key (the stored passwords and keys are encrypted with it, so a restore can tell a wrong key before it
 * writes anything); the line after the rows counts each table's rows (a file cut short has none); the last line is an
 * HMAC-SHA256 of every line before it under a key derived from the master key, so that a file changed after it was
 * made (a user added, a role raised) is refused before anything is written: the key's fingerprint in the header is
 * public, the MAC's key is not. A restore checks the MAC over the whole file first, then loads the rows back with
 * `json_populate_recordset` in one transaction, parents before children, and sets the sequences.
 * The same file moves a console from its embedded database to PostgreSQL.
 */

export const BACKUP_KIND = 'it4u-console-backup';
/** 2: the file ends with its MAC (format 1, before it, had none and is refused). */
const FORMAT = 2;
const BATCH = 1_000;

export type BackupHeader = {
  kind: typeof BACKUP_KIND;
  format: number;
  createdAt: string;
  /** the database it was made from */
  from: Database['kind'];
  /** the migrations applied to it, by their hashes (a restore needs the same) */
  migrations: string[];
  /** the secrets key's fingerprint (not the key) */
  keyFingerprint: string;
};

export type BackupSummary = { file: string; tables: Record<string, number>; rows: number; bytes: number };

/** Says why a backup cannot be restored (or made), in words for the operator. */
export class BackupError extends Error {}

/** A short fingerprint of the secrets key: tells two keys apart, and nothing of the key. */
export function keyFingerprint(masterKey: Buffer): string {
  return deriveKey(masterKey, 'backup-fingerprint').toString('hex').slice(0, 16);
}

/** The MAC of a backup's lines: an HMAC-SHA256 under a key of its own, derived from the master key. */
const backupMac = (masterKey: Buffer) => createHmac('sha256', deriveKey(masterKey, 'backup-mac'));
const MAC_LINE = '{"@mac":';

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The tables a backup holds: the public schema's, logged ones only (an unlogged table is a cache). */
export async function tablesOf(db: Db): Promise<string[]> {
  const rows = rowsOf<{ name: string }>(
    await db.execute(sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' and c.relpersistence = 'p' order by c.relname`),
  );
  return rows.map((r) => r.name);
}

async function migrationsOf(db: Db): Promise<string[]> {
  const rows = rowsOf<{ hash: string }>(
    await db.execute(sql`select hash from drizzle.__drizzle_migrations order by id`),
  );
  return rows.map((r) => r.hash);
}

/**
 * Writes a backup of the database to file, tables parents first (a restore writes them in the file's order), through
 * a temporary file: a file at that name is always whole.
 */
export async function writeBackup(database: Database, masterKey: Buffer, file: string): Promise<BackupSummary> {
  const partial = `${file}.partial`;
  // what a run killed half-way left: gone first, then made anew exclusively
  await rm(partial, { force: true });
  const tables: Record<string, number> = {};
  const gzip = createGzip();
  // a new file of this account's alone: never one that was there (a link planted at its name is not followed)
  const out = pipeline(gzip, createWriteStream(partial, { mode: 0o600, flags: 'wx' }));
  const mac = backupMac(masterKey);
  const write = async (line: string) => {
    mac.update(`${line}\n`);
    if (!gzip.write(`${line}\n`)) await once(gzip, 'drain');
  };
  try {
    await database.db.transaction(
      async (tx) => {
        const header: BackupHeader = {
          kind: BACKUP_KIND,
          format: FORMAT,
          createdAt: new Date().toISOString(),
          from: database.kind,
          migrations: await migrationsOf(tx),
          keyFingerprint: keyFingerprint(masterKey),
        };
        await write(JSON.stringify(header));
        for (const table of await parentsFirst(tx, await tablesOf(tx))) {
          await write(JSON.stringify({ '@table': table }));
          let count = 0;
          await tx.execute(
            sql.raw(`declare it4u_backup no scroll cursor for select row_to_json(t)::text as j from ${ident(table)} t`),
          );
          for (;;) {
            const rows = rowsOf<{ j: string }>(await tx.execute(sql.raw(`fetch ${BATCH} from it4u_backup`)));
            for (const r of rows) await write(r.j);
            count += rows.length;
            if (rows.length < BATCH) break;
          }
          await tx.execute(sql.raw('close it4u_backup'));
          tables[table] = count;
        }
        await write(JSON.stringify({ '@end': { tables } }));
        gzip.write(`${JSON.stringify({ '@mac': mac.digest('hex') })}\n`);
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    gzip.end();
    await out;
    await rename(partial, file);
  } catch (err) {
    gzip.destroy();
    await out.catch(() => {});
    await rm(partial, { force: true });
    throw err;
  }
  const { size } = await stat(file);
  return { file, tables, rows: Object.values(tables).reduce((a, b) => a + b, 0), bytes: size };
}

/** The backup's lines, one at a time. */
async function* readLines(file: string): AsyncGenerator<string> {
  const input = createGunzip();
  // a file that cannot be read, or is not whole, fails the reading of its lines
  const said = (err: unknown) =>
    (err as { code?: string }).code?.startsWith('Z_')
      ? new BackupError(`${file} is incomplete or damaged (${(err as Error).message}): nothing was restored.`)
      : err;
  const reading = pipeline(createReadStream(file), input);
  reading.catch(() => {}); // said by the loop below
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  try {
    for await (const line of lines) yield line;
    await reading;
  } catch (err) {
    throw said(err);
  } finally {
    lines.close();
    input.destroy();
  }
}

/**
 * Checks a backup's MAC over every line before it, reading the whole file: it must be its last line, and be the MAC
 * of this console's key. Nothing is written before it holds.
 */
async function verifyMac(file: string, masterKey: Buffer): Promise<void> {
  const mac = backupMac(masterKey);
  let found: string | undefined;
  for await (const line of readLines(file)) {
    if (found !== undefined) throw new BackupError('The backup is damaged: lines after its MAC. Nothing was restored.');
    if (line.startsWith(MAC_LINE)) {
      found = String((JSON.parse(line) as { '@mac': unknown })['@mac']);
      continue;
    }
    mac.update(`${line}\n`);
  }
  const expected = Buffer.from(mac.digest('hex'));
  const given = Buffer.from(found ?? '');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new BackupError(
      `${file} does not verify: it was changed after it was made, or cut short (its MAC under this console's key ${found === undefined ? 'is missing' : 'does not match'}). Nothing was restored.`,
    );
  }
}

/** Reads a backup's first line: what it is. */
export async function readHeader(file: string): Promise<BackupHeader> {
  try {
    for await (const line of readLines(file)) {
      const header = JSON.parse(line) as Partial<BackupHeader>;
      if (header.kind !== BACKUP_KIND) break;
      if (header.format !== FORMAT) {
        throw new BackupError(
          `${file} was made by an earlier version of the console, without a MAC: restore it with that version, then upgrade.`,
        );
      }
      return header as BackupHeader;
    }
  } catch (err) {
    if (err instanceof BackupError) throw err;
    // not readable, not gzip, or not JSON: said below
  }
  throw new BackupError(`${file} is not a backup of this console.`);
}

/** The tables in an order where every table comes after those its foreign keys name. */
async function parentsFirst(db: Db, tables: string[]): Promise<string[]> {
  const edges = rowsOf<{ child: string; parent: string }>(
    await db.execute(sql`select c.relname as child, p.relname as parent from pg_constraint k
      join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
      join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'f' and n.nspname = 'public' and c.oid <> p.oid`),
  );
  const ordered: string[] = [];
  const seen = new Set<string>();
  const visit = (table: string, path: Set<string>) => {
    if (seen.has(table) || path.has(table)) return;
    path.add(table);
    for (const e of edges) if (e.child === table) visit(e.parent, path);
    seen.add(table);
    ordered.push(table);
  };
  for (const t of tables) visit(t, new Set());
  return ordered;
}

/** The columns a restore writes (generated columns are computed again). */
async function writableColumns(db: Db, table: string): Promise<string[]> {
  const rows = rowsOf<{ name: string }>(
    await db.execute(sql`select a.attname as name from pg_attribute a
      where a.attrelid = ${ident(table)}::regclass and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      order by a.attnum`),
  );
  return rows.map((r) => r.name);
}

/** Whether someone has signed in to the database's console (it holds sessions). */
export async function inUse(db: Db): Promise<boolean> {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from sessions`));
  return (row?.n ?? 0) > 0;
}

export type RestoreOptions = {
  /** replace what the database holds (else a database in use, with users who signed in, is refused) */
  replace?: boolean;
  /** take back the mark of an incomplete copy in the restore's own transaction */
  unmark?: boolean;
};

/**
 * Restores a backup into a migrated database, all or nothing (one transaction): refuses a backup made with another
 * secrets key, or of other migrations, or cut short; replaces every table's rows; sets the sequences past the
 * restored ids; and compares each table's count with the backup's. Answers the counts.
 */
export async function restoreBackup(
  database: Database,
  masterKey: Buffer,
  file: string,
  options: RestoreOptions = {},
): Promise<BackupSummary> {
  const header = await readHeader(file);
  const ours = keyFingerprint(masterKey);
  if (header.keyFingerprint !== ours) {
    throw new BackupError(
      `The backup was made with another secrets key (fingerprint ${header.keyFingerprint}; this console's is ${ours}). ` +
        'Restore with the key it was made with: SECRET_KEY, or the secret.key file of its DATA_DIR.',
    );
  }
  const migrations = await migrationsOf(database.db);
  const same = migrations.length === header.migrations.length && migrations.every((m, i) => m === header.migrations[i]);
  if (!same) {
    throw new BackupError(
      `The backup is of a database with ${header.migrations.length} migrations; this console's has ${migrations.length}. ` +
        'Restore it with the version of the console that made it, then upgrade.',
    );
  }
  await verifyMac(file, masterKey);
  if (!options.replace && (await inUse(database.db))) {
    throw new BackupError(
      'This database is in use (someone has signed in to it): restore into an empty one, or replace it (--replace).',
    );
  }
  let tables: Record<string, number> = {};
  // the truncate takes every table at once: a console's job reading two of them meanwhile may lock in a circle with
  // it, and PostgreSQL then cancels one of the two (all or nothing, so the restore is simply tried again)
  for (let attempt = 1; ; attempt++) {
    tables = {};
    try {
      await restoreOnce();
      break;
    } catch (err) {
      if (!isDeadlock(err) || attempt >= 5) throw err;
    }
  }
  async function restoreOnce() {
    await database.db.transaction(async (tx) => {
      const present = await tablesOf(tx);
      await tx.execute(sql.raw(`truncate ${present.map(ident).join(', ')} restart identity cascade`));
      const columns = new Map<string, string[]>();
      for (const t of present) columns.set(t, await writableColumns(tx, t));
      let table: string | undefined;
      let batch: string[] = [];
      let ended: { tables: Record<string, number> } | undefined;
      const flush = async () => {
        if (table === undefined || batch.length === 0) return;
        const cols = (columns.get(table) ?? []).map(ident).join(', ');
        const into = `insert into ${ident(table)} (${cols}) overriding system value select ${cols}
        from json_populate_recordset(null::${ident(table)}, `;
        await tx.execute(sql`${sql.raw(into)}${`[${batch.join(',')}]`}::json)`);
        tables[table] = (tables[table] ?? 0) + batch.length;
        batch = [];
      };
      let first = true;
      for await (const line of readLines(file)) {
        if (first) {
          first = false;
          continue;
        }
        // its MAC, checked before the restore began
        if (line.startsWith(MAC_LINE)) continue;
        if (ended) throw new BackupError('The backup is damaged: lines after its end.');
        if (line.startsWith('{"@table":')) {
          await flush();
          table = (JSON.parse(line) as { '@table': string })['@table'];
          if (!columns.has(table))
            throw new BackupError(`The backup holds a table this console does not have: ${table}.`);
          continue;
        }
        if (line.startsWith('{"@end":')) {
          await flush();
          ended = (JSON.parse(line) as { '@end': { tables: Record<string, number> } })['@end'];
          continue;
        }
        if (table === undefined) throw new BackupError('The backup is damaged: rows before any table.');
        batch.push(line);
        if (batch.length >= BATCH) await flush();
      }
      if (!ended) throw new BackupError('The backup is incomplete (it was cut short): nothing was restored.');
      for (const [name, count] of Object.entries(ended.tables)) {
        if ((tables[name] ?? 0) !== count) {
          throw new BackupError(
            `The backup is damaged: ${name} should have ${count} rows, ${tables[name] ?? 0} were read.`,
          );
        }
      }
      if (options.unmark) await markIncomplete({ db: tx }, false);
      // each sequence past the largest id restored
      const sequences = rowsOf<{ seq: string; tbl: string; col: string }>(
        await tx.execute(sql`select s.oid::regclass::text as seq, t.relname as tbl, a.attname as col
        from pg_class s join pg_depend d on d.objid = s.oid and d.deptype in ('a', 'i')
        join pg_class t on t.oid = d.refobjid join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
        join pg_namespace n on n.oid = t.relnamespace
        where s.relkind = 'S' and n.nspname = 'public'`),
      );
      for (const s of sequences) {
        await tx.execute(
          sql.raw(`select setval('${s.seq.replaceAll("'", "''")}', coalesce((select max(${ident(s.col)}) from ${ident(s.tbl)}), 1),
          (select max(${ident(s.col)}) from ${ident(s.tbl)}) is not null)`),
        );
      }
    });
  }
  const rows = Object.values(tables).reduce((a, b) => a + b, 0);
  return { file, tables, rows, bytes: 0 };
}
