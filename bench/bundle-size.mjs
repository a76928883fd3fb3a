// The JavaScript a browser loads for /login (the entry script, its modulepreloads in index.html and the reader's
// language's texts), gzipped,
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
console.log(`  total  ${kb(total)}`);
// The reader's language comes right after the entry, before the first draw: one of these two chunks.
const languages = readdirSync(path.join(dist, 'assets')).filter((f) => /^(english|vi)-.*\.js$/.test(f));
const withLanguage = Math.max(...languages.map((f) => total + gz(`assets/${f}`)));
for (const f of languages) console.log(`  + ${f}  ${kb(gz(`assets/${f}`))}`);
console.log(`  with the reader's language, at most  ${kb(withLanguage)}\n`);

console.log('Lazily loaded chunks (gzipped):');
const chunks = readdirSync(path.join(dist, 'assets'))
  .filter((f) => f.endsWith('.js') && !initial.includes(`assets/${f}`))
  .map((f) => [f, gz(`assets/${f}`)])
  .sort((a, b) => b[1] - a[1]);
for (const [f, size] of chunks) console.log(`  ${f}  ${kb(size)}`);
if (withLanguage > 300 * 1024) {
  console.error(`\nThe initial JavaScript is over the 300 KB budget: ${kb(withLanguage)}`);
  process.exitCode = 1;
}
