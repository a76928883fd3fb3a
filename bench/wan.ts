// WAN telemetry on PostgreSQL (npm run bench:wan), the console in its own process on a scratch database:
//  1. storage: 100 sites whose second link drops for ten minutes every hour, thirty days of pushes every 4 minutes
//     written as they would have left the tables; their bytes (tables and indexes) per site;
//  2. 10,000 sites' routers: their first pushes, then 1,000 pushes a second for BENCH_SECONDS (default 30), each sent
//     at its time whatever the answers before it (the latency counts from that time), 5 % of them changing a link;
//  3. the ceiling: 100 connections that never wait;
//  4. GET /it4u/customer_info with the 10,100 sites, one reader at a time and five at once.
// Figures in docs/benchmarks.md.

import { monitorEventLoopDelay } from 'node:perf_hooks';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { Pool } from 'undici';
import { openPostgres } from '../apps/server/src/db/client.ts';
import { createDemoRouters } from '../apps/server/src/modules/customers/customers.demo.ts';
import { createCustomersRepository } from '../apps/server/src/modules/customers/customers.repository.ts';
import { onScratchDatabase } from './spawn.ts';

const SITES = 10_000;
const RATE = 1_000;
const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.ceil((p / 100) * values.length) - 1] ?? 0;
const ms = (v: number) => v.toFixed(1);
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));

/** Site i's push: two links, the second down when `down`. */
const body = (i: number, down = false) => ({
  sitename: `Bench site ${String(i).padStart(5, '0')}`,
  groupClient: ['FTTH', 'Leased line', 'Wifi Marketing'][i % 3],
  wan1Provider: 'VNPT',
  wan1Ip: `10.${(i >> 8) & 255}.${i & 255}.1`,
  wan1Status: 1,
  wan1Uptime: 86_400 + i,
  wan2Provider: 'Viettel',
  wan2Ip: `10.${(i >> 8) & 255}.${i & 255}.2`,
  wan2Status: down ? 0 : 1,
  wan2Uptime: down ? 0 : 3_600,
  uptimeLb: 864_000,
});

await onScratchDatabase(async ({ url, port, token }) => {
  const base = `http://127.0.0.1:${port}`;
  const staff = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const set = await fetch(`${base}/api/v1/it4u/systemConfig`, {
    method: 'PUT',
    headers: staff,
    body: JSON.stringify({ tokenUcrm: 'bench', tokenDev: 'bench-device-token' }),
  });
  if (!set.ok) throw new Error(`systemConfig: ${set.status} ${await set.text()}`);
  const pool = new Pool(base, { connections: 100, pipelining: 1 });
  const router = { authorization: 'Bearer bench-device-token', 'content-type': 'application/json' };
  const push = async (b: object) => {
    const res = await pool.request({
      method: 'POST',
      path: '/api/v1/it4u/customer_info',
      headers: router,
      body: JSON.stringify(b),
    });
    await res.body.dump();
    if (res.statusCode !== 200) throw new Error(`push: ${res.statusCode}`);
  };

  // 1. storage of a month with a link flapping hourly, as the pushes every 4 minutes would have left it
  const database = await openPostgres(url, 4);
  const flapping = 100;
  const now = Date.now();
  const demo = createDemoRouters({
    customers: createCustomersRepository(database.db),
    sitenames: async () => Array.from({ length: flapping }, (_, i) => `Flapping site ${i}`),
    record: async () => undefined,
    now: () => now,
    sites: flapping,
    // every site as the demo's first one: its second link drops for ten minutes at the start of every hour
    site: () => 0,
  });
  await demo.start();
  demo.stop();
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  await db.query('vacuum analyze customer_sites, wan_events');
  const size = async () =>
    Number(
      (
        await db.query(
          `select sum(pg_total_relation_size(t))::bigint as bytes from unnest(array['customer_sites', 'wan_events']::regclass[]) t`,
        )
      ).rows[0].bytes,
    );
  const [{ events }] = (await db.query('select count(*)::int as events from wan_events')).rows as { events: number }[];
  const bytes = await size();
  console.log(
    `storage: ${flapping} sites, 30 days with a link flapping hourly: ${events} history lines, ${(bytes / 1024 / 1024).toFixed(2)} MB in all (tables and indexes): ${(bytes / flapping / 1024).toFixed(0)} KB per site per month (aim under 1 MB)`,
  );
  await database.close();

  // 2. 10,000 sites' first pushes (a hundred at a time), then a sustained 1,000 a second
  let t0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 100 }, async () => {
      while (next < SITES) await push(body(next++));
    }),
  );
  console.log(
    `first pushes of ${SITES} sites, 100 at a time: ${Math.round(SITES / ((performance.now() - t0) / 1000))} pushes/s`,
  );

  const pushHistogram = async () =>
    [
      ...(await (await fetch(`${base}/metrics`)).text()).matchAll(
        /it4u_http_request_duration_seconds_bucket\{le="([^"]+)",method="POST",route="\/api\/v1\/it4u\/customer_info",status_code="200"\} (\d+)/g,
      ),
    ].map((m) => ({ le: m[1] === '+Inf' ? Number.POSITIVE_INFINITY : Number(m[1]), count: Number(m[2]) }));
  const before = await pushHistogram();
  // how late this process's own timers run: the load's own share of the latency
  const lag = monitorEventLoopDelay({ resolution: 5 });
  lag.enable();
  const total = RATE * seconds;
  const times: number[] = [];
  let failed = 0;
  const pending: Promise<void>[] = [];
  t0 = performance.now();
  for (let i = 0; i < total; i++) {
    const due = t0 + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    const site = (i * 7919) % SITES;
    // one push in twenty changes a link (down, then up again on the site's next change)
    const change = i % 20 === 0;
    pending.push(
      push(body(site, change && Math.floor(i / SITES) % 2 === 0))
        .then(() => {
          times.push(performance.now() - due);
        })
        .catch(() => {
          failed++;
        }),
    );
  }
  await Promise.all(pending);
  lag.disable();
  const took = (performance.now() - t0) / 1000;
  console.log(
    `sustained: ${total} pushes at ${RATE}/s over ${seconds} s (done in ${took.toFixed(1)} s: ${Math.round(total / took)}/s): p50 ${ms(percentile(times, 50))} ms, p90 ${ms(percentile(times, 90))} ms, p99 ${ms(percentile(times, 99))} ms, slowest ${ms(Math.max(...times))} ms, failed ${failed} (aim p99 at most 50 ms); this process's own timer lag p99 ${ms(lag.percentile(99) / 1e6)} ms`,
  );
  // the console's own count: its histogram of the push route, from GET /metrics, less the first pushes'
  const after = await pushHistogram();
  const buckets = after.map((b, k) => ({ le: b.le, count: b.count - (before[k]?.count ?? 0) }));
  const all = buckets.at(-1)?.count ?? 0;
  const within = (s: number) => buckets.find((b) => b.le === s)?.count ?? 0;
  console.log(
    `the console's own answer times for the ${all} sustained pushes (its histogram): ${((100 * within(0.01)) / all).toFixed(1)} % within 10 ms, ${((100 * within(0.05)) / all).toFixed(2)} % within 50 ms, ${((100 * within(0.1)) / all).toFixed(2)} % within 100 ms`,
  );

  // 3. the ceiling: pushes as fast as 100 connections go
  let done = 0;
  const until = performance.now() + 10_000;
  t0 = performance.now();
  await Promise.all(
    Array.from({ length: 100 }, async (_, c) => {
      for (let i = c; performance.now() < until; i += 100) {
        await push(body(i % SITES));
        done++;
      }
    }),
  );
  console.log(
    `ceiling, 100 connections that never wait: ${Math.round(done / ((performance.now() - t0) / 1000))} pushes/s`,
  );
  await pool.close();

  // 4. the report with every site
  const reader = new Pool(base, { connections: 5 });
  const read = async () => {
    const s = performance.now();
    // as a browser asks, gzip taken; the time to the whole answer (unpacking it is the browser's)
    const res = await reader.request({
      method: 'GET',
      path: '/api/v1/it4u/customer_info',
      headers: { ...staff, 'accept-encoding': 'gzip' },
    });
    const body = Buffer.from(await res.body.arrayBuffer());
    const took = performance.now() - s;
    if (res.statusCode !== 200) throw new Error(`report: ${res.statusCode}`);
    const json = res.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body;
    return { ms: took, bytes: json.length, sent: body.length };
  };
  const first = await read();
  const one: number[] = [];
  let last = first;
  for (let i = 0; i < 40; i++) {
    const r = await read();
    one.push(r.ms);
    last = r;
  }
  const five: number[] = [];
  await Promise.all(
    Array.from({ length: 5 }, async () => {
      for (let i = 0; i < 10; i++) five.push((await read()).ms);
    }),
  );
  console.log(
    `GET /it4u/customer_info, ${SITES + flapping} sites (${(last.bytes / 1024 / 1024).toFixed(1)} MB of JSON, ${(last.sent / 1024).toFixed(0)} KB gzipped; the first read, which made the report: ${ms(first.ms)} ms): one reader p50 ${ms(percentile(one, 50))} ms, p99 ${ms(percentile(one, 99))} ms; five at once p50 ${ms(percentile(five, 50))} ms, p99 ${ms(percentile(five, 99))} ms (aim p99 at most 100 ms)`,
  );
  await reader.close();
  await db.end();
});
