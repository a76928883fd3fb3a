import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * drizzle-orm 0.45's transaction on a pool sends `begin` before its `try`: when `begin` fails (the database went away)
 * the pooled connection is never given back, and the pool counts it as held for ever (one more at each outage, until
 * the pool is full). The same transaction with `begin` inside, and a connection whose rollback failed (it is lost)
 * destroyed rather than given back; the caller gets the error that ended the transaction, not the rollback's.
 */
type Loose = never;
type TxInternals = { execute(query: unknown): Promise<unknown>; getTransactionConfigSQL(config: unknown): unknown };
(NodePgSession.prototype as unknown as { transaction: unknown }).transaction = async function transaction(
  this: { client: pg.Pool | pg.PoolClient; dialect: Loose; schema: Loose; options: Loose },
  body: (tx: unknown) => Promise<unknown>,
  config?: unknown,
) {
  const pooled = this.client instanceof pg.Pool;
  const client = pooled ? await (this.client as pg.Pool).connect() : undefined;
  const session = client ? new NodePgSession(client, this.dialect, this.schema, this.options) : (this as Loose);
  const tx = new NodePgTransaction(this.dialect, session, this.schema) as unknown as TxInternals;
  let lost = false;
  try {
    await tx.execute(sql`begin${config ? sql` ${tx.getTransactionConfigSQL(config)}` : undefined}`);
    const result = await body(tx);
    await tx.execute(sql`commit`);
    return result;
  } catch (error) {
    lost = await tx.execute(sql`rollback`).then(
      () => false,
      () => true,
    );
    throw error;
  } finally {
    client?.release(lost);
  }
};

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** the server's connection pool (PostgreSQL only): the realtime adapter listens through it */
  pool?: pg.Pool;
  /** Runs fn while holding a cluster-wide lock, so that one instance at a time does it. */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

const migrationsFolder = path.join(import.meta.dirname, 'migrations');
const MIGRATION_LOCK = 7_210_001;

/**
 * PostgreSQL's own defaults are for a server of its own: its 128 MB of shared buffers sit in PGlite's WebAssembly
 * memory, in the console's process, which can never give memory back. 32 MB hold a console's working set (reads
 * measured no slower, docs/benchmarks.md) and take ~110 MB off the process at idle; a console that outgrows them moves
 * to PostgreSQL (npm run move-to-postgres).
 */
const EMBEDDED_SETTINGS = ['-c', 'shared_buffers=32MB', '-c', 'maintenance_work_mem=16MB'];

/** Another running process holds the embedded database's folder. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: string,
    readonly lockFile: string,
  ) {
    super(
      `The embedded database at ${dataDir} is in use by another running process of the console (process ${pid}: the console or a backup command): stop it first, or give this one another DATA_DIR. (If no such process runs, delete ${lockFile}.)`,
    );
  }
}

/** The data folders this process holds. */
const held = new Set<string>();

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const codeOf = (err: unknown) => (err as NodeJS.ErrnoException).code;

/**
 * Takes the embedded database's folder for this process (`<dataDir>.lock`, holding its pid), or throws when another
 * running process holds it: PGlite keeps the database in the process's memory and writes it back, so two processes on
 * one folder would each overwrite the other's writes (a second `npm start`, a restart begun before the first instance
 * finished closing, `npm run backup` against a running console). Answers how to give it back.
 * - The lock appears whole: written aside, then linked to its name (a reader never sees it half written).
 * - A lock left by a process that died (or by our own pid, not held here: a container's restart) is taken over: moved
 *   aside first, so that of two processes taking it over at once one wins; a lock moved by mistake (another's, fresh)
 *   is put back.
 */
function holdDataDir(dataDir: string): () => void {
  const file = `${path.resolve(dataDir)}.lock`;
  if (held.has(file)) throw new DataDirInUseError(dataDir, String(process.pid), file);
  const mine = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(mine, String(process.pid));
  const take = () => {
    try {
      linkSync(mine, file);
    } catch (err) {
      // a file system without hard links: an exclusive create, written at once
      if (codeOf(err) !== 'EPERM' && codeOf(err) !== 'ENOTSUP') throw err;
      writeFileSync(file, String(process.pid), { flag: 'wx' });
    }
  };
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        take();
        held.add(file);
        return () => {
          held.delete(file);
          rmSync(file, { force: true });
        };
      } catch (err) {
        if (codeOf(err) !== 'EEXIST') throw err;
      }
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch (err) {
        if (codeOf(err) === 'ENOENT') continue;
        throw err;
      }
      const pid = Number.parseInt(text, 10);
      if (pid > 0 && pid !== process.pid && alive(pid)) throw new DataDirInUseError(dataDir, text.trim(), file);
      const aside = `${file}.stale.${process.pid}`;
      try {
        renameSync(file, aside);
      } catch (err) {
        if (codeOf(err) === 'ENOENT') continue;
        throw err;
      }
      if (readFileSync(aside, 'utf8') !== text) {
        try {
          linkSync(aside, file);
        } catch {
          // its name taken again meanwhile: the next attempt reads who holds it
        }
      }
      rmSync(aside, { force: true });
    }
    throw new DataDirInUseError(dataDir, 'unknown', file);
  } finally {
    rmSync(mine, { force: true });
  }
}

/** PGlite in-process: at dataDir, or in memory when dataDir is undefined; from a dump of another when given one. */
export async function openPglite(dataDir?: string, template?: Blob): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const release = dataDir ? holdDataDir(dataDir) : () => {};
  // a template (a migrated database's dump) spares the tests initdb and the migrations
  let client: PGlite;
  try {
    client = new PGlite({
      dataDir,
      // the search box's trigram indexes (migration 0022)
      extensions: { pg_trgm },
      ...(template && { loadDataDir: template }),
      startParams: [...PGlite.defaultStartParams, ...EMBEDDED_SETTINGS],
    });
    await client.waitReady;
  } catch (err) {
    release();
    throw err;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    exclusive: (fn) => fn(),
    async close() {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

/** How long a request waits for a connection before it is answered 503 (the database is away). */
const CONNECT_TIMEOUT_MS = 5_000;

export async function openPostgres(url: string, max = 20): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
  });
  // An idle connection that the server drops (restart, failover) must not take the process down (the pool drops it;
  // the client's own listener below says so).
  pool.on('error', () => {});
  // Nor one that is checked out: a transaction between two statements, the migration lock, the realtime adapter's
  // LISTEN connection. node-postgres emits 'error' on such a client, and an 'error' event nobody listens to ends the
  // process. The statement that was running fails on its own (answered 503); the broken client is not queryable
  // any more, so the pool drops it when it is released.
  pool.on('connect', (client) => {
    client.on('error', (err) => process.stderr.write(`postgres: connection lost: ${err.message}\n`));
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    pool,
    async exclusive(fn) {
      const lockClient = await pool.connect();
      try {
        await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        return await fn();
      } finally {
        await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
        lockClient.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}

/** How many of this version's migrations the database has not had (0 when it is up to date). */
let journalLength: number | undefined;

export async function migrationsPending(db: Db): Promise<number> {
  // this version's migrations do not change while it runs: the journal is read once, not at every readiness probe
  journalLength ??= (
    JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }
  ).entries.length;
  const [row] = (
    (await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows;
  return journalLength - (row?.n ?? 0);
}

export async function migrate(database: Database): Promise<void> {
  await database.exclusive(async () => {
    if (database.kind === 'pglite') {
      // biome-ignore lint/suspicious/noExplicitAny: the two migrators want their own driver types
      await migratePglite(database.db as any, { migrationsFolder });
    } else {
      // biome-ignore lint/suspicious/noExplicitAny: as above
      await migratePg(database.db as any, { migrationsFolder });
    }
  });
}

/**
 * Runs one statement written as text with `$n` parameters, by its name: node-postgres has each connection parse and
 * plan it once (a named statement), PGlite runs it as it is. For statements run very often; the driver stays here.
 */
export async function runNamed<T>(db: Db, name: string, text: string, values: unknown[]): Promise<T[]> {
  const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
  return client instanceof pg.Pool
    ? (await client.query({ name, text, values })).rows
    : (await client.query<T>(text, values)).rows;
}

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
