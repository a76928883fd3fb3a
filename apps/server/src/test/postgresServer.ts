import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The newest PostgreSQL server binaries of the machine (Debian's layout), or undefined when there are none. */
export function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'pg_ctl')) && existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : undefined;
}

/** A loopback port nobody listens on now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

/**
 * A PostgreSQL server of a test's own (never the machine's shared one): a fresh cluster in a temporary directory, on
 * a free loopback port, with its unix sockets in that directory, that the test may restart and stop. PostgreSQL
 * refuses to run as root, so as root its programs run as the `postgres` user (who owns the directory).
 */
export async function startPostgres(bin: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'it4u-pg-'));
  const data = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const pg = (program: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args], { cwd: dir })
      : run(path.join(bin, program), args, { cwd: dir });
  await pg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=40`;
  const log = path.join(dir, 'server.log');
  const start = () => pg('pg_ctl', ['-D', data, '-o', options, '-l', log, '-w', '-t', '60', 'start']);
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    /** a fast restart: open connections are ended (`terminating connection due to administrator command`) */
    restart: () => pg('pg_ctl', ['-D', data, '-o', options, '-l', log, '-w', '-t', '60', '-m', 'fast', 'restart']),
    stop: () => pg('pg_ctl', ['-D', data, '-w', '-t', '60', '-m', 'fast', 'stop']),
    async close() {
      await pg('pg_ctl', ['-D', data, '-w', '-m', 'immediate', 'stop']).catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type PostgresServer = Awaited<ReturnType<typeof startPostgres>>;
