import { createHash, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The master key: SECRET_KEY when set, else $DATA_DIR/secret.key (made on first start).
 * Several instances on one database must share SECRET_KEY.
 */
export function loadMasterKey(secretKey: string | undefined, dataDir: string): Buffer {
  if (secretKey) return createHash('sha256').update(secretKey).digest();
  const file = path.join(dataDir, 'secret.key');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
    chmodSync(file, 0o600);
  }
  return createHash('sha256').update(readFileSync(file, 'utf8').trim()).digest();
}

/** A key for one purpose (jwt, encryption, ...) derived from the master key. */
export function deriveKey(master: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), `it4u-console:${purpose}`, 32));
}

/** Whether a presented secret is the expected one, in a time that does not tell how much of it matched. */
export function sameSecret(presented: string, expected: string): boolean {
  const x = Buffer.from(presented);
  const y = Buffer.from(expected);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}
