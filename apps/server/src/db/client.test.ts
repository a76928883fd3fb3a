import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migratedPglite } from '../test/template.ts';
import { openPglite } from './client.ts';

/**
 * One console per embedded database folder: PGlite keeps the database in its process's memory and writes it back, so
 * a second process on the same folder (a second `npm start`, a restart before the first has closed) would overwrite
 * the first's writes.
 */
describe("the embedded database's folder", { timeout: 60_000 }, () => {
  const root = mkdtempSync(path.join(tmpdir(), 'it4u-lock-'));
  const dir = path.join(root, 'pg');
  const lock = `${dir}.lock`;
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('is held by one opening at a time, and given back on close', async () => {
    // a migrated database made in the folder (from the run's template: initdb took most of this file's time)
    const first = await openPglite(dir, migratedPglite());
    expect(readFileSync(lock, 'utf8')).toBe(String(process.pid));
    await expect(openPglite(dir)).rejects.toThrow(/in use by another running process of the console/);
    await first.close();
    expect(existsSync(lock)).toBe(false);
    const again = await openPglite(dir);
    await again.close();
  });

  it('is refused while another running process holds it, and taken over from one that died', async () => {
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(lock, String(other.pid));
      await expect(openPglite(dir)).rejects.toThrow(`(process ${other.pid}:`);
      // the holder's file is left as it was
      expect(readFileSync(lock, 'utf8')).toBe(String(other.pid));
    } finally {
      other.kill();
    }
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    writeFileSync(lock, dead.stdout.toString());
    const db = await openPglite(dir);
    expect(readFileSync(lock, 'utf8')).toBe(String(process.pid));
    await db.close();
  });
});
