import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import ssh2 from 'ssh2';

const { Server, utils } = ssh2;
const { STATUS_CODE } = utils.sftp;

/**
 * A real SSH server with SFTP on loopback for tests (ssh2's server): it takes one user's password and writes what
 * it is sent under `root` (the paths it is given are taken as relative to it). A new host key each start.
 */
export async function startSftp(opts: { root: string; username: string; password: string; port?: number }) {
  const hostKey = utils.generateKeyPairSync('ed25519').private;
  const under = (p: string) => path.join(opts.root, path.normalize(p).replace(/^(\.\.(\/|$))+/, ''));
  const server = new Server({ hostKeys: [hostKey] }, (client) => {
    client.on('authentication', (ctx) => {
      if (ctx.method === 'password' && ctx.username === opts.username && ctx.password === opts.password) ctx.accept();
      else ctx.reject(['password']);
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
