import { chmodSync, existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The modes the console keeps its own files in: folders 0700, files 0600 (this account's alone). */
const FOLDER = 0o700;
const FILE = 0o600;

/**
 * Makes the data folder (DATA_DIR) this account's alone, whatever the umask: every file the process makes from now on
 * is readable by this account only (umask 077), and the folder, the embedded database's folder (`pg/`), the backups'
 * folder and the generated key (`secret.key`) are brought to 0700 and 0600 when they are looser. Answers what was
 * looser, in words, for the start-up log (another local account could read the password hashes, the sessions, the
 * stored secrets' key, or write the database).
 */
export function keepDataDirPrivate(dataDir: string, backupDir?: string): string[] {
  process.umask(0o077);
  mkdirSync(dataDir, { recursive: true, mode: FOLDER });
  const found: string[] = [];
  const tighten = (file: string, mode: number) => {
    if (!existsSync(file)) return;
    const was = statSync(file).mode & 0o777;
    if ((was & 0o077) === 0) return;
    chmodSync(file, mode);
    found.push(`${file} was ${was.toString(8).padStart(4, '0')}, now ${mode.toString(8).padStart(4, '0')}`);
  };
  tighten(dataDir, FOLDER);
  tighten(path.join(dataDir, 'pg'), FOLDER);
  tighten(path.join(dataDir, 'secret.key'), FILE);
  if (backupDir) tighten(backupDir, FOLDER);
  return found;
}
