import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The administrator's password on the consoles the specs share (a worker's), set at their first start. */
export const ADMIN_PASSWORD = 'Admin-pass-2026';

/** A console the tests started: where it answers, and the password `admin` has (generated when none was given). */
export type StartedConsole = { url: string; adminPassword: string; stop(): Promise<void> };

const root = path.resolve(import.meta.dirname, '..', '..');

/**
 * A console as `npm start` runs it (compiled: `npm run test:e2e` builds it first), on a fresh embedded database of its
 * own, on a port the system chooses, with the demo controller at 03:00 in Vietnam. With `adminPassword`, `admin` has
 * it and is not asked to change it; without, the console generates one (printed once) that must be changed at the
 * first sign-in. Answers once it listens.
 */
export async function startConsole(opts: { adminPassword?: string } = {}): Promise<StartedConsole> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'it4u-e2e-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // the demo controller's clock: a Wednesday at 03:00 in Vietnam (the demo is never empty, whatever the hour)
    UNIFI_DEMO_CLOCK: '2026-05-06T03:00:00+07:00',
    // where the controllers send guests (the wireless spec reads it in the hotspot dialog)
    PORTAL_ADDRESS: '203.0.113.10',
    // the terminal specs' SSH servers are on loopback, which the terminal otherwise refuses
    TERMINAL_ALLOW_LOOPBACK: '1',
  };
  delete env.DATABASE_URL;
  delete env.ADMIN_PASSWORD;
  if (opts.adminPassword) env.ADMIN_PASSWORD = opts.adminPassword;
  const server: ChildProcess = spawn(process.execPath, ['apps/server/dist/main.mjs'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGINT');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const started = await new Promise<{ url: string; password: string }>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`the console did not start within 90 s:\n${out}`)), 90_000);
      const onData = (chunk: Buffer) => {
        out += chunk;
        const url = /Sign in at (http:\/\/localhost:\d+)\/login/.exec(out)?.[1];
        if (!url) return;
        const generated = /user "admin", password "([^"]+)"/.exec(out)?.[1];
        if (!opts.adminPassword && !generated) return;
        clearTimeout(timer);
        server.stdout?.off('data', onData);
        server.stdout?.resume();
        resolve({ url: url.replace('localhost', '127.0.0.1'), password: opts.adminPassword ?? (generated as string) });
      };
      server.stdout?.on('data', onData);
      server.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the console exited with ${code}:\n${out}`));
      });
    });
    return { url: started.url, adminPassword: started.password, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
