// 200 viewers watching the /home dashboards of 5 sites (40 per site) for 2 minutes (npm run bench:dashboard;
// BENCH_SECONDS shortens it). Each viewer refreshes every 30 s, its first refresh staggered over the first 30 s; a
// refresh is the calls /home makes for its site (apps/web/src/features/dashboard/dashboardQueries.ts: the connection
// history's series and statistics of today per 5 minutes, the hotspot's guests and sessions of the last 30 days,
// the bandwidth monitor and history, the access points, the clients connected now), all at once as the browser
// sends them, and for one viewer in five the overview (GET /it4u/dashboard/overview) too.
//
// The simulator (in this process) and the console (PGlite, in its own process, bench/spawn.ts) share one clock
// that stands still at a Wednesday noon in Vietnam, so the figures do not depend on when it runs. Measured: the
// console's latency over every request (aim: p99 at most 50 ms), the answers that are not 2xx, and the calls the
// simulator receives per site and report (aim: at most one per site and report per 30 s window).
import http from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import { HOTSPOT_WINDOW_MS } from '@it4u/shared';
import { BENCH_NOON, startOnSimulator } from './spawn.ts';

const duration = Number(process.env.BENCH_SECONDS ?? 120);
const VIEWERS = 200;
const SITES = 5;
const REFRESH_MS = 30_000;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const VIETNAM = 7 * HOUR;

const noon = BENCH_NOON;
const { sim, port, token, close } = await startOnSimulator();

/** The ranges the web app asks for, computed as a browser in Vietnam does on the console's clock. */
const dayStart = Math.floor((noon + VIETNAM) / DAY) * DAY - VIETNAM;
const endOfToday = dayStart + DAY - 1;
const local = new Date(noon + VIETNAM);
const monthStart = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - VIETNAM;
const today = { start: dayStart, end: endOfToday };
const lastDay = { start: Math.floor(noon / HOUR) * HOUR - DAY, end: endOfToday };
const thisMonth = { start: monthStart, end: endOfToday };
const hotspotEnd = Math.floor(noon / MINUTE) * MINUTE;
const hotspot = `${hotspotEnd - HOTSPOT_WINDOW_MS}/${hotspotEnd}`;

type Call = { label: string; method: 'GET' | 'POST'; path: string; body?: unknown };

/** One refresh of /home for a site: every panel's query. */
function homeCalls(site: string): Call[] {
  const at = (p: string) => `/api/v1/it4u/${encodeURIComponent(site)}/${p}`;
  return [
    { label: 'history series (5MinutesClient)', method: 'POST', path: at('5MinutesClient'), body: today },
    { label: 'history statistics (getTimeMinute)', method: 'POST', path: at('getTimeMinute'), body: today },
    { label: 'hotspot guests', method: 'POST', path: at(`hotspot/${hotspot}`) },
    { label: 'hotspot sessions', method: 'POST', path: at(`detail/hotspot/${hotspot}`) },
    { label: 'bandwidth monitor (getNetworkRates)', method: 'POST', path: at('getNetworkRates'), body: lastDay },
    { label: 'bandwidth history (getTrafficHistory)', method: 'POST', path: at('getTrafficHistory'), body: thisMonth },
    { label: 'access points (stat/device)', method: 'POST', path: at('stat/device') },
    { label: 'clients now (devices)', method: 'GET', path: at('devices') },
  ];
}
const overviewCall: Call = { label: 'overview', method: 'GET', path: '/api/v1/it4u/dashboard/overview' };

/** `text`: the start of the answer when it is not 2xx */
type Sample = { label: string; ms: number; status: number; text?: string };
const samples: Sample[] = [];

/** One call as a browser sends it: on the viewer's own keep-alive connections (at most 6, as Chromium). */
function send(agent: http.Agent, call: Call): Promise<Sample> {
  const payload = call.body === undefined ? undefined : JSON.stringify(call.body);
  const headers: http.OutgoingHttpHeaders = { authorization: `Bearer ${token}` };
  if (payload !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = Buffer.byteLength(payload);
  }
  return new Promise((resolve) => {
    const started = performance.now();
    const req = http.request(
      { host: '127.0.0.1', port, method: call.method, path: call.path, headers, agent },
      (res) => {
        let text = '';
        res.on('data', (chunk) => {
          if ((res.statusCode ?? 0) >= 300 && text.length < 300) text += chunk;
        });
        res.on('end', () =>
          resolve({ label: call.label, ms: performance.now() - started, status: res.statusCode ?? 0, text }),
        );
      },
    );
    req.on('error', (err) =>
      resolve({ label: call.label, ms: performance.now() - started, status: 0, text: err.message }),
    );
    req.end(payload);
  });
}

/** The answers that are not 2xx, by request and status, with the start of one of them. */
function reportFailures(when: string, list: Sample[]) {
  const byKind = new Map<string, { n: number; text: string }>();
  for (const s of list) {
    if (s.status >= 200 && s.status < 300) continue;
    const key = `${s.label} ${s.status}`;
    const seen = byKind.get(key);
    if (seen) seen.n++;
    else byKind.set(key, { n: 1, text: s.text ?? '' });
  }
  for (const [key, { n, text }] of byKind) console.log(`  ${when}: ${key} ×${n}: ${text.slice(0, 200)}`);
}

const refresh = (agent: http.Agent, calls: Call[]) => Promise.all(calls.map((c) => send(agent, c)));

try {
  const sites = sim.state.sites.map((s) => s.name).slice(0, SITES);
  const viewers = Array.from({ length: VIEWERS }, (_, i) => {
    const site = sites[i % SITES] as string;
    const calls = homeCalls(site);
    // one viewer in five of each site has the overview open too
    if (Math.floor(i / SITES) % 5 === 0) calls.push(overviewCall);
    return {
      site,
      calls,
      agent: new http.Agent({ keepAlive: true, maxSockets: 6 }),
      startMs: (i * REFRESH_MS) / VIEWERS,
    };
  });

  // warm up: one refresh per site and one overview, as the first viewer after a start would (not measured)
  const warmAgent = new http.Agent({ keepAlive: true });
  const warmStarted = performance.now();
  const warm = await Promise.all(sites.map((site) => refresh(warmAgent, [...homeCalls(site), overviewCall])));
  console.log(`warm-up (every site's panels at once, cold cache): ${Math.round(performance.now() - warmStarted)} ms`);
  reportFailures('warm-up', warm.flat());
  warmAgent.destroy();
  sim.resetCalls();

  // the controller's calls per 30 s window of the run, read at each window's end
  const templates = () => Object.keys(sim.calls());
  const snapshots: Map<string, number>[] = [];
  const snapshot = () => {
    const m = new Map<string, number>();
    for (const key of templates()) {
      const [method, template] = key.split(' ') as [string, string];
      if (template.includes('{site}')) for (const s of sites) m.set(`${key} @${s}`, sim.callsFor(method, template, s));
      else m.set(key, sim.callsFor(method, template));
    }
    return m;
  };
  const t0 = performance.now();
  const timers: NodeJS.Timeout[] = [];
  for (let w = 1; w * REFRESH_MS < duration * 1000; w++) {
    timers.push(setTimeout(() => snapshots.push(snapshot()), w * REFRESH_MS));
  }

  const runs: Promise<void>[] = [];
  for (const v of viewers) {
    for (let at = v.startMs; at < duration * 1000; at += REFRESH_MS) {
      runs.push(
        new Promise<void>((done) =>
          setTimeout(
            async () => {
              samples.push(...(await refresh(v.agent, v.calls)));
              done();
            },
            Math.max(0, at - (performance.now() - t0)),
          ),
        ),
      );
    }
  }
  await Promise.all(runs);
  const elapsed = (performance.now() - t0) / 1000;
  const load = loadavg().map((l) => l.toFixed(1));
  for (const t of timers) clearTimeout(t);
  snapshots.push(snapshot());
  for (const v of viewers) v.agent.destroy();

  // ---- latency ----
  const pct = (sorted: number[], p: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
  const fmt = (ms: number) => (ms < 10 ? ms.toFixed(1) : String(Math.round(ms)));
  const all = samples.map((s) => s.ms).sort((a, b) => a - b);
  const non2xx = samples.filter((s) => s.status < 200 || s.status >= 300);
  const p50 = pct(all, 50);
  const p99 = pct(all, 99);
  console.log(
    `\n${VIEWERS} viewers, ${SITES} sites, ${duration} s (${elapsed.toFixed(0)} s with the last refresh): ${samples.length} requests (${(samples.length / elapsed).toFixed(0)}/s on average); load average ${load.join(' ')} on ${availableParallelism()} cores`,
  );
  console.log(
    `console latency over all requests: p50 ${fmt(p50)} ms, p99 ${fmt(p99)} ms, max ${fmt(all.at(-1) ?? 0)} ms (aim p99 at most 50 ms): ${p99 <= 50 ? 'target met' : 'target missed'}`,
  );
  console.log(`non-2xx answers: ${non2xx.length}: ${non2xx.length === 0 ? 'target met' : 'target missed'}`);
  reportFailures('run', samples);
  console.log('\n| request | count | p50 ms | p99 ms | max ms |\n| --- | --- | --- | --- | --- |');
  const labels = [...new Set(samples.map((s) => s.label))];
  for (const label of labels) {
    const ms = samples
      .filter((s) => s.label === label)
      .map((s) => s.ms)
      .sort((a, b) => a - b);
    console.log(`| ${label} | ${ms.length} | ${fmt(pct(ms, 50))} | ${fmt(pct(ms, 99))} | ${fmt(ms.at(-1) ?? 0)} |`);
  }

  // ---- controller calls ----
  const allowed = Math.ceil(duration / 30) + 1;
  const last = snapshots.at(-1) ?? new Map<string, number>();
  /** the most calls of one key in one 30 s window of the run */
  const perWindow = (key: string) =>
    Math.max(...snapshots.map((snap, i) => (snap.get(key) ?? 0) - (i === 0 ? 0 : (snapshots[i - 1]?.get(key) ?? 0))));
  console.log(
    `\ncontroller calls the simulator saw in the run, per site (aim: at most one per site and report per 30 s window, at most ${allowed} in ${duration} s)`,
  );
  console.log(`| controller call | ${sites.join(' | ')} | most in one 30 s window | |`);
  console.log(`| --- |${sites.map(() => ' --- |').join('')} --- | --- |`);
  const perSite = templates()
    .filter((k) => k.includes('{site}'))
    .sort();
  let missed = 0;
  for (const key of perSite) {
    const counts = sites.map((s) => last.get(`${key} @${s}`) ?? 0);
    const windows = Math.max(...sites.map((s) => perWindow(`${key} @${s}`)));
    const ok = Math.max(...counts) <= allowed && windows <= 1;
    if (!ok) missed++;
    console.log(`| ${key} | ${counts.join(' | ')} | ${windows} | ${ok ? 'target met' : 'target missed'} |`);
  }
  const others = templates().filter((k) => !k.includes('{site}'));
  if (others.length) {
    console.log(
      `calls of no site: ${others.map((k) => `${k} ${last.get(k) ?? 0} (most in one window ${perWindow(k)})`).join(', ')}`,
    );
  }
  console.log(
    `controller calls per site and report: ${missed === 0 ? 'target met' : `target missed for ${missed} of ${perSite.length}`}`,
  );
} finally {
  await close();
}
