// The console's backups from the command line (npm run backup / restore / move-to-postgres); see docs/operations.md.
//   npm run backup [-- FILE]                 a consistent snapshot, to FILE or BACKUP_DIR/it4u-<time>.it4u.gz
//   npm run restore -- FILE [--replace]      into the database the console runs on (DATABASE_URL, else embedded)
//   npm run move-to-postgres                 the embedded database (DATA_DIR) copied into DATABASE_URL's
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from './config.ts';
import { BackupError, inUse, restoreBackup, writeBackup } from './db/backup.ts';
import { type Database, DataDirInUseError, migrate, openPglite, openPostgres } from './db/client.ts';
import { isIncomplete, markIncomplete, openDatabase } from './db/open.ts';
import { keepDataDirPrivate } from './lib/dataDir.ts';
import { loadMasterKey } from './lib/secrets.ts';

const config = loadConfig();
const [command, ...args] = process.argv.slice(2);
const say = (line: string) => process.stdout.write(`${line}\n`);

/**
 * Opens the embedded database, which cannot be opened by two processes: while the console runs on it, says what to do
 * instead.
 */
async function embedded<T>(open: () => Promise<T>): Promise<T> {
  try {
    return await open();
  } catch (err) {
    if (!(err instanceof DataDirInUseError)) throw err;
    throw new BackupError(
      `The console (process ${err.pid}) is running on the embedded database in ${config.dataDir}: stop it first, or ` +
        'back up from Settings → Parameter → Backups (Back up now) while it runs.',
    );
  }
}

async function open(): Promise<Database> {
  return embedded(() => openDatabase(config));
}

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

async function main() {
  // what this command writes (a backup, the embedded database) is this account's alone, as the console's own files
  for (const line of keepDataDirPrivate(config.dataDir, config.backups.dir))
    say(`warning: another local account could read or write ${line}`);
  const masterKey = loadMasterKey(config.secretKey, config.dataDir);
  if (command === 'backup') {
    const dir = config.backups.dir;
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const file = path.resolve(args[0] ?? path.join(dir, `it4u-${stamp()}.it4u.gz`));
    const database = await open();
    try {
      const made = await writeBackup(database, masterKey, file);
      say(`Backed up ${made.rows} rows of ${Object.keys(made.tables).length} tables to ${file} (${kb(made.bytes)}).`);
    } finally {
      await database.close();
    }
  } else if (command === 'restore') {
    const file = args.find((a) => !a.startsWith('--'));
    if (!file) throw new BackupError('Say which backup to restore: npm run restore -- FILE');
    const database = await open();
    try {
      const done = await restoreBackup(database, masterKey, path.resolve(file), {
        replace: args.includes('--replace'),
      });
      say(`Restored ${done.rows} rows of ${Object.keys(done.tables).length} tables from ${file}.`);
    } finally {
      await database.close();
    }
  } else if (command === 'move-to-postgres') {
    if (!config.databaseUrl) throw new BackupError('Set DATABASE_URL to the PostgreSQL database to move to.');
    // a folder of this account's alone, of a name nobody can guess beforehand (a link planted in /tmp is never followed)
    const folder = mkdtempSync(path.join(tmpdir(), 'it4u-move-'));
    const file = path.join(folder, 'move.it4u.gz');
    try {
      const from = await embedded(() => openPglite(path.join(config.dataDir, 'pg')));
      try {
        await migrate(from);
        await writeBackup(from, masterKey, file);
      } finally {
        await from.close();
      }
      const to = await openPostgres(config.databaseUrl, 2);
      try {
        await migrate(to);
        if (!(await isIncomplete(to.db)) && (await inUse(to.db))) {
          throw new BackupError(
            'The PostgreSQL database is in use by a console (someone has signed in to it): move into an empty one.',
          );
        }
        // said before a row is written, taken back in the copy's own transaction: a copy killed half-way leaves a
        // database the console refuses to start on, and the command run again starts clean
        await markIncomplete(to, true);
        const done = await restoreBackup(to, masterKey, file, { replace: true, unmark: true });
        say(`Copied ${done.rows} rows of ${Object.keys(done.tables).length} tables into PostgreSQL; counts compared.`);
      } finally {
        await to.close();
      }
      say('Run the console there: keep DATABASE_URL set (and the same SECRET_KEY or DATA_DIR/secret.key).');
      say(`The embedded database in ${path.join(config.dataDir, 'pg')} is left as it was.`);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  } else {
    throw new BackupError('Commands: backup [FILE], restore FILE [--replace], move-to-postgres');
  }
}

try {
  await main();
} catch (err) {
  process.stderr.write(`${err instanceof BackupError ? err.message : ((err as Error).stack ?? String(err))}\n`);
  process.exit(1);
}
