// 200 concurrent clients polling GET /it4u/{site}/devices for 5 sites for 60 s (npm run bench:devices), against the
// simulator: the simulator counts its stat/sta calls per site (at most one per site per 30 s refresh window is the aim)
// and autocannon reports the console's latency once warm.
import autocannon from 'autocannon';
import { startOnSimulator } from './spawn.ts';

const duration = Number(process.env.BENCH_SECONDS ?? 60);
const { sim, port, token, close } = await startOnSimulator();
try {
  const names = sim.state.sites.map((s) => s.name).slice(0, 5);
  const headers = { authorization: `Bearer ${token}` };
  const requests = names.map((site) => ({ method: 'GET' as const, path: `/api/v1/it4u/${site}/devices` }));
  // warm up: one read per site
  for (const site of names) await fetch(`http://127.0.0.1:${port}/api/v1/it4u/${site}/devices`, { headers });
  sim.resetCalls();
  const r = await autocannon({ url: `http://127.0.0.1:${port}`, headers, connections: 200, duration, requests });
  const calls = names.map((site) => sim.callsFor('GET', '/api/s/{site}/stat/sta', site));
  const allowed = Math.ceil(duration / 30) + 1;
  console.log(
    `200 connections, 5 sites, ${duration} s: ${Math.round(r.requests.average)} requests/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}`,
  );
  console.log(
    `stat/sta calls seen by the simulator per site: ${calls.join(', ')} (at most ${allowed} allowed: one per 30 s window)`,
  );
} finally {
  await close();
}
