// The guest login page (npm run bench:portal): 200 concurrent guests loading /guest/s/{site}/, the splash image
// served from the database with its caching headers, and the whole voucher login (form post → authorize-guest →
// confirmed on the controller → 303), against the simulator on a fixed clock. Figures in docs/benchmarks.md.
import autocannon from 'autocannon';
import { png } from '../apps/server/src/test/png.ts';
import { startOnSimulator, startServer } from './spawn.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const { sim, port, token, close } = await startOnSimulator();
const base = `http://127.0.0.1:${port}`;
const auth = { authorization: `Bearer ${token}` };
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.ceil((p / 100) * values.length) - 1] ?? 0;

try {
  const site = sim.state.sites[1];
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

  const page = await autocannon({
    url: `${base}/guest/s/${site.name}/?id=02:00:00:00:00:01&ap=${site.devices[0]?.mac}&url=http://neverssl.com/`,
    connections: 200,
    duration: seconds,
  });
  console.log(
    `guest page, 200 connections, ${seconds} s: ${Math.round(page.requests.average)} requests/s, p50 ${page.latency.p50} ms, p99 ${page.latency.p99} ms, non-2xx ${page.non2xx} (aim p99 at most 20 ms)`,
  );
  // the floor of this machine: a bare Fastify route (bench/serve.ts) under the same 200 connections
  const bare = await startServer('bare');
  const floor = await autocannon({
    url: `http://127.0.0.1:${bare.port}/api/v1/user/me`,
    connections: 200,
    duration: seconds,
  });
  bare.child.kill('SIGTERM');
  console.log(
    `bare Fastify route, same load: ${Math.round(floor.requests.average)} requests/s, p50 ${floor.latency.p50} ms, p99 ${floor.latency.p99} ms; guest page / bare: ${(page.requests.average / floor.requests.average).toFixed(2)} of the throughput, ${(page.latency.p99 / floor.latency.p99).toFixed(2)}× the p99`,
  );
  const images = await autocannon({ url: `${base}${image.url}`, connections: 50, duration: seconds });
  console.log(
    `splash image (${png(1600, 1000).length} bytes), 50 connections, ${seconds} s: ${Math.round(images.requests.average)} requests/s, p99 ${images.latency.p99} ms, non-2xx ${images.non2xx} (aim at least 5,000 requests/s)`,
  );

  // the voucher login: 300 guests, 20 at a time, each with its own single-use voucher
  const made = await fetch(`${base}/api/v1/it4u/${site.name}/createVoucher`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ n: 300, quota: 1, expire: 480, note: 'bench' }),
  });
  const vouchers = (await made.json()) as { code: string }[];
  const times: number[] = [];
  let redirected = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      while (next < vouchers.length) {
        const i = next++;
        const mac = `02:be:00:00:${(i >> 8).toString(16).padStart(2, '0')}:${(i & 255).toString(16).padStart(2, '0')}`;
        const started = performance.now();
        const res = await fetch(`${base}/guest/s/${site.name}/`, {
          method: 'POST',
          redirect: 'manual',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ id: mac, code: vouchers[i]?.code ?? '' }).toString(),
        });
        await res.arrayBuffer();
        times.push(performance.now() - started);
        if (res.status === 303) redirected++;
      }
    }),
  );
  console.log(
    `voucher login, ${vouchers.length} guests 20 at a time: p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms, redirected ${redirected} of ${vouchers.length}; guests the simulator shows let in: ${site.authorized.size} (aim p99 at most 200 ms)`,
  );
} finally {
  await close();
}
