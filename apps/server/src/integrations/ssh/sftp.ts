import { createHash } from 'node:crypto';
import path from 'node:path/posix';
import type { ApiErrorCode, ErrorParams } from '@it4u/shared';
import type { SFTPWrapper } from 'ssh2';
import { newSshClient } from './client.ts';

export type SftpTarget = {
  host: string;
  port: number;
  username: string;
  password: string;
  privateKey: string;
  /** the SHA-256 of the host key pinned before ('' at the first connection) */
  hostKey: string;
};

/** What a delivery found: a code of API_ERRORS with its parameters, and the host key seen (to pin it). */
export type SftpOutcome = { ok: boolean; code: ApiErrorCode; params: ErrorParams; hostKey?: string };

/** A host key as OpenSSH shows it: SHA256:<base64 without padding>. */
export const fingerprintOf = (key: Buffer) =>
  `SHA256:${createHash('sha256').update(key).digest('base64').replace(/=+$/, '')}`;

/**
 * Where a site's cronjob file goes on the controller host: `<dataDir>/sites/<site>/config.properties`, joined (never
 * concatenated) and checked to be a file of the site's own folder right under `<dataDir>/sites/`. A name that would
 * lead anywhere else (`..`, `.`, `a/b`, `x/../y`, a backslash or a NUL) answers undefined: nothing is written.
 */
export function siteFilePath(dataDir: string, site: string): string | undefined {
  if (!site || site.includes('\\') || site.includes('\0')) return undefined;
  const base = path.join(dataDir || '/', 'sites');
  const file = path.join(base, site, 'config.properties');
  const folder = path.dirname(file);
  return path.dirname(folder) === base && path.basename(folder) === site ? file : undefined;
}

/** Makes a directory and its parents, as `mkdir -p` does. */
async function mkdirs(sftp: SFTPWrapper, dir: string): Promise<void> {
  const exists = await new Promise<boolean>((resolve) => sftp.stat(dir, (err) => resolve(!err)));
  if (exists) return;
  await mkdirs(sftp, path.dirname(dir));
  await new Promise<void>((resolve, reject) => sftp.mkdir(dir, (err) => (err ? reject(err) : resolve())));
}

/**
 * Writes a file on a host over SFTP (ssh2), with a password or a private key. The host key must be the one pinned
 * (the first connection pins it: the answer carries it). At most 15 s; never throws.
 */
export async function writeOverSftp(target: SftpTarget, file: string, content: string): Promise<SftpOutcome> {
  const client = await newSshClient();
  return new Promise((resolve) => {
    let seen = '';
    let settled = false;
    const done = (outcome: SftpOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      client.end();
      resolve(outcome);
    };
    const timer = setTimeout(
      () => done({ ok: false, code: 'sftpUnreachable', params: { reason: 'no answer within 15 s' } }),
      15_000,
    );
    client.on('error', (err: Error & { level?: string }) => {
      if (seen && target.hostKey && seen !== target.hostKey) {
        return done({ ok: false, code: 'sftpHostKeyChanged', params: { fingerprint: seen } });
      }
      if (err.level === 'client-authentication') {
        return done({ ok: false, code: 'sftpLoginRefused', params: { reason: err.message } });
      }
      done({ ok: false, code: 'sftpUnreachable', params: { reason: err.message } });
    });
    client.on('ready', () => {
      client.sftp(async (err, sftp) => {
        if (err) return done({ ok: false, code: 'sftpFailed', params: { reason: err.message } });
        try {
          await mkdirs(sftp, path.dirname(file));
          await new Promise<void>((res, rej) => sftp.writeFile(file, content, (e) => (e ? rej(e) : res())));
          done({ ok: true, code: 'sftpDelivered', params: { path: file }, hostKey: seen });
        } catch (e) {
          done({ ok: false, code: 'sftpFailed', params: { reason: (e as Error).message } });
        }
      });
    });
    try {
      client.connect({
        host: target.host,
        port: target.port,
        username: target.username,
        ...(target.password ? { password: target.password } : {}),
        ...(target.privateKey ? { privateKey: target.privateKey } : {}),
        readyTimeout: 10_000,
        hostVerifier: (key: Buffer) => {
          seen = fingerprintOf(key);
          return !target.hostKey || seen === target.hostKey;
        },
      });
    } catch (err) {
      // a private key that cannot be read
      done({ ok: false, code: 'sftpLoginRefused', params: { reason: (err as Error).message } });
    }
  });
}
