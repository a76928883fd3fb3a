// `npm run build:server`: the server compiled once into JavaScript (apps/server/dist), so that `npm start` runs no
// TypeScript compiler. The workspace packages (@it4u/shared, @it4u/unifi-sim: TypeScript sources) are bundled in;
// every other package stays in node_modules, loaded as it is. The migrations and the spreadsheet worker are copied
// beside the bundles, where the code looks for them.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (p) => path.join(root, p);
const manifests = [
  'package.json',
  'apps/server/package.json',
  'packages/shared/package.json',
  'packages/unifi-sim/package.json',
];
const external = new Set();
for (const file of manifests) {
  const pkg = JSON.parse(readFileSync(at(file), 'utf8'));
  for (const name of Object.keys({ ...pkg.dependencies, ...pkg.devDependencies, ...pkg.optionalDependencies })) {
    if (!name.startsWith('@it4u/')) external.add(name);
  }
}

const dist = at('apps/server/dist');
rmSync(dist, { recursive: true, force: true });
for (const entry of ['main', 'backup.cli']) {
  await build({
    entryPoints: [at(`apps/server/src/${entry}.ts`)],
    outfile: path.join(dist, `${entry}.mjs`),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: [...external],
    sourcemap: true,
    // packages loaded as CommonJS from the bundle still find `require`
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
}
cpSync(at('apps/server/src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
cpSync(at('apps/server/src/lib/sheet.worker.mjs'), path.join(dist, 'sheet.worker.mjs'));
console.log(`The server is built in ${path.relative(root, dist)}.`);
