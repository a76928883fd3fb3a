// The JavaScript a browser loads for /login (the entry script and its modulepreloads in index.html), gzipped,
// then every other chunk. Run after `npm run build` (or `npm run bench:bundle`).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const initial = [
  ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
  ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
].map((m) => m[1].replace(/^\//, ''));

const gz = (file) => gzipSync(readFileSync(path.join(dist, file))).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

let total = 0;
console.log('Initial JavaScript for /login (gzipped):');
for (const file of initial) {
  const size = gz(file);
  total += size;
  console.log(`  ${file}  ${kb(size)}`);
}
console.log(`  total  ${kb(total)}\n`);

console.log('Lazily loaded chunks (gzipped):');
const chunks = readdirSync(path.join(dist, 'assets'))
  .filter((f) => f.endsWith('.js') && !initial.includes(`assets/${f}`))
  .map((f) => [f, gz(`assets/${f}`)])
  .sort((a, b) => b[1] - a[1]);
for (const [f, size] of chunks) console.log(`  ${f}  ${kb(size)}`);
if (total > 300 * 1024) {
  console.error(`\nThe initial JavaScript is over the 300 KB budget: ${kb(total)}`);
  process.exitCode = 1;
}
