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
 * BENCH_NODE_FLAGS are given to the console's node, as for the simulator-backed benchmarks.
 */
export async function onScratchDatabase(
  run: (server: { url: string; port: number; token: string }) => Promise<void>,
  opts: { nodeFlags?: string[] } = {},
): Promise<void> {
  await withScratchDatabase(async (url) => {
    let child: ChildProcess | undefined;
    try {
      const server = await startServer('postgres', {
        env: { DATABASE_URL: url },
        nodeFlags: opts.nodeFlags ?? process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean),
      });
      child = server.child;
      await run({ url, port: server.port, token: server.token });
    } finally {
      child?.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 500));
    }
  });
}

/** A scratch database on the PostgreSQL of DATABASE_URL (default: the local one) for `run`, dropped afterwards. */
export async function withScratchDatabase(run: (url: string) => Promise<void>): Promise<void> {
  const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `it4u_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  try {
    await run(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** A Wednesday noon in Vietnam: the clock the simulator-backed benchmarks stand at, whatever the hour they run. */
export const BENCH_NOON = Date.UTC(2026, 4, 6, 5, 0);

/** The benchmarks' simulator: its login and the seed of its world. */
export const BENCH_SIM = { username: 'admin', password: 'bench-pass', seed: 5 };

/**
 * The console (PGlite, its own process) on a simulator at BENCH_NOON, its site names filled from it. BENCH_NODE_FLAGS
 * are given to its node (`--cpu-prof --cpu-prof-dir=/tmp/prof` profiles it).
 */
const consoleOn = (url: string) =>
  startServer('pglite', {
    nodeFlags: process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean),
    env: {
      UNIFI_DEMO_URL: url,
      UNIFI_DEMO_USER: BENCH_SIM.username,
      UNIFI_DEMO_PASSWORD: BENCH_SIM.password,
      UNIFI_DEMO_CLOCK: new Date(BENCH_NOON).toISOString(),
      BENCH_SYNC_SITES: '1',
    },
  });

/** The simulator (in this process) on a clock that stands still at BENCH_NOON, and the console on it. */
export async function startOnSimulator() {
  const sim = await startSimulator({ port: 0, flavor: 'classic', ...BENCH_SIM, now: () => BENCH_NOON });
  const server = await consoleOn(sim.url);
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

type SimSite = { name: string; ap: string };

/**
 * The same with the simulator in its own process (bench/sim.ts), as a controller is its own machine: for benchmarks
 * whose load would otherwise share an event loop with it. Its state is asked over IPC.
 */
export async function startOnSimulatorProcess() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/sim.ts'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const { url, sites } = await new Promise<{ url: string; sites: SimSite[] }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as { url: string; sites: SimSite[] }));
    child.once('exit', (code) => reject(new Error(`the simulator exited with ${code}`)));
  });
  const server = await consoleOn(url);
  return {
    sites,
    port: server.port,
    token: server.token,
    /** how many guests the simulator shows let in at a site */
    authorized: (site: string) =>
      new Promise<number>((resolve) => {
        const answer = (m: unknown) => {
          const a = m as { site: string; authorized: number };
          if (a.site !== site) return;
          child.off('message', answer);
          resolve(a.authorized);
        };
        child.on('message', answer);
        child.send(site);
      }),
    async close() {
      server.child.kill('SIGTERM');
      child.disconnect();
      await new Promise((r) => child.once('exit', r));
    },
  };
}
