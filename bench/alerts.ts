// The alerts at an operator's size (npm run bench:alerts): the console (PGlite, its own process) on a simulator of 8,
// 200 and 2,000 sites (BENCH_SIZES=8,200 for fewer) whose clock stands still at a Wednesday noon in Vietnam, its site
// names filled from it. Per size: the first look (which opens every access point down in the fleet), then 10 more
// (p50/p95): each reads every site's health afresh, as a look every minute does, and the devices of the sites whose
// health says some access points are down; a bare route (/api/health) while looks run (its longest answer); the top
// bar's counts and the drawer's first page with the fleet's alerts open (p95 of 20). The simulator runs in this
// process: its answers are part of what a look waits for; the client is timed in a thread of its own.
import { startSimulator } from '@it4u/unifi-sim';
import { BENCH_NOON, BENCH_SIM, startServer } from './spawn.ts';
import { timedClient } from './timed.ts';

const sizes = (process.env.BENCH_SIZES ?? '8,200,2000').split(',').map(Number);
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
const ms = (n: number) => `${n.toFixed(1)} ms`;

// timed in a thread of its own: this process's loop is busy serving the console's calls to the simulator
const client = timedClient();
const rows: Record<string, string | number>[] = [];
for (const size of sizes) {
  const sim = await startSimulator({ port: 0, flavor: 'classic', ...BENCH_SIM, sites: size, now: () => BENCH_NOON });
  const server = await startServer('pglite', {
    // `--cpu-prof --cpu-prof-dir=/tmp/prof` profiles the console
    nodeFlags: process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean),
    env: {
      UNIFI_DEMO_URL: sim.url,
      UNIFI_DEMO_USER: BENCH_SIM.username,
      UNIFI_DEMO_PASSWORD: BENCH_SIM.password,
      UNIFI_DEMO_CLOCK: new Date(BENCH_NOON).toISOString(),
      BENCH_SYNC_SITES: '1',
    },
  });
  const base = `http://127.0.0.1:${server.port}/api/v1`;
  const headers = { authorization: `Bearer ${server.token}` };
  const timed = async (method: string, path: string) => {
    const a = await client(`${base}${path}`, { method, headers });
    if (a.status === 0 || a.status >= 300) throw new Error(`${method} ${path}: ${a.status} ${a.body.slice(0, 200)}`);
    return { ms: a.ms, body: JSON.parse(a.body) };
  };
  try {
    const first = await timed('POST', '/it4u/alerts/look');
    const looks: number[] = [];
    let bareLongest = 0;
    for (let i = 0; i < 10; i++) {
      let looking = true;
      const bare = (async () => {
        while (looking) {
          bareLongest = Math.max(bareLongest, (await client(`http://127.0.0.1:${server.port}/api/health`)).ms);
          await new Promise((r) => setTimeout(r, 5));
        }
      })();
      looks.push((await timed('POST', '/it4u/alerts/look')).ms);
      looking = false;
      await bare;
    }
    const counts: number[] = [];
    const pages: number[] = [];
    let open = 0;
    for (let i = 0; i < 20; i++) {
      const c = await timed('GET', '/it4u/alerts/count');
      open = c.body.open;
      counts.push(c.ms);
      pages.push((await timed('GET', '/it4u/alerts?pageSize=50')).ms);
    }
    rows.push({
      sites: size,
      'alerts open': open,
      'first look': ms(first.ms),
      'look p50 / p95': `${ms(percentile(looks, 50))} / ${ms(percentile(looks, 95))}`,
      'bare route, longest': ms(bareLongest),
      'counts p95': ms(percentile(counts, 95)),
      'drawer page p95': ms(percentile(pages, 95)),
    });
  } finally {
    server.child.kill('SIGTERM');
    await sim.close();
  }
}
console.table(rows);
// the timing thread's connections would keep the process alive
process.exit(0);
