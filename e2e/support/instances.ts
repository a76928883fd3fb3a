import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { expect } from '@playwright/test';
import pg from 'pg';

/** The compiled console's instances the multi-instance specs start (e2e 20, e2e 28), on one PostgreSQL. */

const root = path.resolve(import.meta.dirname, '../..');

export type Instance = { name: string; port: number; proc?: ChildProcess; out: string };

/** A new, empty database on the server of `base` (DATABASE_URL); answers its address. */
export async function scratchDatabase(base: string, prefix: string): Promise<string> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops a database `scratchDatabase` made (its connections closed first). */
export async function dropDatabase(base: string, url: string) {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`drop database if exists ${new URL(url).pathname.slice(1)} with (force)`);
  await admin.end();
}

/** Starts the compiled console (apps/server/dist) with `env` on the instance's port; answers once it is ready. */
export async function startInstance(i: Instance, env: NodeJS.ProcessEnv) {
  const proc = spawn(process.execPath, ['apps/server/dist/main.mjs'], {
    cwd: root,
    // the instance's name on its PostgreSQL connections: a test finds which instance runs a query
    env: { ...env, PORT: String(i.port), PGAPPNAME: `it4u-${i.name}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  i.proc = proc;
  i.out = '';
  proc.stdout?.on('data', (chunk) => {
    i.out += chunk;
  });
  proc.stderr?.on('data', (chunk) => {
    i.out += chunk;
  });
  await expect
    .poll(async () => (await fetch(`http://127.0.0.1:${i.port}/api/ready`).catch(() => undefined))?.status, {
      timeout: 60_000,
      message: `instance ${i.name} did not start:\n${i.out}`,
    })
    .toBe(200);
}

/** Stops the instance (SIGKILL: at once, as a crash; SIGTERM: drained) and answers once it has exited. */
export async function stopInstance(i: Instance, signal: 'SIGKILL' | 'SIGTERM') {
  const proc = i.proc;
  if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise((resolve) => proc.once('exit', resolve));
  proc.kill(signal);
  await exited;
}
