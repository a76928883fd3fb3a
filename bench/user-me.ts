// GET /api/v1/user/me with 50 connections for 10 s (autocannon), on PGlite and on PostgreSQL, beside a bare
// Fastify route answering the same JSON. Each server runs in its own process; run with `npm run bench:user-me`.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';

const root = path.resolve(import.meta.dirname, '..');
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const kinds = (process.env.BENCH_KINDS ?? 'bare,bare+headers,pglite,postgres').split(',');

function start(kind: string): Promise<{ child: ChildProcess; port: number; token: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/serve.ts', kind, '0'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk) => {
      out += chunk;
      const m = /READY (\d+) (\S+)/.exec(out);
      if (m) resolve({ child, port: Number(m[1]), token: m[2] as string });
    });
    child.on('exit', (code) => reject(new Error(`${kind} server exited with ${code}`)));
  });
}

const rows: string[] = [];
for (const kind of kinds) {
  const { child, port, token } = await start(kind);
  const headers = token === '-' ? {} : { authorization: `Bearer ${token}` };
  const url = `http://127.0.0.1:${port}/api/v1/user/me`;
  await autocannon({ url, headers, connections, duration: 2 }); // warm up
  const r = await autocannon({ url, headers, connections, duration });
  child.kill('SIGTERM');
  const row = `| ${kind} | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${r.latency.p99} | ${r.non2xx} |`;
  rows.push(row);
  console.log(row);
}
console.log(
  `\n| server | requests/s | p50 ms | p99 ms | non-2xx |\n| --- | --- | --- | --- | --- |\n${rows.join('\n')}`,
);
