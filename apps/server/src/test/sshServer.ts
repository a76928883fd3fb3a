import type { AddressInfo } from 'node:net';
import ssh2 from 'ssh2';

/**
 * An ed25519 key pair that ssh2 can read back: its generator drops a public key's leading zero bytes, so about one
 * pair in 256 is malformed (ssh2 issue 1390); such a pair is made again.
 */
export function ed25519Pair(): { private: string; public: string } {
  for (;;) {
    const pair = ssh2.utils.generateKeyPairSync('ed25519');
    const readable = [pair.private, pair.public].every((k) => !(ssh2.utils.parseKey(k) instanceof Error));
    if (readable) return pair;
  }
}

const { Server } = ssh2;

export type SshServerOptions = { username: string; password: string; port?: number; hostKey?: string };

/**
 * A real SSH server on loopback for tests and benchmarks (ssh2's server): one user with a password, and a shell
 * that echoes what is typed and runs a few commands on Enter: `echo <text>`, `size` (the terminal's columns and
 * rows), `flood <bytes>` (prints that many bytes), `exit`. A new host key each start unless one is given. Every
 * sign-in tried is kept in `attempts` (a password one with the password offered), and every connection counted in
 * `connections`.
 */
export async function startSshServer(opts: SshServerOptions) {
  const hostKey = opts.hostKey ?? ed25519Pair().private;
  const attempts: { method: string; username: string; password?: string }[] = [];
  let connections = 0;
  const server = new Server({ hostKeys: [hostKey] }, (client) => {
    connections++;
    client.on('authentication', (ctx) => {
      attempts.push({
        method: ctx.method,
        username: ctx.username,
        ...(ctx.method === 'password' ? { password: ctx.password } : {}),
      });
      if (ctx.method === 'password' && ctx.username === opts.username && ctx.password === opts.password) ctx.accept();
      else ctx.reject(['password']);
    });
    client.on('ready', () => {
      client.on('session', (accept) => {
        const session = accept();
        const size = { cols: 80, rows: 24 };
        session.on('pty', (acceptPty, _reject, info) => {
          size.cols = info.cols;
          size.rows = info.rows;
          acceptPty?.();
        });
        session.on('window-change', (acceptChange, _reject, info) => {
          size.cols = info.cols;
          size.rows = info.rows;
          acceptChange?.();
        });
        session.on('shell', (acceptShell) => {
          const stream = acceptShell();
          let line = '';
          stream.write('$ ');
          const run = (command: string) => {
            const [name, ...rest] = command.trim().split(' ');
            if (name === 'echo') stream.write(`${rest.join(' ')}\r\n`);
            else if (name === 'size') stream.write(`${size.cols}x${size.rows}\r\n`);
            else if (name === 'flood') {
              const total = Number(rest[0] ?? 0);
              const block = Buffer.alloc(64 * 1024, 'x');
              let sent = 0;
              const more = () => {
                while (sent < total) {
                  const n = Math.min(block.length, total - sent);
                  sent += n;
                  if (!stream.write(block.subarray(0, n))) return void stream.once('drain', more);
                }
                stream.write('\r\ndone\r\n$ ');
              };
              more();
              return false;
            } else if (name === 'exit') {
              stream.exit(0);
              stream.end();
              return false;
            } else if (name) stream.write(`${name}: command not found\r\n`);
            return true;
          };
          stream.on('data', (data: Buffer) => {
            for (const ch of data.toString('utf8')) {
              if (ch === '\r' || ch === '\n') {
                stream.write('\r\n');
                const command = line;
                line = '';
                if (run(command)) stream.write('$ ');
              } else {
                line += ch;
                stream.write(ch);
              }
            }
          });
        });
      });
    });
    client.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    hostKey,
    attempts,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
