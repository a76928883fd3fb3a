import { timingSafeEqual } from 'node:crypto';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import ssh2 from 'ssh2';
import { ed25519Pair } from './sshServer.ts';

const { Server, utils } = ssh2;
const { STATUS_CODE } = utils.sftp;

/** A key pair for a test's SSH user: `private` for the client, `public` (OpenSSH's one line) for the server. */
export const userKeyPair = ed25519Pair;

/**
 * A real SSH server with SFTP on loopback for tests (ssh2's server): it takes one user's password, or their key (the
 * client proving it holds the private half), and writes what it is sent under `root` (the paths it is given are
 * taken as relative to it). A new host key each start.
 */
export async function startSftp(opts: {
  root: string;
  username: string;
  /** the user's password; without it, no password is taken */
  password?: string;
  /** the user's public key (OpenSSH format); without it, no key is taken */
  publicKey?: string;
  port?: number;
}) {
  const hostKey = ed25519Pair().private;
  const parsed = opts.publicKey ? utils.parseKey(opts.publicKey) : undefined;
  if (parsed instanceof Error) throw parsed;
  const userKey = parsed;
  const methods = [...(opts.password ? ['password' as const] : []), ...(userKey ? ['publickey' as const] : [])];
  const under = (p: string) => path.join(opts.root, path.normalize(p).replace(/^(\.\.(\/|$))+/, ''));
  const server = new Server({ hostKeys: [hostKey] }, (client) => {
    client.on('authentication', (ctx) => {
      if (ctx.username !== opts.username) return ctx.reject(methods);
      if (ctx.method === 'password' && opts.password && ctx.password === opts.password) return ctx.accept();
      if (ctx.method === 'publickey' && userKey) {
        const mine = userKey.getPublicSSH();
        const same =
          ctx.key.algo === userKey.type && ctx.key.data.length === mine.length && timingSafeEqual(ctx.key.data, mine);
        // without a signature the client asks whether this key would do; with one, it proves it holds the key
        if (same && (!ctx.signature || userKey.verify(ctx.blob as Buffer, ctx.signature, ctx.hashAlgo) === true)) {
          return ctx.accept();
        }
      }
      ctx.reject(methods);
    });
    client.on('ready', () => {
      client.on('session', (accept) => {
        accept().on('sftp', (acceptSftp) => {
          const sftp = acceptSftp();
          const open = new Map<string, { file: string; chunks: Buffer[] }>();
          let next = 0;
          const stat = (reqid: number, p: string) => {
            try {
              const s = statSync(under(p));
              sftp.attrs(reqid, { mode: s.mode, uid: 0, gid: 0, size: s.size, atime: 0, mtime: 0 });
            } catch {
              sftp.status(reqid, STATUS_CODE.NO_SUCH_FILE);
            }
          };
          sftp.on('STAT', stat);
          sftp.on('LSTAT', stat);
          sftp.on('MKDIR', (reqid, p) => {
            mkdirSync(under(p), { recursive: true });
            sftp.status(reqid, STATUS_CODE.OK);
          });
          sftp.on('OPEN', (reqid, filename) => {
            const handle = Buffer.from(String(next++));
            open.set(handle.toString(), { file: under(filename), chunks: [] });
            sftp.handle(reqid, handle);
          });
          sftp.on('WRITE', (reqid, handle, _offset, data) => {
            open.get(handle.toString())?.chunks.push(Buffer.from(data));
            sftp.status(reqid, STATUS_CODE.OK);
          });
          sftp.on('FSTAT', (reqid) =>
            sftp.attrs(reqid, { mode: 0o100644, uid: 0, gid: 0, size: 0, atime: 0, mtime: 0 }),
          );
          sftp.on('FSETSTAT', (reqid) => sftp.status(reqid, STATUS_CODE.OK));
          sftp.on('CLOSE', (reqid, handle) => {
            const f = open.get(handle.toString());
            if (f) {
              mkdirSync(path.dirname(f.file), { recursive: true });
              writeFileSync(f.file, Buffer.concat(f.chunks));
              open.delete(handle.toString());
            }
            sftp.status(reqid, STATUS_CODE.OK);
          });
        });
      });
    });
    client.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
