// Starts the console on a fresh embedded database (as `npm start` does, without ADMIN_PASSWORD) and keeps the
// generated admin password it prints. The first spec signs in with it and sets adminNewPassword.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { E2E_PORT } from './playwright.config.ts';
import { type E2eState, STATE_FILE } from './support/state.ts';

export default async function globalSetup() {
  const root = path.resolve(import.meta.dirname, '..');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'it4u-e2e-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(E2E_PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // the demo controller's clock: a Wednesday at 03:00 in Vietnam (the demo is never empty, whatever the hour)
    UNIFI_DEMO_CLOCK: '2026-05-06T03:00:00+07:00',
    // where the controllers send guests (the wireless spec reads it in the hotspot dialog)
    PORTAL_ADDRESS: '203.0.113.10',
    // the terminal spec's SSH server is on loopback, which the terminal otherwise refuses
    TERMINAL_ALLOW_LOOPBACK: '1',
  };
  delete env.DATABASE_URL;
  delete env.ADMIN_PASSWORD;
  // the server as `npm start` runs it: compiled (npm run test:e2e builds it first)
  const server = spawn(process.execPath, ['apps/server/dist/main.mjs'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const adminPassword = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${out}`)), 60_000);
    server.stdout.on('data', (chunk) => {
      out += chunk;
      const m = /user "admin", password "([^"]+)"/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1] as string);
      }
    });
    server.on('exit', (code) => reject(new Error(`the server exited with ${code}:\n${out}`)));
  });
  server.stdout.resume();

  const state: E2eState = { adminPassword, adminNewPassword: 'Admin-pass-2026' };
  mkdirSync(path.dirname(STATE_FILE), { recursive: true });
  writeFileSync(STATE_FILE, JSON.stringify(state));

  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
