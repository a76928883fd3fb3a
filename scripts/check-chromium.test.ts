import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const script = path.join(import.meta.dirname, 'check-chromium.mjs');
const run = (env: Record<string, string>) =>
  spawnSync(process.execPath, [script], { env: { ...process.env, ...env }, encoding: 'utf8', timeout: 10_000 });

describe('the Chromium check that starts npm test', () => {
  it('stops at once with the command to run when Chromium is missing and may not be installed', () => {
    const res = run({ CHROMIUM_PATH: '/nonexistent/chromium', CHROMIUM_INSTALL: 'off' });
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('/nonexistent/chromium');
    expect(res.stderr).toContain('apt-get install -y chromium');
  });

  it('lets the tests go on when the browser is there', () => {
    const res = run({ CHROMIUM_PATH: process.execPath });
    expect(res.status).toBe(0);
  });
});
