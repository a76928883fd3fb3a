// Start-up (npm run bench:startup): the time from starting the console to /api/health answering, and its resident
// memory at idle a while after, with the server run through tsx (TypeScript compiled on the fly, as before) and
// compiled (apps/server/dist, as `npm start` runs it now), taking turns, on one embedded database made by a first
// start (so that every measured start is a second start: migrations done, demo history in place). BENCH_RUNS (3).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const runs = Number(process.env.BENCH_RUNS ?? 3);
const dataDir = mkdtempSync(path.join(tmpdir(), 'it4u-startup-'));
const port = 8391;
const kinds = {
  tsx: ['--import', 'tsx', 'apps/server/src/main.ts'],
  compiled: ['apps/server/dist/main.mjs'],
} as const;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function start(kind: keyof typeof kinds): Promise<{ child: ChildProcess; ms: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, [...kinds[kind]], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      BACKUP_HOURS: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return { child, ms: performance.now() - started };
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 120_000) throw new Error(`${kind}: no answer in 120 s`);
    await sleep(25);
  }
}

function rssOf(pid: number): Promise<number> {
  return new Promise((resolve) => {
    const ps = spawn('ps', ['-o', 'rss=', '-p', String(pid)]);
    let out = '';
    ps.stdout.on('data', (d) => (out += d));
    ps.on('close', () => resolve(Number(out.trim()) * 1024));
  });
}

async function stop(child: ChildProcess) {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

// the first start makes the database (not measured)
await stop((await start('compiled')).child);
const figures: Record<string, { ms: number[]; rss: number[] }> = {
  tsx: { ms: [], rss: [] },
  compiled: { ms: [], rss: [] },
};
for (let i = 0; i < runs; i++) {
  for (const kind of ['tsx', 'compiled'] as const) {
    const { child, ms } = await start(kind);
    await sleep(10_000); // idle: the start's own work done
    figures[kind]?.ms.push(ms);
    figures[kind]?.rss.push(await rssOf(child.pid ?? 0));
    await stop(child);
  }
}
rmSync(dataDir, { recursive: true, force: true });
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? 0;
console.log('| server | start to /api/health, median (all) | resident memory at idle, median |');
console.log('| --- | --- | --- |');
for (const [kind, f] of Object.entries(figures)) {
  console.log(
    `| ${kind} | ${median(f.ms).toFixed(0)} ms (${f.ms.map((x) => x.toFixed(0)).join(', ')}) | ${(median(f.rss) / 2 ** 20).toFixed(0)} MB |`,
  );
}
const ratio = median(figures.tsx?.ms ?? []) / median(figures.compiled?.ms ?? [1]);
console.log(`\ncompiled starts ${ratio.toFixed(1)} times as fast as through tsx`);
