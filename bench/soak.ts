// The soak of an operator's day, compressed (npm run bench:scale runs it after the sizes; SOAK_SECONDS, default 180):
// 2,000 sites on two controllers that misbehave as real ones do, and two people watching the dashboards.
// - "Miền Bắc": classic, 1,000 sites, an account; it locks the account after 5 logins a minute, its sessions end
//   every minute, and its stat/sites takes 30 s (30 ms a site);
// - "Miền Nam": UniFi OS, 1,000 sites, an API key; a third of the way in it reboots (503 for 30 s), and later it
//   applies a voucher batch but answers 503 (a proxy that gave up).
// Every 5 s each viewer reads the overview and one site's access points on each controller; every 20 s a voucher
// batch is made on Miền Nam. Measured: the logins each controller saw (and per hour), the answers (failed, given
// from the last good answer, their oldest age), and the voucher batches asked, made, and made twice.
import { startSimulator } from '@it4u/unifi-sim';
import { BENCH_NOON, BENCH_SIM, startServer } from './spawn.ts';
import { timedClient } from './timed.ts';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 180);
const API_KEY = 'soak-api-key';
const timed = timedClient();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil((p / 100) * values.length) - 1)] ?? 0;

// the controllers' clocks run from a Wednesday noon in Vietnam: sessions end and account locks lift as time goes
const t0 = Date.now();
const clock = () => BENCH_NOON + (Date.now() - t0);
const north = await startSimulator({
  port: 0,
  flavor: 'classic',
  ...BENCH_SIM,
  sites: 1000,
  now: clock,
  sessionTtlMs: 60_000,
  misbehave: { loginsPerMinute: 5, statSitesMsPerSite: 30 },
});
const south = await startSimulator({
  port: 0,
  flavor: 'unifios',
  ...BENCH_SIM,
  seed: BENCH_SIM.seed + 1,
  sites: 1000,
  apiKey: API_KEY,
  now: clock,
});
const server = await startServer('pglite', { env: { UNIFI_DEMO_CLOCK: new Date(BENCH_NOON).toISOString() } });
const base = `http://127.0.0.1:${server.port}`;
const headers = { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' };
const api = (method: string, path: string, body?: unknown) =>
  timed(`${base}/api/v1${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });

/** an answer: how long it took, when it was asked (s into the run), and what it said */
type Seen = { ms: number; at: number; status: number; lastGood: boolean; ageS: number };
const seen: Record<string, Seen[]> = { overview: [], 'Miền Bắc panel': [], 'Miền Nam panel': [] };
const notes: string[] = [];
/** the first failure of each kind of answer, said at the end */
const firstFailure: Record<string, string> = {};
try {
  for (const body of [
    { name: 'Miền Bắc', url: north.url, signIn: 'account', username: north.username, password: north.password },
    { name: 'Miền Nam', url: south.url, flavor: 'unifios', signIn: 'apiKey', apiKey: API_KEY },
  ]) {
    const added = await api('POST', '/it4u/controllers', { ...body, verifyTls: true, timeoutSeconds: 10 });
    if (added.status !== 201) throw new Error(`add ${body.name}: ${added.status} ${added.body}`);
  }
  const sync = await api('GET', '/it4u/createSitesName');
  if (sync.status !== 200) throw new Error(`sync: ${sync.status} ${sync.body.slice(0, 200)}`);
  const sites = JSON.parse((await api('GET', '/it4u/getSitename/')).body) as { idname: string; sitename: string }[];
  const northSite = sites.find((s) => north.state.sites.some((x) => x.name === s.idname))?.idname ?? 'default';
  const southSite = sites.find((s) => !north.state.sites.some((x) => x.name === s.idname))?.idname ?? 'default';
  north.resetCalls();
  south.resetCalls();

  const started = Date.now();
  const elapsed = () => (Date.now() - started) / 1000;
  const record = (what: string, a: { ms: number; status: number; body: string }, at: number) => {
    let lastGood = false;
    let ageS = 0;
    try {
      const json = JSON.parse(a.body) as { asOf?: number; lastGood?: boolean };
      lastGood = json.lastGood === true;
      if (typeof json.asOf === 'number') ageS = Math.max(0, (Date.now() - json.asOf) / 1000);
    } catch {}
    seen[what]?.push({ ms: a.ms, at, status: a.status, lastGood, ageS });
    if ((a.status >= 400 || a.status === 0) && !firstFailure[what])
      firstFailure[what] = `${a.status} ${a.body.slice(0, 160)}`;
  };
  const viewer = async () => {
    while (elapsed() < SECONDS) {
      const at = elapsed();
      const [overview, n, s] = await Promise.all([
        api('GET', '/it4u/dashboard/overview'),
        api('POST', `/it4u/${northSite}/stat/device`, {}),
        api('POST', `/it4u/${southSite}/stat/device`, {}),
      ]);
      record('overview', overview, at);
      record('Miền Bắc panel', n, at);
      record('Miền Nam panel', s, at);
      await sleep(5_000);
    }
  };
  let asked = 0;
  let made = 0;
  const vouchers = async () => {
    while (elapsed() < SECONDS) {
      asked++;
      const a = await api('POST', `/it4u/${southSite}/createVoucher`, {
        n: 2,
        quota: 1,
        expire: 480,
        note: `soak ${asked}`,
      });
      if (a.status === 201) made++;
      await sleep(20_000);
    }
  };
  const trouble = async () => {
    await sleep((SECONDS / 3) * 1000);
    south.misbehave({ booting: 503 });
    notes.push(`Miền Nam reboots at ${elapsed().toFixed(0)} s`);
    await sleep(30_000);
    south.misbehave({ booting: 0 });
    notes.push(`Miền Nam back at ${elapsed().toFixed(0)} s`);
    await sleep((SECONDS / 6) * 1000);
    south.misbehave({ writesAppliedThen503: 1 });
    notes.push(`Miền Nam's next write applied then answered 503, from ${elapsed().toFixed(0)} s`);
  };
  await Promise.all([viewer(), viewer(), vouchers(), trouble()]);

  const hours = elapsed() / 3600;
  const logins = {
    'Miền Bắc': north.callsFor('POST', '/api/login'),
    'Miền Nam': south.callsFor('POST', '/api/auth/login'),
  };
  const site = south.state.sites.find((s) => s.name === southSite);
  const notesMade = (site?.vouchers ?? []).map((v) => String(v.note)).filter((n) => n.startsWith('soak '));
  const batches = new Map<string, number>();
  for (const n of notesMade) batches.set(n, (batches.get(n) ?? 0) + 1);
  const twice = [...batches.values()].filter((count) => count > 2).length;

  console.log(`soak of ${elapsed().toFixed(0)} s at 2,000 sites (${notes.join('; ')})`);
  console.log('| what | answers | failed | from the last good answer | oldest age | p95 |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const [what, list] of Object.entries(seen)) {
    const failed = list.filter((x) => x.status >= 400 || x.status === 0).length;
    const good = list.filter((x) => x.lastGood).length;
    const oldest = Math.max(0, ...list.filter((x) => x.status < 400).map((x) => x.ageS));
    console.log(
      `| ${what} | ${list.length} | ${failed} | ${good} | ${oldest.toFixed(0)} s | ${percentile(
        list.map((x) => x.ms),
        95,
      ).toFixed(0)} ms |`,
    );
  }
  for (const [what, text] of Object.entries(firstFailure)) console.log(`first failure of ${what}: ${text}`);
  // the slowest answers, with when they were asked: which moment of the run a p95 comes from
  for (const [what, list] of Object.entries(seen)) {
    const slowest = [...list].sort((a, b) => b.ms - a.ms).slice(0, 4);
    const said = slowest.map((x) => `${x.ms.toFixed(0)} ms at ${x.at.toFixed(0)} s${x.lastGood ? ' (last good)' : ''}`);
    console.log(`slowest ${what}: ${said.join(', ')}`);
  }
  for (const [name, n] of Object.entries(logins)) {
    console.log(`logins to ${name}: ${n} in the run (${(n / hours).toFixed(0)} an hour)`);
  }
  console.log(
    `stat/sites reads: Miền Bắc ${north.callsFor('GET', '/api/stat/sites')}, Miền Nam ${south.callsFor('GET', '/api/stat/sites')}`,
  );
  console.log(
    `voucher batches: ${asked} asked, ${made} answered as made, ${batches.size} on the controller, ${twice} made twice`,
  );
} finally {
  server.child.kill('SIGTERM');
  await north.close();
  await south.close();
}
process.exit(0);
