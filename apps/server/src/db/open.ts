import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import { rowsOf } from '../lib/sql.ts';
import { type Database, type Db, migrate, openPglite, openPostgres } from './client.ts';

const INCOMPLETE = 'it4u: an incomplete copy (npm run move-to-postgres did not finish)';

/**
 * Marks the database as holding an incomplete copy, or takes the mark back (a comment on the database, so that it
 * lives outside the tables a copy replaces, and is taken back in the copy's own transaction).
 */
export async function markIncomplete(database: Database | { db: Db }, on: boolean): Promise<void> {
  const text = on ? `'${INCOMPLETE.replaceAll("'", "''")}'` : 'null';
  await database.db.execute(
    sql.raw(
      `do $$ begin execute format('comment on database %I is ${text.replaceAll("'", "''")}', current_database()); end $$`,
    ),
  );
}

/** Whether the database holds an incomplete copy. */
export async function isIncomplete(db: Db): Promise<boolean> {
  const [row] = rowsOf<{ note: string | null }>(
    await db.execute(
      sql`select shobj_description(oid, 'pg_database') as note from pg_database where datname = current_database()`,
    ),
  );
  return row?.note === INCOMPLETE;
}

/**
 * The database the config names (PostgreSQL with DATABASE_URL, else PGlite in DATA_DIR/pg), migrated; refused when
 * it holds an incomplete copy.
 */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  const dir = path.join(config.dataDir, 'pg');
  const fresh = !config.databaseUrl && !existsSync(path.join(dir, 'PG_VERSION'));
  const database = config.databaseUrl ? await openPostgres(config.databaseUrl) : await openPglite(dir);
  if (await isIncomplete(database.db)) {
    await database.close();
    throw new Error(
      'This database holds an incomplete copy: npm run move-to-postgres was interrupted. Run it again to copy anew.',
    );
  }
  await migrate(database);
  if (!fresh) return database;
  // A first start made the embedded database (initdb) and migrated it: its WebAssembly memory grew to what that took,
  // hundreds of MB it can never give back. Opened again, it starts at its idle size.
  await database.close();
  return openPglite(dir);
}
