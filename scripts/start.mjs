// `npm start`: install what is missing, build what is stale (the web app, the server), then run the console in this
// process. With a command (backup, restore, move-to-postgres), that command instead of the console.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd) => execSync(cmd, { cwd: root, stdio: 'inherit' });

function newest(target) {
  if (!existsSync(target)) return 0;
  const st = statSync(target);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = 0;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    max = Math.max(max, newest(path.join(target, entry)));
  }
  return max;
}

const installed = path.join(root, 'node_modules/.package-lock.json');
if (!existsSync(installed) || newest(path.join(root, 'package-lock.json')) > newest(installed)) {
  console.log('Installing dependencies ...');
  run('npm install --no-audit --no-fund');
}

const builtIndex = path.join(root, 'apps/web/dist/index.html');
const sources = ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/shared/src'];
const sourceTime = Math.max(...sources.map((s) => newest(path.join(root, s))));
if (!existsSync(builtIndex) || sourceTime > newest(builtIndex)) {
  console.log('Building the web app ...');
  run('npm run build');
}

// the server compiled once into JavaScript (no TypeScript compiler at run time), again when its sources changed
const builtServer = path.join(root, 'apps/server/dist/main.mjs');
const serverSources = ['apps/server/src', 'packages/shared/src', 'packages/unifi-sim/src', 'scripts/build-server.mjs'];
if (
  !existsSync(builtServer) ||
  Math.max(...serverSources.map((s) => newest(path.join(root, s)))) > newest(builtServer)
) {
  console.log('Building the server ...');
  run('node scripts/build-server.mjs');
}

// `node scripts/start.mjs backup|restore|move-to-postgres …`: the backup commands (npm run backup, …), built the same way
const command = process.argv[2];
if (command) await import('../apps/server/dist/backup.cli.mjs');
else await import('../apps/server/dist/main.mjs');
