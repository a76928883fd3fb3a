// First step of `npm test`: the end-to-end tests drive Debian's Chromium (and, on PostgreSQL, HAProxy). When one is
// missing, install it through the system's package manager where this process may (root with apt-get), or stop at
// once with the command to run, rather than after ten minutes of other tests. CHROMIUM_INSTALL=off never installs.
import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const COMMAND = 'apt-get update && apt-get install -y chromium fonts-noto-core';

function executable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function canInstall() {
  if (process.env.CHROMIUM_INSTALL === 'off' || process.env.CHROMIUM_PATH) return false;
  if (process.getuid?.() !== 0) return false;
  return spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
}

if (!executable(chromium)) {
  if (canInstall()) {
    console.log(`Chromium is missing at ${chromium}: installing it from Debian's packages ...`);
    execFileSync('sh', ['-c', COMMAND], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  }
  if (!executable(chromium)) {
    console.error(
      `The end-to-end tests need Chromium at ${chromium}, and it is not there.\n` +
        `Install it with:\n\n    sudo sh -c '${COMMAND}'\n\n` +
        'or set CHROMIUM_PATH to a Chromium or Chrome binary. (No browser is ever downloaded.)',
    );
    process.exit(1);
  }
}

// With PostgreSQL (DATABASE_URL), the proxy test (e2e/20-proxy.spec.ts) puts HAProxy in front of two instances.
const hasHaproxy = () => spawnSync('sh', ['-c', 'command -v haproxy'], { stdio: 'ignore' }).status === 0;
if (process.env.DATABASE_URL && !hasHaproxy()) {
  const HAPROXY = 'apt-get update && apt-get install -y --no-install-recommends haproxy';
  if (process.getuid?.() === 0 && spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0) {
    console.log("HAProxy is missing: installing it from Debian's packages ...");
    execFileSync('sh', ['-c', HAPROXY], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  }
  if (!hasHaproxy()) {
    console.error(`The proxy test needs HAProxy. Install it with:\n\n    sudo sh -c '${HAPROXY}'\n`);
    process.exit(1);
  }
}
