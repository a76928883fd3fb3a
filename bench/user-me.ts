// GET /api/v1/user/me with 50 connections for 10 s (autocannon), on PGlite and on PostgreSQL, beside a bare
// Fastify route answering the same JSON. Each server runs in its own process; run with `npm run bench:user-me`.
import autocannon from 'autocannon';
import { startServer } from './spawn.ts';

const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const kinds = (process.env.BENCH_KINDS ?? 'bare,bare+headers,pglite,postgres').split(',');

const rows: string[] = [];
for (const kind of kinds) {
  const { child, port, token } = await startServer(kind);
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
