// The warehouse against the network at an operator's size (npm run bench:reconciliation): the console (PGlite, its
// own process) on a simulator of 8, 200 and 2,000 sites (BENCH_SIZES=8,200 for fewer) whose clock stands still at a
// Wednesday noon in Vietnam, its site names and demo customers filled from it, and its demo warehouse made from the
// fleet's access points (every one issued to its site's customer, a few not, one elsewhere, one recalled). Per size:
// how many stock-outs; a scan asked now (every site's devices and clients read afresh, every sighting written); a
// bare route (/api/health) while it runs (its longest answer); a page of each case (p95 of 10 each) and the export
// of every case.
import { startSimulator } from '@it4u/unifi-sim';
import { BENCH_NOON, BENCH_SIM, startServer } from './spawn.ts';
import { timedClient } from './timed.ts';

const sizes = (process.env.BENCH_SIZES ?? '8,200,2000').split(',').map(Number);
const CASES = ['notSeen', 'elsewhere', 'retired', 'unissued'] as const;
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
    return { ms: a.ms, body: a.body };
  };
  try {
    // one scan asked now (a second would wait a minute of the console's clock, which stands still here)
    let bareLongest = 0;
    let scanning = true;
    const bare = (async () => {
      while (scanning) {
        bareLongest = Math.max(bareLongest, (await client(`http://127.0.0.1:${server.port}/api/health`)).ms);
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    const scan = await timed('POST', '/it4u/reconciliation/scan');
    scanning = false;
    await bare;
    const pages: Record<string, number[]> = {};
    let counts: Record<string, number> = {};
    for (const c of CASES) {
      pages[c] = [];
      for (let i = 0; i < 10; i++) {
        const page = await timed('GET', `/it4u/reconciliation?case=${c}&pageSize=20&days=7`);
        counts = JSON.parse(page.body).counts;
        pages[c].push(page.ms);
      }
    }
    const exported = await timed('GET', '/it4u/reconciliation/export?days=7');
    const stockOuts = JSON.parse((await timed('GET', '/it4u/exportWarehouse?pageSize=1')).body).total;
    rows.push({
      sites: size,
      'stock-outs': stockOuts,
      'cases (notSeen/elsewhere/retired/unissued)': CASES.map((c) => counts[c] ?? 0).join(' / '),
      'scan now': ms(scan.ms),
      'bare route during a scan, longest': ms(bareLongest),
      'page p95 (per case)': CASES.map((c) => ms(percentile(pages[c] ?? [], 95))).join(' / '),
      'export of every case': ms(exported.ms),
    });
  } finally {
    server.child.kill('SIGTERM');
    await sim.close();
  }
}
console.table(rows);
// the timing thread's connections would keep the process alive
process.exit(0);
