import { lstatSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptSecret } from '../lib/crypto.ts';
import { deriveKey } from '../lib/secrets.ts';
import { rowsOf } from '../lib/sql.ts';
import { createTestApp, type Driver, drivers, seedUser, signin, type TestApp, tokenFor } from '../test/helpers.ts';
import { SIM_CLOCKS, startTestSimulator, type TestSimulator } from '../test/simulator.ts';
import { BackupError, readHeader, restoreBackup, tablesOf, writeBackup } from './backup.ts';
import type { Db } from './client.ts';

const NOW = SIM_CLOCKS.noon;

/** Every logged table's rows, as PostgreSQL writes them, sorted: two databases holding the same rows give the same. */
async function contents(db: Db): Promise<Record<string, string[]>> {
  const all: Record<string, string[]> = {};
  for (const name of await tablesOf(db)) {
    const rows = rowsOf<{ j: string }>(
      await db.execute(sql.raw(`select row_to_json(t)::text as j from "${name}" t order by 1`)),
    );
    all[name] = rows.map((r) => r.j);
  }
  return all;
}

/**
 * A console with data in its areas is backed up while it runs, and restored into a new empty console (on the same
 * kind of database, and from the embedded one into PostgreSQL): every row is back, stored secrets decrypt with the
 * key, people sign in with their passwords, and new rows take new ids. A wrong key, a file cut short or a database in
 * use is refused and changes nothing.
 */
describe.each(drivers)('a backup of a console on %s', (driver) => {
  let sim: TestSimulator;
  let t: TestApp;
  let person: { username: string; password: string };
  let file: string;
  const dir = mkdtempSync(path.join(tmpdir(), 'it4u-backup-'));

  beforeAll(async () => {
    sim = await startTestSimulator('noon');
    // the demo's sites and customers, then a person, a controller with its password, the registers
    t = await createTestApp(driver, { demoController: sim.config, syncDemoSites: true, now: () => NOW });
    person = await seedUser(t.database, { roles: ['ROLE_KT'] });
    const admin = (await tokenFor(t, ['ROLE_ADMIN'])).headers;
    const ok = async (method: 'POST' | 'PUT', url: string, payload: object) => {
      const res = await t.app.inject({ method, url: `/api/v1${url}`, headers: admin, payload });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
      return res.json();
    };
    await ok('POST', '/it4u/controllers', {
      name: 'Miền Bắc',
      url: sim.config.url,
      signIn: 'account',
      username: sim.config.username,
      password: sim.config.password,
      verifyTls: true,
    });
    await ok('POST', '/it4u/sitename/', { sitename: 'Khách sạn Hoa Mai', idname: 'hoamai01' });
    const contract = await ok('POST', '/it4u/contracts', {
      customId: 'KH-HM',
      numContract: 'HD-HM-1',
      clientName: 'Khách sạn Hoa Mai',
      phone: '0903 000 111',
      street: '1 Lê Lợi',
      servicePlans: 'FTTH 300M',
      sitename: ['hoamai01'],
    });
    await ok('POST', '/it4u/channel/name', { name: 'VNPT' });
    await ok('POST', '/it4u/listSupplies', { itemCode: 'AP-U6', name: 'UniFi U6', unit: 'Cái', number: 5, value: 1 });
    await ok('POST', '/it4u/clientDeviceInf', {
      contract: { numContract: contract.numContract, clientName: contract.clientName },
      sitename: { idname: 'hoamai01', sitename: 'Khách sạn Hoa Mai' },
      passWan1: 'wan-secret',
      passLb: 'lb-secret',
    });
    file = path.join(dir, 'console.it4u.gz');
    const made = await writeBackup(t.database, t.masterKey, file);
    expect(made.tables.users).toBeGreaterThan(1);
    expect(made.tables.contracts).toBeGreaterThan(1);
  });
  afterAll(async () => {
    await t.close();
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const targets: Driver[] = driver === 'pglite' ? drivers : [driver];
  it.each(targets)('restores into a new console on %s: every row, secrets, sign-in, new ids', async (target) => {
    const fresh = await createTestApp(target, {}, t.masterKey);
    try {
      const done = await restoreBackup(fresh.database, fresh.masterKey, file);
      expect(done.rows).toBeGreaterThan(10);
      const before = await contents(t.database.db);
      expect(Object.keys(before).length).toBeGreaterThan(20); // every area's tables
      expect(await contents(fresh.database.db)).toEqual(before);
      // the stored secrets decrypt with the key
      const [row] = rowsOf<{ password: string }>(
        await fresh.database.db.execute(sql`select password from controllers`),
      );
      expect(decryptSecret(deriveKey(fresh.masterKey, 'secrets'), row?.password ?? '')).toBe(sim.config.password);
      // people sign in with their passwords, and a new row takes an id past the restored ones
      expect((await signin(fresh.app, person.username, person.password)).accessToken).toBeTruthy();
      const newcomer = await seedUser(fresh.database);
      const [max] = rowsOf<{ id: number }>(await t.database.db.execute(sql`select max(id)::int as id from users`));
      expect(newcomer.id).toBeGreaterThan(max?.id ?? 0);
    } finally {
      await fresh.close();
    }
  });

  it.skipIf(driver !== 'postgres')(
    'restores again when PostgreSQL cancels it to end a deadlock with a console reading two tables',
    async () => {
      const fresh = await createTestApp('postgres', {}, t.masterKey);
      const other = new pg.Client({ connectionString: fresh.url });
      await other.connect();
      try {
        const present = await tablesOf(fresh.database.db);
        const [first, last] = [present[0], present.at(-1)].map((n) => `"${n}"`);
        // another session reads the last table the restore takes, and waits long before it looks for a deadlock
        await other.query('begin');
        await other.query("set local deadlock_timeout = '20s'");
        await other.query(`lock table ${last} in access share mode`);
        const restored = restoreBackup(fresh.database, fresh.masterKey, file);
        await expect
          .poll(async () => (await other.query('select count(*)::int as n from pg_locks where not granted')).rows[0].n)
          .toBeGreaterThan(0);
        // then reads the first, which the restore holds: a circle, and PostgreSQL cancels the restore's transaction
        await other.query(`lock table ${first} in access share mode`);
        await other.query('commit');
        expect((await restored).rows).toBeGreaterThan(10);
        expect(await contents(fresh.database.db)).toEqual(await contents(t.database.db));
      } finally {
        await other.end();
        await fresh.close();
      }
    },
  );

  it('never writes through a link planted at its temporary name: the file it makes is its own, 0600', async () => {
    // another local account plants a link where the backup's temporary file goes, to a file of the console's account
    const victim = path.join(dir, 'victim.txt');
    writeFileSync(victim, 'not a backup');
    const planted = path.join(dir, 'planted.it4u.gz');
    symlinkSync(victim, `${planted}.partial`);
    await writeBackup(t.database, t.masterKey, planted);
    expect(readFileSync(victim, 'utf8')).toBe('not a backup');
    expect(lstatSync(planted).isSymbolicLink()).toBe(false);
    expect(statSync(planted).mode & 0o777).toBe(0o600);
    expect((await readHeader(planted)).kind).toBe((await readHeader(file)).kind);
  });

  it('refuses a backup changed after it was made, before writing anything: the key fingerprint alone is public', async () => {
    const lines = gunzipSync(readFileSync(file)).toString().split('\n');
    const forge = (name: string, edit: (lines: string[]) => string[]) => {
      const forged = path.join(dir, name);
      writeFileSync(forged, gzipSync(edit([...lines]).join('\n')));
      return forged;
    };
    // someone edits a person's row (their username taken over), keeping the header and the MAC line as they were
    const edited = forge('edited.it4u.gz', (l) => l.map((line) => line.replaceAll(person.username, 'mallory.admin')));
    // the MAC line left out, and one computed under a key that is not the console's
    const unsigned = forge('unsigned.it4u.gz', (l) => l.filter((line) => !line.startsWith('{"@mac":')));
    const resigned = forge('resigned.it4u.gz', (l) =>
      l.map((line) => (line.startsWith('{"@mac":') ? JSON.stringify({ '@mac': 'f'.repeat(64) }) : line)),
    );
    const same = await createTestApp(driver, {}, t.masterKey);
    try {
      const before = await contents(same.database.db);
      for (const forged of [edited, unsigned, resigned]) {
        await expect(restoreBackup(same.database, t.masterKey, forged)).rejects.toThrow(/does not verify/);
      }
      expect(await contents(same.database.db)).toEqual(before);
      // verified before anything is written, not written and rolled back: a database that cannot begin a write
      // still answers "does not verify"
      const unwritable = {
        ...same.database,
        db: new Proxy(same.database.db, {
          get: (target, key, receiver) =>
            key === 'transaction'
              ? () => {
                  throw new Error('a write began');
                }
              : Reflect.get(target, key, receiver),
        }),
      };
      await expect(restoreBackup(unwritable, t.masterKey, edited)).rejects.toThrow(/does not verify/);
      // the one as made restores
      await restoreBackup(same.database, t.masterKey, file);
      await signin(same.app, person.username, person.password);
    } finally {
      await same.close();
    }
  });

  it('refuses a backup made with another key, one cut short, and a database in use, and changes nothing', async () => {
    const other = await createTestApp(driver);
    try {
      const before = await contents(other.database.db);
      await expect(restoreBackup(other.database, other.masterKey, file)).rejects.toThrow(/another secrets key/);
      const cut = path.join(dir, 'cut.it4u.gz');
      const whole = readFileSync(file);
      writeFileSync(cut, whole.subarray(0, Math.floor(whole.length / 2)));
      await expect(restoreBackup(other.database, t.masterKey, cut)).rejects.toThrow(/incomplete/);
      const same = await createTestApp(driver, {}, t.masterKey);
      try {
        await expect(restoreBackup(same.database, t.masterKey, cut)).rejects.toBeInstanceOf(BackupError);
        await tokenFor(same, ['ROLE_ADMIN']); // someone signs in: the database is in use
        await expect(restoreBackup(same.database, t.masterKey, file)).rejects.toThrow(/in use/);
      } finally {
        await same.close();
      }
      expect(await contents(other.database.db)).toEqual(before);
      await expect(readHeader(path.join(dir, '..', path.basename(dir)))).rejects.toBeInstanceOf(BackupError);
    } finally {
      await other.close();
    }
  });
});
