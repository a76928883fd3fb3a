import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { startSimulator } from '@it4u/unifi-sim';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');

/** Starts bench/serve.ts in its own process and waits for its "READY <port> <token>" line. */
export function startServer(
  kind: string,
  opts: { env?: NodeJS.ProcessEnv; nodeFlags?: string[] } = {},
): Promise<{ child: ChildProcess; port: number; token: string }> {
  const child = spawn(process.execPath, [...(opts.nodeFlags ?? []), '--import', 'tsx', 'bench/serve.ts', kind, '0'], {
    cwd: root,
    env: { ...process.env, ...opts.env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk) => {
      out += chunk;
      const m = /READY (\d+) (\S+)/.exec(out);
      if (m) resolve({ child, port: Number(m[1]), token: m[2] as string });
    });
    child.on('exit', (code) => reject(new Error(`${kind} server exited with ${code}`)));
  });
}

/**
 * Makes a scratch database on the PostgreSQL of DATABASE_URL (default: the local one), starts the console on it in
 * its own process (which migrates it), runs the benchmark, then stops the console and drops the database.
 */
export async function onScratchDatabase(
  run: (server: { url: string; port: number; token: string }) => Promise<void>,
  opts: { nodeFlags?: string[] } = {},
): Promise<void> {
  const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `it4u_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  let child: ChildProcess | undefined;
  try {
    const server = await startServer('postgres', { env: { DATABASE_URL: url.toString() }, nodeFlags: opts.nodeFlags });
    child = server.child;
    await run({ url: url.toString(), port: server.port, token: server.token });
  } finally {
    child?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** A Wednesday noon in Vietnam: the clock the simulator-backed benchmarks stand at, whatever the hour they run. */
export const BENCH_NOON = Date.UTC(2026, 4, 6, 5, 0);

/**
 * The simulator (in this process) on a clock that stands still at BENCH_NOON, and the console (PGlite, its own
 * process) on it at the same clock, its site names filled from it.
 */
export async function startOnSimulator() {
  const sim = await startSimulator({
    port: 0,
    flavor: 'classic',
    username: 'admin',
    password: 'bench-pass',
    seed: 5,
    now: () => BENCH_NOON,
  });
  const server = await startServer('pglite', {
    env: {
      UNIFI_DEMO_URL: sim.url,
      UNIFI_DEMO_USER: 'admin',
      UNIFI_DEMO_PASSWORD: 'bench-pass',
      UNIFI_DEMO_CLOCK: new Date(BENCH_NOON).toISOString(),
      BENCH_SYNC_SITES: '1',
    },
  });
  return {
    sim,
    port: server.port,
    token: server.token,
    async close() {
      server.child.kill('SIGTERM');
      await sim.close();
    },
  };
}
