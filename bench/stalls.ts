// Event-loop stalls (npm run bench:stalls): the compiled console on a fresh embedded database with the demo (its
// first start writes the demo's 30 days of WAN history), as `npm start` runs it. After each step the bench reads
// it4u_nodejs_eventloop_lag_max_seconds from /metrics (each scrape starts the measure anew), so the longest stall is
// known per step: the start; every GET of the API description (each screen's reads), path parameters filled with the
// demo's first site and ids; every spreadsheet export; a 5,000-row import; ten zip bombs at once, then ten whose
// directory lies (each refused 413 while a health check is answered beside them); the dashboard's report reads; the
// customer report. Prints the steps over 100 ms and the longest ones. BENCH_NODE_FLAGS="--cpu-prof --cpu-prof-dir=/tmp/prof"
// profiles the console. Figures in docs/benchmarks.md.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { xlsxBomb } from '../apps/server/src/test/zipBomb.ts';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.BENCH_PORT ?? 8393);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'it4u-stalls-'));
const PASSWORD = 'Bench-stalls-2026';
const STALL_MS = 100;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function startConsole(): Promise<{ child: ChildProcess; ms: number }> {
  const started = performance.now();
  const flags = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...flags, 'apps/server/dist/main.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: PASSWORD,
      BACKUP_HOURS: '0',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { child, ms: performance.now() - started };
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
}

/** The console's resident memory, MB. */
async function rssMb(pid: number): Promise<number> {
  const ps = spawn('ps', ['-o', 'rss=', '-p', String(pid)]);
  let out = '';
  ps.stdout.on('data', (d) => {
    out += d;
  });
  await new Promise((resolve) => ps.on('close', resolve));
  return Math.round(Number(out.trim()) / 1024);
}

/** The longest stall since the last scrape, in ms. */
async function lagMs(): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const m = /^it4u_nodejs_eventloop_lag_max_seconds (\S+)$/m.exec(text);
  return m ? Number(m[1]) * 1000 : Number.NaN;
}

type Step = { name: string; status: string; ms: number; lag: number };
const steps: Step[] = [];

async function step(name: string, run: () => Promise<Response | string>) {
  await lagMs(); // the measure starts here
  const t0 = performance.now();
  const res = await run();
  const ms = performance.now() - t0;
  if (typeof res !== 'string') await res.arrayBuffer();
  // a stall may end after the answer left: the next scrape waits its turn behind it
  await sleep(20);
  steps.push({ name, status: typeof res === 'string' ? res : String(res.status), ms, lag: await lagMs() });
}

const { child, ms: startMs } = await startConsole();
try {
  const startLag = await lagMs();
  // the demo's sites and history are written just after the start: let them finish, measured as their own step
  await step('(the demo filled in after the start, 10 s)', async () => {
    await sleep(10_000);
    return 'idle';
  });
  const idleRss = await rssMb(child.pid as number);
  const signin = await fetch(`${base}/api/v1/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ usernameOrEmail: 'admin', password: PASSWORD }),
  });
  const auth = { authorization: `Bearer ${((await signin.json()) as { accessToken: string }).accessToken}` };
  const get = (url: string) => fetch(`${base}${url}`, { headers: auth });
  const post = (url: string, body: unknown) =>
    fetch(`${base}${url}`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  const sites = (await (await get('/api/v1/it4u/sitenames')).json()) as { idname: string; id: number }[];
  const site = sites[0]?.idname ?? 'default';
  const customers = (await (await get('/api/v1/it4u/customer_info')).json()) as { id: number }[];
  const now = Date.now();
  const values: Record<string, string> = {
    start: String(now - 86_400_000),
    end: String(now),
    site: site,
    sitename: site,
    id: String(customers[0]?.id ?? 1),
    group: 'ALL',
    table: 'listSupplies',
    serialNum: 'SN-1',
  };

  // every read of the API description, as the screens make them
  const doc = (await (await fetch(`${base}/api/docs/json`)).json()) as {
    paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
  };
  for (const [route, ops] of Object.entries(doc.paths)) {
    if (!ops.get || route.includes('socket') || route === '/metrics') continue;
    const url = route.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? '1'));
    await step(`GET ${route}`, () => get(url));
  }
  for (const table of ['listSupplies', 'importWarehouse', 'exportWarehouse']) {
    await step(`export ${table}`, () => get(`/api/v1/it4u/export/${table}`));
  }
  // the dashboard's report reads of the first site (a day in 5 minutes, a week hourly, a month daily)
  for (const [kind, days] of [
    ['5MinutesClient', 1],
    ['hourlyClient', 7],
    ['dailyClient', 30],
  ] as const) {
    await step(`report ${kind} ${days} d`, () =>
      post(`/api/v1/it4u/${site}/${kind}`, { start: now - days * 86_400_000, end: now }),
    );
  }
  // a 5,000-row stock-in import (the spreadsheet itself)
  const rows = Array.from({ length: 5000 }, (_, n) => ({
    'Ngày nhập': '2026-11-02',
    'Mã vật tư': `ST-${n % 200}`,
    'Tên vật tư': `Vật tư ${n % 200}`,
    'Đơn vị': 'Cái',
    'Số lượng': 1 + (n % 5),
    'Số serial': `SER-${n}`,
  }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.json_to_sheet(rows), 'Nhập kho');
  const file = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
  await step('import 5,000 stock-in rows (xlsx)', () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), 'nhap-kho.xlsx');
    return fetch(`${base}/api/v1/it4u/uploadImportWarehouse`, { method: 'POST', headers: auth, body: form });
  });
  await step('export importWarehouse (after the import)', () => get('/api/v1/it4u/export/importWarehouse'));
  // ten 400 KB files whose sheet inflates to 400 MB, at once: refused by their directory, then ten whose directory
  // lies, refused while inflating; a health check beside each crowd says how long a bare request waited
  for (const [name, lying] of [
    ['10 zip bombs at once (413)', false],
    ['10 zip bombs whose directory lies (413)', true],
  ] as const) {
    const bomb = xlsxBomb(400, lying);
    let healthMs = 0;
    await step(name, async () => {
      const uploads = Array.from({ length: 10 }, () => {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(bomb)]), 'vat-tu.xlsx');
        return fetch(`${base}/api/v1/it4u/uploadListSupplies`, { method: 'POST', headers: auth, body: form });
      });
      await sleep(50);
      const h0 = performance.now();
      await (await fetch(`${base}/api/health`)).arrayBuffer();
      healthMs = performance.now() - h0;
      const answers = await Promise.all(uploads);
      for (const a of answers) await a.arrayBuffer();
      return [...new Set(answers.map((a) => a.status))].join(',');
    });
    console.log(`${name}: a health check beside them answered in ${Math.round(healthMs)} ms`);
  }
  await step('customer report again', () => get('/api/v1/it4u/customer_info'));

  const loadedRss = await rssMb(child.pid as number);
  await sleep(30_000);
  const afterRss = await rssMb(child.pid as number);
  console.log(`resident memory: ${idleRss} MB at idle, ${loadedRss} MB after the walk, ${afterRss} MB 30 s later`);
  const over = steps.filter((s) => s.lag > STALL_MS);
  const longest = [...steps].sort((a, b) => b.lag - a.lag).slice(0, 10);
  console.log(
    `start to /api/health: ${Math.round(startMs)} ms; longest stall during the start: ${Math.round(startLag)} ms`,
  );
  console.log(`${steps.length} steps; ${over.length} with a stall over ${STALL_MS} ms`);
  console.log('| step | status | answered in | longest stall |');
  console.log('| --- | --- | --: | --: |');
  for (const s of longest)
    console.log(`| ${s.name} | ${s.status} | ${Math.round(s.ms)} ms | ${Math.round(s.lag)} ms |`);
} finally {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
  rmSync(dataDir, { recursive: true, force: true });
}
