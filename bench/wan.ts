// Over 300 lines: a benchmark script: it starts its own app and routers and prints every figure docs/benchmarks.md reports for the WAN links.
// WAN telemetry on PostgreSQL (npm run bench:wan), the console in its own process on a scratch database:
//  1. storage: 100 sites whose second link drops for ten minutes every hour, thirty days of pushes every 4 minutes
//     written as they would have left the tables; their bytes (tables and indexes) per site;
//  2. 10,000 sites' routers: their first pushes, then 1,000 pushes a second for BENCH_SECONDS (default 30), each sent
//     at its time whatever the answers before it (the latency counts from that time), 5 % of them changing a link;
//     then the same schedule against a bare Fastify route in its own process (what this machine gives any route);
//  3. the ceiling: 100 connections that never wait;
//  4. GET /it4u/customer_info with the 10,100 sites for BENCH_READ_SECONDS (default 60, four times the copy's
//     refresh time) while the routers push at their own pace (10,000 sites every 4 minutes, 42 a second): one
//     reader four times a second and, every 10 s, five at once; every read counted, the first too, and those made
//     while the server made its copy anew.
// Figures in docs/benchmarks.md. BENCH_NODE_FLAGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the console.

import { readdirSync, readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { Pool } from 'undici';
import { openPostgres } from '../apps/server/src/db/client.ts';
import { createDemoRouters } from '../apps/server/src/modules/wanLinks/wanLinks.demo.ts';
import { createWanLinksRepository } from '../apps/server/src/modules/wanLinks/wanLinks.repository.ts';
import { onScratchDatabase, startServer } from './spawn.ts';

const SITES = 10_000;
const RATE = 1_000;
const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const readSeconds = Number(process.env.BENCH_READ_SECONDS ?? 60);
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.ceil((p / 100) * values.length) - 1] ?? 0;
const ms = (v: number) => v.toFixed(1);
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));

/** CPU time (user + system, ms) a process has used, from /proc (Linux; 100 ticks a second). */
const cpuMs = (pid: number): number => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
};

/** The console this benchmark started: the child process running bench/serve.ts. */
const consolePid = (): number | undefined =>
  readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .find((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
        return (
          Number(stat[1]) === process.pid && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('bench/serve.ts')
        );
      } catch {
        return false;
      }
    });

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
    wanLinks: createWanLinksRepository(database.db),
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
  /**
   * `send(i)` sent RATE times a second for `secs`, each at its time whatever the answers before it: the latency of
   * each counted from that time (a stall counts for every request it holds up).
   */
  const onSchedule = async (secs: number, send: (i: number) => Promise<void>) => {
    // how late this process's own timers run: the load's own share of the latency
    const lag = monitorEventLoopDelay({ resolution: 5 });
    lag.enable();
    const total = RATE * secs;
    const times: number[] = [];
    let failed = 0;
    const pending: Promise<void>[] = [];
    const start = performance.now();
    for (let i = 0; i < total; i++) {
      const due = start + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 1) await sleep(wait);
      pending.push(
        send(i)
          .then(() => {
            times.push(Math.max(0, performance.now() - due));
          })
          .catch(() => {
            failed++;
          }),
      );
    }
    await Promise.all(pending);
    lag.disable();
    const took = (performance.now() - start) / 1000;
    return {
      total,
      took,
      failed,
      lagP99: lag.percentile(99) / 1e6,
      line: `p50 ${ms(percentile(times, 50))} ms, p90 ${ms(percentile(times, 90))} ms, p99 ${ms(percentile(times, 99))} ms, slowest ${ms(Math.max(...times))} ms, failed ${failed}`,
    };
  };
  // the CPU the pushes cost, whatever else runs on the machine: the console's process, and the PostgreSQL backends
  // of its database (not the server's shared processes)
  const server = consolePid();
  const backends = async () =>
    (
      await db.query('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()')
    ).rows.map((r: { pid: number }) => r.pid);
  const cpuBefore = new Map([...(await backends()), server ?? 0].map((pid) => [pid, cpuMs(pid)]));
  const commits = async () =>
    Number(
      (await db.query('select xact_commit from pg_stat_database where datname = current_database()')).rows[0]
        .xact_commit,
    );
  const commitsBefore = await commits();
  const selfBefore = process.cpuUsage();
  // one push in twenty changes a link (down, then up again on the site's next change)
  const sustained = await onSchedule(seconds, (i) => {
    const change = i % 20 === 0;
    return push(body((i * 7919) % SITES, change && Math.floor(i / SITES) % 2 === 0));
  });
  const used = (pid: number) => cpuMs(pid) - (cpuBefore.get(pid) ?? 0);
  const consoleCpu = server ? used(server) : Number.NaN;
  const pgCpu = (await backends()).reduce((sum, pid) => sum + used(pid), 0);
  const self = process.cpuUsage(selfBefore);
  const transactions = (await commits()) - commitsBefore;
  const selfCpu = (self.user + self.system) / 1000;
  const per = (cpu: number) => ((cpu / sustained.total) * 1000).toFixed(0);
  console.log(
    `sustained: ${sustained.total} pushes at ${RATE}/s over ${seconds} s (done in ${sustained.took.toFixed(1)} s: ${Math.round(sustained.total / sustained.took)}/s): ${sustained.line} (aim p99 at most 50 ms); this process's own timer lag p99 ${ms(sustained.lagP99)} ms`,
  );
  console.log(
    `CPU a push: the console ${per(consoleCpu)} µs, PostgreSQL's backends ${per(pgCpu)} µs, this load ${per(selfCpu)} µs; at ${RATE}/s they take ${((consoleCpu + pgCpu + selfCpu) / 1000 / sustained.took).toFixed(2)} of the 2 cores (the rest of the machine: what others ran meanwhile); ${(transactions / sustained.total).toFixed(2)} transactions a push in PostgreSQL`,
  );
  // the console's own count: its histogram of the push route, from GET /metrics, less the first pushes'
  const after = await pushHistogram();
  const buckets = after.map((b, k) => ({ le: b.le, count: b.count - (before[k]?.count ?? 0) }));
  const all = buckets.at(-1)?.count ?? 0;
  const within = (s: number) => buckets.find((b) => b.le === s)?.count ?? 0;
  console.log(
    `the console's own answer times for the ${all} sustained pushes (its histogram): ${((100 * within(0.01)) / all).toFixed(1)} % within 10 ms, ${((100 * within(0.05)) / all).toFixed(2)} % within 50 ms, ${((100 * within(0.1)) / all).toFixed(2)} % within 100 ms`,
  );

  // the same schedule against a bare Fastify route in its own process: what this machine gives any route
  const bare = await startServer('bare');
  const barePool = new Pool(`http://127.0.0.1:${bare.port}`, { connections: 100, pipelining: 1 });
  try {
    const floor = await onSchedule(Math.min(seconds, 15), async () => {
      const res = await barePool.request({ method: 'GET', path: '/api/v1/user/me' });
      await res.body.dump();
      if (res.statusCode !== 200) throw new Error(`bare: ${res.statusCode}`);
    });
    console.log(
      `a bare Fastify route (its own process, no database) on the same schedule, ${floor.total} requests at ${RATE}/s: ${floor.line}; this process's own timer lag p99 ${ms(floor.lagP99)} ms`,
    );
  } finally {
    await barePool.close();
    bare.child.kill('SIGTERM');
  }

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

  // 4. the report with every site, read while the routers push at their own pace (the copy changes behind it)
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
    return { ms: took, body };
  };
  const readUntil = performance.now() + readSeconds * 1000;
  // the routers of 10,000 sites pushing every 4 minutes: 42 a second, one in forty taking a link down
  const pushing = (async () => {
    const routers = new Pool(base, { connections: 10 });
    const sent: Promise<unknown>[] = [];
    for (let i = 0; performance.now() < readUntil; i++) {
      const due = performance.now() + 1000 / 42;
      sent.push(
        routers
          .request({
            method: 'POST',
            path: '/api/v1/it4u/customer_info',
            headers: router,
            body: JSON.stringify(body((i * 7919) % SITES, i % 40 === 0)),
          })
          .then((res) => res.body.dump())
          .catch(() => {}),
      );
      await sleep(Math.max(0, due - performance.now()));
    }
    await Promise.all(sent);
    await routers.close();
  })();
  const one: number[] = [];
  const five: number[] = [];
  const copies = new Set<string>();
  let last: Buffer | undefined;
  const t4 = performance.now();
  let bursts = 0;
  while (performance.now() < readUntil) {
    const due = performance.now() + 250;
    const r = await read();
    one.push(r.ms);
    last = r.body;
    copies.add(`${r.body.length}:${r.body.subarray(-64).toString('hex')}`);
    // every 10 s, five readers at once, ten reads each
    if (performance.now() - t4 > (bursts + 1) * 10_000) {
      bursts++;
      await Promise.all(
        Array.from({ length: 5 }, async () => {
          for (let i = 0; i < 10; i++) five.push((await read()).ms);
        }),
      );
    }
    await sleep(Math.max(0, due - performance.now()));
  }
  await pushing;
  const reads = [...one, ...five];
  const json = last ? gunzipSync(last) : Buffer.alloc(0);
  console.log(
    `GET /it4u/customer_info, ${SITES + flapping} sites (${(json.length / 1024 / 1024).toFixed(1)} MB of JSON, ${((last?.length ?? 0) / 1024).toFixed(0)} KB gzipped), ${readSeconds} s while 42 pushes a second came, ${copies.size} different answers: one reader (${one.length} reads, the first ${ms(one[0] ?? 0)} ms) p50 ${ms(percentile(one, 50))} ms, p99 ${ms(percentile(one, 99))} ms, slowest ${ms(Math.max(...one))} ms; five at once (${five.length} reads) p50 ${ms(percentile(five, 50))} ms, p99 ${ms(percentile(five, 99))} ms; all ${reads.length} reads p99 ${ms(percentile(reads, 99))} ms, slowest ${ms(Math.max(...reads))} ms (aim p99 at most 100 ms)`,
  );
  await reader.close();
  await db.end();
});
