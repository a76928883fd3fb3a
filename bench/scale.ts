// An operator's size (npm run bench:scale): the console on two controllers (a classic one and a UniFi OS one signed in
// with an API key) holding 8, 200 and 2,000 sites in all (BENCH_SIZES=8,200 for fewer), each run on a fresh console
// (PGlite, its own process) and fresh simulators whose clocks stand still at a Wednesday noon in Vietnam; the HTTP
// client runs in a thread of its own (timed-client.mjs).
//
// Per size it measures: the site sync (first run, then with nothing changed); the overview with a cold cache (the
// first after the sync, which read only the sites lists, then 19 more each after the controllers' clients are made anew) and warm (p50/p95 of 50 calls), with the stat/sites reads
// each controller saw during them (aim: one per controller per 30 s window); the site list a site selector loads
// (time and size); the console's resident memory and CPU time; and, as ceilings measured in the same run, a bare
// route of the console (/api/health) and a bare controller read (stat/sites straight from the simulator).
import { startSimulator } from '@it4u/unifi-sim';
import { BENCH_NOON, BENCH_SIM, startServer } from './spawn.ts';
import { type Answer, timedClient } from './timed.ts';

const sizes = (process.env.BENCH_SIZES ?? '8,200,2000').split(',').map(Number);
const API_KEY = 'bench-api-key';

// timed in a thread of its own: this process's loop is busy serving the console's calls to the simulators
const timed = timedClient();

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
const ms = (n: number) => `${n.toFixed(1)} ms`;

type Row = Record<string, string | number>;
const rows: Row[] = [];

for (const size of sizes) {
  const half = Math.max(1, Math.floor(size / 2));
  const north = await startSimulator({
    port: 0,
    flavor: 'classic',
    ...BENCH_SIM,
    sites: size - half,
    now: () => BENCH_NOON,
  });
  const south = await startSimulator({
    port: 0,
    flavor: 'unifios',
    ...BENCH_SIM,
    seed: BENCH_SIM.seed + 1,
    sites: half,
    apiKey: API_KEY,
    now: () => BENCH_NOON,
  });
  const server = await startServer('pglite', { env: { UNIFI_DEMO_CLOCK: new Date(BENCH_NOON).toISOString() } });
  const base = `http://127.0.0.1:${server.port}`;
  const headers = { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' };
  const api = (method: string, path: string, body?: unknown) =>
    timed(`${base}/api/v1${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const must = (a: Answer, what: string) => {
    if (a.status === 0 || a.status >= 300) throw new Error(`${what}: ${a.status} ${a.body.slice(0, 300)}`);
    return a;
  };
  try {
    const cpu0 = JSON.parse((await timed(`${base}/bench/cpu`)).body).ms as number;
    // the shared device token the customer sites' routers push with (before the controllers: this form saves the
    // first controller's fields too)
    must(
      await api('PUT', '/it4u/systemConfig', { tokenUcrm: 'bench', tokenDev: 'bench-device-token' }),
      'device token',
    );
    const northBody = {
      name: 'Miền Bắc',
      url: north.url,
      signIn: 'account',
      username: north.username,
      verifyTls: true,
    };
    const northAdded = must(
      await api('POST', '/it4u/controllers', {
        ...northBody,
        password: north.password,
      }),
      'add the classic controller',
    );
    const northId = (JSON.parse(northAdded.body) as { controller: { id: number } }).controller.id;
    must(
      await api('POST', '/it4u/controllers', {
        name: 'Miền Nam',
        url: south.url,
        flavor: 'unifios',
        signIn: 'apiKey',
        apiKey: API_KEY,
        verifyTls: true,
      }),
      'add the UniFi OS controller',
    );
    const firstSync = must(await api('GET', '/it4u/createSitesName'), 'first sync');
    const againSync = must(await api('GET', '/it4u/createSitesName'), 'sync again');
    const synced = JSON.parse(firstSync.body) as { added: number; total: number };

    // the controllers' own first stat/sites (a controller's time, not the console's), read straight from them first,
    // so that the overview's cold figure is the console's cache being cold, not the simulator's
    const login = await fetch(`${north.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: north.username, password: north.password }),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const controllerFirst = Math.max(
      (await timed(`${north.url}/api/stat/sites`, { headers: { cookie } })).ms,
      (await timed(`${south.url}/proxy/network/api/stat/sites`, { headers: { 'x-api-key': API_KEY } })).ms,
    );
    north.resetCalls();
    south.resetCalls();
    const cold = must(await api('GET', '/it4u/dashboard/overview'), 'overview (cold)');
    const warm: number[] = [];
    for (let i = 0; i < 50; i++) warm.push(must(await api('GET', '/it4u/dashboard/overview'), 'overview').ms);
    const statSites = north.callsFor('GET', '/api/stat/sites') + south.callsFor('GET', '/api/stat/sites');
    const deviceReads =
      north.callsFor('GET', '/api/s/{site}/stat/device') + south.callsFor('GET', '/api/s/{site}/stat/device');
    // the cold overview again and again: saving a controller unchanged makes new clients with empty caches, as a
    // restart does (sign-in included)
    const colds = [cold.ms];
    for (let i = 0; i < 19; i++) {
      must(await api('PUT', `/it4u/controllers/${northId}`, northBody), 'save the controller unchanged');
      colds.push(must(await api('GET', '/it4u/dashboard/overview'), 'overview (cold)').ms);
    }

    const list: number[] = [];
    let listBytes = 0;
    for (let i = 0; i < 20; i++) {
      const a = must(await api('GET', '/it4u/getSitename/'), 'site list');
      list.push(a.ms);
      listBytes = a.body.length;
    }
    // the customer report: every site's router pushes its WAN links once, then the report is read 50 times, each
    // row with the access points its controller counts
    // (one customer site per name: two controllers' venues may share a name)
    const names = [
      ...new Set(
        (JSON.parse((await api('GET', '/it4u/getSitename/')).body) as { sitename: string }[]).map((x) => x.sitename),
      ),
    ];
    const router = { authorization: 'Bearer bench-device-token', 'content-type': 'application/json' };
    for (let i = 0; i < names.length; i += 20) {
      await Promise.all(
        names.slice(i, i + 20).map(async (sitename, k) =>
          must(
            await timed(`${base}/api/v1/it4u/customer_info`, {
              method: 'POST',
              headers: router,
              body: JSON.stringify({
                sitename,
                groupClient: 'FTTH',
                wan1Provider: 'VNPT',
                wan1Ip: `10.0.${(i + k) >> 8}.${(i + k) & 255}`,
                wan1Status: 1,
                wan1Uptime: 86_400,
              }),
            }),
            'push',
          ),
        ),
      );
    }
    // the report is a copy the console makes anew behind its readers: read once it holds every site pushed
    const started = Date.now();
    while ((JSON.parse((await api('GET', '/it4u/customer_info')).body) as unknown[]).length < names.length) {
      if (Date.now() - started > 120_000) throw new Error('the customer report does not show the pushed sites');
      await new Promise((r) => setTimeout(r, 500));
    }
    const report: number[] = [];
    let reportRows: { apdisconnected: number | null }[] = [];
    for (let i = 0; i < 50; i++) {
      const a = must(await api('GET', '/it4u/customer_info'), 'customer report');
      report.push(a.ms);
      reportRows = JSON.parse(a.body);
    }
    const withAps = reportRows.filter((r) => r.apdisconnected !== null).length;

    const bare: number[] = [];
    for (let i = 0; i < 50; i++) bare.push((await timed(`${base}/api/health`)).ms);

    // a bare controller read: the UniFi OS simulator's stat/sites with the API key, no console between
    const controllerRead: number[] = [];
    for (let i = 0; i < 10; i++) {
      const a = await timed(`${south.url}/proxy/network/api/stat/sites`, { headers: { 'x-api-key': API_KEY } });
      controllerRead.push(a.ms);
    }

    const rss = Number((await timed(`${base}/bench/rss`)).body);
    const cpu = (JSON.parse((await timed(`${base}/bench/cpu`)).body).ms as number) - cpu0;
    const overview = JSON.parse(cold.body) as { sites: Record<string, number>; disconnections: unknown[] };
    rows.push({
      sites: size,
      'access points': [...north.state.sites, ...south.state.sites].reduce((n, s) => n + s.devices.length, 0),
      'sync, first': ms(firstSync.ms),
      'sync, unchanged': ms(againSync.ms),
      added: synced.added,
      'overview cold, first': ms(cold.ms),
      'overview cold p50 / p95 (20)': `${ms(percentile(colds, 50))} / ${ms(percentile(colds, 95))}`,
      'overview p50': ms(percentile(warm, 50)),
      'overview p95': ms(percentile(warm, 95)),
      'stat/sites reads': statSites,
      'stat/device reads': deviceReads,
      'overview bytes': cold.body.length,
      'site list p95': ms(percentile(list, 95)),
      'site list bytes': listBytes,
      'customer report rows (with access points)': `${reportRows.length} (${withAps})`,
      'customer report p50 / p99': `${ms(percentile(report, 50))} / ${ms(percentile(report, 99))}`,
      'bare route p95': ms(percentile(bare, 95)),
      'bare controller read, first': ms(controllerFirst),
      'bare controller read p95': ms(percentile(controllerRead, 95)),
      'peak RSS': `${(rss / 1024 / 1024).toFixed(0)} MB`,
      'CPU of the run': ms(cpu),
      statuses: JSON.stringify(overview.sites),
    });
  } finally {
    server.child.kill('SIGTERM');
    await north.close();
    await south.close();
  }
}

const keys = Object.keys(rows[0] ?? {});
console.log(`| measure | ${rows.map((r) => `${r.sites} sites`).join(' | ')} |`);
console.log(`| --- | ${rows.map(() => '---').join(' | ')} |`);
for (const k of keys.filter((k) => k !== 'sites')) console.log(`| ${k} | ${rows.map((r) => r[k]).join(' | ')} |`);
process.exit(0);
