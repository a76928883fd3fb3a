import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../lib/sql.ts';
import { createSitesRepository } from '../modules/sites/sites.repository.ts';
import { seedUser } from '../test/helpers.ts';
import { tablesOf } from './backup.ts';
import { type Database, migrate, openPglite, openPostgres } from './client.ts';
import { isIncomplete, openDatabase } from './open.ts';

const cli = path.join(import.meta.dirname, '..', 'backup.cli.ts');

function run(env: NodeJS.ProcessEnv): { child: ChildProcess; done: Promise<{ code: number | null; out: string }> } {
  const child = spawn(process.execPath, ['--import', 'tsx', cli, 'move-to-postgres'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  return { child, done: new Promise((resolve) => child.on('exit', (code) => resolve({ code, out }))) };
}

async function counts(database: Database): Promise<Record<string, number>> {
  const all: Record<string, number> = {};
  for (const name of await tablesOf(database.db)) {
    const [row] = rowsOf<{ n: number }>(await database.db.execute(sql.raw(`select count(*)::int as n from "${name}"`)));
    all[name] = row?.n ?? 0;
  }
  return all;
}

/**
 * npm run move-to-postgres copies the embedded database into PostgreSQL; killed half-way, it leaves a database that
 * says it is incomplete and that the console refuses to start on; run again, it starts clean and finishes.
 */
describe.skipIf(!process.env.DATABASE_URL)('moving from the embedded database to PostgreSQL', () => {
  it('is all or nothing: a copy killed half-way is refused, the command run again finishes it', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'it4u-move-'));
    const base = process.env.DATABASE_URL as string;
    const name = `it4u_move_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    // the command's own temporary files go in a folder of the test's (TMPDIR), to be looked at
    const tmp = mkdtempSync(path.join(tmpdir(), 'it4u-move-tmp-'));
    const moves = () => readdirSync(tmp).filter((f) => f.startsWith('it4u-move-'));
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: url.toString(),
      SECRET_KEY: randomBytes(32).toString('hex'),
      TMPDIR: tmp,
    };
    const lock = new pg.Client({ connectionString: url.toString() });
    try {
      // a console's embedded database with a person and a site
      const embedded = await openPglite(path.join(dataDir, 'pg'));
      await migrate(embedded);
      const person = await seedUser(embedded, { roles: ['ROLE_ADMIN'], username: 'chi.mai' });
      await createSitesRepository(embedded.db).insert({ sitename: 'Khách sạn Hoa Mai', idname: 'hoamai01' });
      const expected = await counts(embedded);
      // while a console holds it (this process here), the command is refused and says what to do instead
      const refused = await run(env).done;
      expect(refused.code).not.toBe(0);
      expect(refused.out).toContain(`The console (process ${process.pid}) is running on the embedded database`);
      await embedded.close();

      // the target migrated, and a table held by another session: the copy waits there until it is killed
      const target = await openPostgres(url.toString(), 2);
      await migrate(target);
      await lock.connect();
      await lock.query('begin');
      await lock.query('lock table users in access exclusive mode');
      const first = run(env);
      await expect.poll(() => isIncomplete(target.db), { timeout: 30_000 }).toBe(true);
      await expect
        .poll(
          async () =>
            rowsOf<{ n: number }>(
              await target.db.execute(sql`select count(*)::int as n from pg_stat_activity
                where datname = current_database() and wait_event_type = 'Lock'`),
            )[0]?.n,
          { timeout: 30_000 },
        )
        .toBeGreaterThan(0);
      // its copy is in a folder of a name nobody could guess beforehand, this account's alone, never a fixed name
      // in /tmp where another local account could have planted a link
      const [folder, ...more] = moves();
      expect(more).toEqual([]);
      expect(folder).toMatch(/^it4u-move-\w{6}$/);
      expect(statSync(path.join(tmp, folder as string)).mode & 0o777).toBe(0o700);
      expect(statSync(path.join(tmp, folder as string, 'move.it4u.gz')).mode & 0o777).toBe(0o600);
      first.child.kill('SIGKILL');
      await first.done;
      await lock.query('rollback');
      await target.close();
      await expect(openDatabase({ databaseUrl: url.toString(), dataDir })).rejects.toThrow(/incomplete copy/);

      // again, to the end
      const second = await run(env).done;
      expect(second.code, second.out).toBe(0);
      expect(second.out).toMatch(/Copied \d+ rows/);
      // a run to its end takes its folder away (the killed one's stays, private)
      expect(moves()).toEqual([folder]);
      const moved = await openDatabase({ databaseUrl: url.toString(), dataDir });
      try {
        expect(await counts(moved)).toEqual(expected);
        const [row] = rowsOf<{ username: string }>(
          await moved.db.execute(sql`select username from users where id = ${person.id}`),
        );
        expect(row?.username).toBe('chi.mai');
      } finally {
        await moved.close();
      }
    } finally {
      await lock.end().catch(() => {});
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});
