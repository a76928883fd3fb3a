// `npm start`: install what is missing, build what is stale, then run the console in this process.
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

const { register } = await import('tsx/esm/api');
register();
await import('../apps/server/src/main.ts');
