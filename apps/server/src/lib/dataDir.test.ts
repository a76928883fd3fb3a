import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../db/client.ts';
import { migratedPglite } from '../test/template.ts';
import { keepDataDirPrivate } from './dataDir.ts';
import { loadMasterKey } from './secrets.ts';

const modeOf = (file: string) => statSync(file).mode & 0o777;

/** Every file and folder under a folder, with its mode. */
function walk(dir: string): { file: string; mode: number }[] {
  const out = [{ file: dir, mode: modeOf(dir) }];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...walk(file));
    else out.push({ file, mode: modeOf(file) });
  }
  return out;
}

describe("the data folder, this account's alone", () => {
  const root = mkdtempSync(path.join(tmpdir(), 'it4u-modes-'));
  const umask = process.umask();
  afterAll(() => {
    process.umask(umask);
    rmSync(root, { recursive: true, force: true });
  });

  it('makes the folder, the embedded database and the key readable by this account only, under an open umask', async () => {
    process.umask(0o000);
    const dataDir = path.join(root, 'fresh');
    expect(keepDataDirPrivate(dataDir)).toEqual([]);
    loadMasterKey(undefined, dataDir);
    const db = await openPglite(path.join(dataDir, 'pg'), migratedPglite());
    await db.close();
    const files = walk(dataDir);
    expect(files.length).toBeGreaterThan(10);
    // every folder is this account's alone, whatever modes PGlite gives the files inside (it sets 0666 itself):
    // nobody else passes through them to the database's files, its WAL or the key
    const folders = files.filter((f) => statSync(f.file).isDirectory());
    expect(folders.filter((f) => f.mode !== 0o700).map((f) => `${f.file} ${f.mode.toString(8)}`)).toEqual([]);
    expect(modeOf(path.join(dataDir, 'secret.key'))).toBe(0o600);
    // as another local account would try it (when these tests run as root, which CI does)
    if (process.getuid?.() === 0) {
      const wal = files.find((f) => f.file.includes(`${path.sep}pg_wal${path.sep}`) && !statSync(f.file).isDirectory());
      for (const file of [wal?.file ?? '', path.join(dataDir, 'secret.key')]) {
        const read = spawnSync('runuser', ['-u', 'nobody', '--', 'cat', file], { encoding: 'utf8' });
        expect(read.status, file).not.toBe(0);
        expect(read.stderr).toContain('Permission denied');
      }
    }
  });

  it('brings an older, looser folder to 0700 and its key to 0600, and says so', () => {
    process.umask(0o022);
    const dataDir = path.join(root, 'older');
    mkdirSync(path.join(dataDir, 'pg'), { recursive: true, mode: 0o755 });
    chmodSync(dataDir, 0o755);
    writeFileSync(path.join(dataDir, 'secret.key'), 'ab'.repeat(32), { mode: 0o644 });
    const said = keepDataDirPrivate(dataDir);
    expect(said).toEqual([
      `${dataDir} was 0755, now 0700`,
      `${path.join(dataDir, 'pg')} was 0755, now 0700`,
      `${path.join(dataDir, 'secret.key')} was 0644, now 0600`,
    ]);
    expect([modeOf(dataDir), modeOf(path.join(dataDir, 'pg')), modeOf(path.join(dataDir, 'secret.key'))]).toEqual([
      0o700, 0o700, 0o600,
    ]);
    expect(keepDataDirPrivate(dataDir)).toEqual([]);
  });
});
