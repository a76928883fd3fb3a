import path from 'node:path';
import type { Config } from '../config.ts';
import { type Database, migrate, openPglite, openPostgres } from './client.ts';

/** The database the config names (PostgreSQL with DATABASE_URL, else PGlite in DATA_DIR/pg), migrated. */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  const database = config.databaseUrl
    ? await openPostgres(config.databaseUrl)
    : await openPglite(path.join(config.dataDir, 'pg'));
  await migrate(database);
  return database;
}
