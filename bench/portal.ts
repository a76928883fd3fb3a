// The guest login page (npm run bench:portal), the console on the simulator (each in its own process) at a fixed clock:
// - 200 guests on a venue's wifi, each loading /guest/s/{site}/ and then waiting a moment (exponential, mean 100, 50
//   or 25 ms) before loading it again: the latency every guest sees, at a total rate far above a real venue's;
// - the same page under 200 connections that never wait (the machine's ceiling), beside a bare Fastify route;
// - the splash image served from the database with its caching headers;
// - the whole voucher login (form post → authorize-guest → confirmed on the controller → 303).
// Figures in docs/benchmarks.md.
import autocannon from 'autocannon';
import { Pool } from 'undici';
import { png } from '../apps/server/src/test/png.ts';
import { startOnSimulatorProcess, startServer } from './spawn.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const GUESTS = 200;
const WARM_UP_MS = 2000;
// the console's public address: saving the hotspot points the controller's portal there, which the guest page requires
process.env.PORTAL_ADDRESS ??= '203.0.113.10';
const { sites, port, token, authorized, close } = await startOnSimulatorProcess();
const base = `http://127.0.0.1:${port}`;
const auth = { authorization: `Bearer ${token}` };
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.ceil((p / 100) * values.length) - 1] ?? 0;
const ms = (v: number) => v.toFixed(1);

/** A seeded random number in [0, 1) (mulberry32): the same waits in every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * GUESTS guests, each on its own connection, loading url and waiting thinkMs on average before the next load; the
 * first WARM_UP_MS are not counted.
 */
async function guests(url: string, thinkMs: number, forSeconds: number) {
  const target = new URL(url);
  const pool = new Pool(target.origin, { connections: GUESTS, pipelining: 1 });
  const times: number[] = [];
  let failed = 0;
  const warm = performance.now() + WARM_UP_MS;
  const until = warm + forSeconds * 1000;
  const next = random(thinkMs);
  await Promise.all(
    Array.from({ length: GUESTS }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        const res = await pool.request({ method: 'GET', path: `${target.pathname}${target.search}` });
        await res.body.text();
        // counted once the connections are made and the code compiled
        if (started >= warm) {
          times.push(performance.now() - started);
          if (res.statusCode !== 200) failed++;
        }
        await new Promise((r) => setTimeout(r, -thinkMs * Math.log(1 - next())));
      }
    }),
  );
  await pool.close();
  return { rate: times.length / forSeconds, p50: percentile(times, 50), p99: percentile(times, 99), failed };
}

try {
  const site = sites[1];
  if (!site) throw new Error('no demo site');
  await new Promise((r) => setTimeout(r, 1000)); // the site names are filled on start
  const set = await fetch(`${base}/api/v1/it4u/${site.name}/hotspot`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ enabled: true, portalName: 'Bench', auth: 'hotspot', promoUrl: 'https://example.com/' }),
  });
  if (!set.ok) throw new Error(`hotspot: ${set.status} ${await set.text()}`);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png(1600, 1000))]), 'desktop.png');
  const uploaded = await fetch(`${base}/api/v1/upload/${site.name}/desktop`, {
    method: 'POST',
    headers: auth,
    body: form,
  });
  const image = (await uploaded.json()) as { url: string };
  const pageUrl = `${base}/guest/s/${site.name}/?id=02:00:00:00:00:01&ap=${site.ap}&url=http://neverssl.com/`;

  const bare = await startServer('bare');
  const bareUrl = `http://127.0.0.1:${bare.port}/api/v1/user/me`;
  for (const thinkMs of [100, 50, 25]) {
    const page = await guests(pageUrl, thinkMs, seconds);
    const floor = await guests(bareUrl, thinkMs, seconds);
    console.log(
      `guest page, ${GUESTS} guests waiting ${thinkMs} ms on average: ${Math.round(page.rate)} requests/s, p50 ${ms(page.p50)} ms, p99 ${ms(page.p99)} ms, not 200: ${page.failed} (aim p99 at most 20 ms); bare route, same guests: p50 ${ms(floor.p50)} ms, p99 ${ms(floor.p99)} ms`,
    );
  }
  // the ceiling: connections that never wait
  const page = await autocannon({ url: pageUrl, connections: GUESTS, duration: seconds });
  const floor = await autocannon({ url: bareUrl, connections: GUESTS, duration: seconds });
  bare.child.kill('SIGTERM');
  console.log(
    `ceiling, ${GUESTS} connections that never wait: guest page ${Math.round(page.requests.average)} requests/s (p50 ${page.latency.p50} ms, p99 ${page.latency.p99} ms), bare route ${Math.round(floor.requests.average)} requests/s (p50 ${floor.latency.p50} ms, p99 ${floor.latency.p99} ms): ${(page.requests.average / floor.requests.average).toFixed(2)} of the throughput`,
  );

  const images = await autocannon({ url: `${base}${image.url}`, connections: 50, duration: seconds });
  console.log(
    `splash image (${png(1600, 1000).length} bytes), 50 connections, ${seconds} s: ${Math.round(images.requests.average)} requests/s, p99 ${images.latency.p99} ms, non-2xx ${images.non2xx} (aim at least 5,000 requests/s)`,
  );

  // the voucher login: guests 20 at a time, each with its own single-use voucher; the first 40 warm the console up
  // (its connections to the controller, its compiled code) and are not counted
  const batch = async (n: number, note: string) => {
    const made = await fetch(`${base}/api/v1/it4u/${site.name}/createVoucher`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ n, quota: 1, expire: 480, note }),
    });
    return ((await made.json()) as { code: string }[]).map((v) => v.code);
  };
  const logins = async (codes: string[], first: number) => {
    const times: number[] = [];
    let redirected = 0;
    let next = 0;
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (next < codes.length) {
          const i = next++;
          const n = first + i;
          const mac = `02:be:00:00:${(n >> 8).toString(16).padStart(2, '0')}:${(n & 255).toString(16).padStart(2, '0')}`;
          const started = performance.now();
          const res = await fetch(`${base}/guest/s/${site.name}/`, {
            method: 'POST',
            redirect: 'manual',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ id: mac, code: codes[i] ?? '' }).toString(),
          });
          await res.arrayBuffer();
          times.push(performance.now() - started);
          if (res.status === 303) redirected++;
        }
      }),
    );
    return { times, redirected };
  };
  await logins(await batch(40, 'bench warm-up'), 0);
  const codes = await batch(1000, 'bench');
  const { times, redirected } = await logins(codes, 40);
  console.log(
    `voucher login, ${codes.length} guests 20 at a time (after 40 not counted): p50 ${ms(percentile(times, 50))} ms, p99 ${ms(percentile(times, 99))} ms, slowest ${ms(Math.max(...times))} ms, redirected ${redirected} of ${codes.length}; guests the simulator shows let in: ${await authorized(site.name)} of ${codes.length + 40} (aim p99 at most 200 ms)`,
  );
} finally {
  await close();
}
