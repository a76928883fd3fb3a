import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import pg from 'pg';
import { freePort } from '../apps/server/src/test/postgresServer.ts';
import { startSshServer } from '../apps/server/src/test/sshServer.ts';
import { createUser } from './support/api.ts';
import {
  dropDatabase,
  type Instance,
  scratchDatabase,
  startInstance as start,
  stopInstance,
} from './support/instances.ts';
import { openDialog, signedIn } from './support/pages.ts';
import { everyMinuteReport, startSmtp } from './support/smtp.ts';

/**
 * Two instances of the compiled console on one PostgreSQL behind HAProxy, run with the configuration the repository
 * ships (ops/haproxy.cfg). Through the proxy: sign-in, chat between two browsers, a terminal session, an import, the
 * scheduled mail; an instance killed (SIGKILL) mid-chat and mid-import; a rolling restart (SIGTERM, start, the other).
 */

const root = path.resolve(import.meta.dirname, '..');
const base = process.env.DATABASE_URL;
const ADMIN = 'Proxy-admin-2026';
const KT = { username: 'proxy.kt', password: 'Proxy-kt-2026', roles: ['ROLE_KT'] };

test.skip(!base, 'runs on PostgreSQL: DATABASE_URL (set by .ci/run)');
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const METRICS = `it4u_metrics_${randomBytes(16).toString('hex')}`;

/** How many looks at the alerts an instance ran to their end, as its /metrics counts them. */
async function looks(instance: Instance): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${instance.port}/metrics`, {
    headers: { authorization: `Bearer ${METRICS}` },
  });
  const line = (await res.text())
    .split('\n')
    .find(
      (l) =>
        l.startsWith('it4u_job_duration_seconds_count{') && l.includes('job="alerts"') && l.includes('outcome="ok"'),
    );
  return Number(line?.split(' ').pop() ?? 0);
}

let statsUrl: string;

/**
 * Once HAProxy has checked both instances and sends to both: each server's line of its statistics (a stats page a
 * second configuration file adds, ops/haproxy.cfg has none) says UP after a passed check. A server HAProxy has not
 * checked yet says INI; one going down or coming back says "UP 1/2" or "DOWN 1/2".
 */
async function proxySeesBoth() {
  await expect
    .poll(
      async () => {
        const csv = await (await fetch(`${statsUrl};csv`)).text();
        return csv
          .split('\n')
          .map((line) => line.split(','))
          .filter((cells) => cells[0] === 'instances' && (cells[1] === 'a' || cells[1] === 'b'))
          .map((cells) => `${cells[1]} ${cells[17]} ${cells[36]}`)
          .sort();
      },
      { timeout: 20_000, message: 'HAProxy sends to both instances' },
    )
    .toEqual(['a UP L7OK', 'b UP L7OK']);
}

let db: string;
let env: NodeJS.ProcessEnv;
const instances: Instance[] = [];
let proxy: ChildProcess;
let proxyUrl: string;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let api: APIRequestContext;
let admin: { authorization: string };
let sql: pg.Client;
let kt: { id: number };

const startInstance = (i: Instance) => start(i, env);

test.beforeAll(async () => {
  const url = await scratchDatabase(base as string, 'it4u_proxy');
  db = url;
  sql = new pg.Client({ connectionString: url });
  smtp = await startSmtp();
  env = {
    ...process.env,
    DATABASE_URL: url,
    SECRET_KEY: randomBytes(32).toString('hex'),
    ADMIN_PASSWORD: ADMIN,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    TRUST_PROXY: '127.0.0.1',
    UNIFI_DEMO: 'off',
    TERMINAL_ALLOW_LOOPBACK: '1',
    SHUTDOWN_DRAIN_SECONDS: '2',
    // both instances look at the alerts every 2 seconds, and the test's webhook receiver is on loopback
    ALERTS_EVERY_SECONDS: '2',
    // the alerts' looks are counted in /metrics (it4u_job_duration_seconds_count): the test reads how many ran
    METRICS_TOKEN: METRICS,
    WEBHOOKS_ALLOW_LOOPBACK: '1',
  };
  for (const name of ['a', 'b'] as const) instances.push({ name, port: await freePort(), out: '' });
  // the first start makes the database, the second finds it made
  await startInstance(instances[0] as Instance);
  await startInstance(instances[1] as Instance);
  await sql.connect();

  const listen = await freePort();
  proxyUrl = `http://127.0.0.1:${listen}`;
  const stats = await freePort();
  statsUrl = `http://127.0.0.1:${stats}/stats`;
  const statsCfg = path.join(mkdtempSync(path.join(tmpdir(), 'it4u-proxy-')), 'stats.cfg');
  writeFileSync(statsCfg, `frontend stats\n  bind 127.0.0.1:${stats}\n  stats enable\n  stats uri /stats\n`);
  proxy = spawn('haproxy', ['-f', 'ops/haproxy.cfg', '-f', statsCfg, '-db'], {
    cwd: root,
    env: {
      ...process.env,
      IT4U_LISTEN: `127.0.0.1:${listen}`,
      IT4U_A: `127.0.0.1:${instances[0]?.port}`,
      IT4U_B: `127.0.0.1:${instances[1]?.port}`,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await expect
    .poll(async () => (await fetch(`${proxyUrl}/api/ready`).catch(() => undefined))?.status, { timeout: 20_000 })
    .toBe(200);
  await proxySeesBoth();

  api = await request.newContext({ baseURL: proxyUrl });
  const signin = await api.post('/api/v1/auth/signin', { data: { usernameOrEmail: 'admin', password: ADMIN } });
  expect(signin.ok(), await signin.text()).toBe(true);
  admin = { authorization: `Bearer ${(await signin.json()).accessToken}` };
  kt = await createUser(api, (await signin.json()).accessToken, KT);

  // the scheduled report every minute, to the test's SMTP server: it fires while the other tests run
  const mail = await api.put('/api/v1/it4u/configMail', {
    headers: admin,
    data: everyMinuteReport(smtp.port, 'Báo cáo khách hàng'),
  });
  expect(mail.ok(), await mail.text()).toBe(true);
});

test.afterAll(async () => {
  await api?.dispose();
  await sql?.end().catch(() => {});
  proxy?.kill('SIGTERM');
  for (const i of instances) await stopInstance(i, 'SIGTERM');
  await smtp?.close();
  if (db) await dropDatabase(base as string, db);
});

/** Types a message and sends it; answers once the box is empty (the console stored it). */
async function say(page: Page, text: string, whileSending?: () => Promise<void>) {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
  await whileSending?.();
  await expect(box).toHaveValue('', { timeout: 20_000 });
}

test('through the proxy: two browsers chat; each instance killed in turn mid-message; nothing lost or doubled', async ({
  browser,
}) => {
  const boss = await signedIn(browser, 'admin', ADMIN, { baseURL: proxyUrl });
  const tech = await signedIn(browser, KT.username, KT.password, { baseURL: proxyUrl });
  const adminId = (await (await api.get('/api/v1/user/me', { headers: admin })).json()).id;
  await boss.goto(`/chat?with=${kt.id}`);
  await tech.goto(`/chat?with=${adminId}`);
  await expect(boss.getByText(/No messages yet/)).toBeVisible();
  // the technician's socket is up (the administrator sees them online) before the first message goes
  await expect(boss.getByRole('button', { name: /proxy\.kt/ })).toContainText('Online', { timeout: 20_000 });

  const said: string[] = [];
  const send = async (page: Page, text: string, whileSending?: () => Promise<void>) => {
    await say(page, text, whileSending);
    said.push(text);
  };
  await send(boss, 'tin 1');
  await expect(tech.getByRole('log')).toContainText('tin 1');
  await send(tech, 'tin 2');
  await expect(boss.getByRole('log')).toContainText('tin 2');

  // an instance is killed while a message is on its way (each in turn: every browser's socket is on one of them)
  for (const victim of instances) {
    await send(boss, `tin trước khi ${victim.name} chết`, () => stopInstance(victim, 'SIGKILL'));
    await send(tech, `tin sau khi ${victim.name} chết`);
    await send(boss, `tin nữa sau khi ${victim.name} chết`);
    await startInstance(victim);
    await proxySeesBoth();
  }
  await send(tech, 'tin cuối');

  // both browsers show every message once, in order (their sockets came back through the proxy and caught up)
  for (const page of [boss, tech]) {
    const log = page.getByRole('log');
    for (const text of said) await expect(log.getByText(text, { exact: true })).toHaveCount(1, { timeout: 20_000 });
  }
  const stored = await sql.query('select contents from chat_messages order by id');
  expect(stored.rows.map((r) => r.contents)).toEqual(said);
  await boss.context().close();
  await tech.context().close();
});

test('through the proxy: a terminal session, and an import killed mid-way is all or nothing', async ({ browser }) => {
  // a terminal session: the browser's websocket through the proxy, the instance's SSH client to a server on loopback
  const ssh = await startSshServer({ username: 'root', password: 'proxy-ssh' });
  try {
    const row = await api.post('/api/v1/it4u/clientDeviceInf', {
      headers: admin,
      data: { ipWan1: '127.0.0.1', ispWan1: 'Qua proxy' },
    });
    expect(row.status(), await row.text()).toBe(201);
    const page = await signedIn(browser, 'admin', ADMIN, { baseURL: proxyUrl });
    await page.goto('/clientDeviceInf');
    const line = page.getByRole('row').filter({ hasText: 'Qua proxy' });
    await line.getByRole('button', { name: 'Connect' }).click();
    const dialog = await openDialog(page);
    await dialog.getByRole('radio', { name: 'Other', exact: true }).check();
    await dialog.getByLabel('Username to sign in as').fill('root');
    await dialog.getByLabel('Password', { exact: true }).fill('proxy-ssh');
    await dialog.getByLabel('Port').fill(String(ssh.port));
    await dialog.getByRole('button', { name: 'Connect' }).click();
    const screen = page.locator('.terminal-view .xterm-rows');
    await expect(screen).toContainText('$');
    await page.keyboard.type('echo qua-proxy');
    await page.keyboard.press('Enter');
    await expect(screen).toContainText(/\$ echo qua-proxy\s*qua-proxy/);
    await page.context().close();
  } finally {
    await ssh.close();
  }

  // 300 stock-in rows of 30 new items: the items are written first, then the records
  const rows = Array.from({ length: 300 }, (_, n) => ({
    'Ngày nhập': '2026-11-02',
    'Mã vật tư': `PX-${n % 30}`,
    'Tên vật tư': `Bộ phát wifi ${n % 30}`,
    'Đơn vị': 'Bộ',
    'Số lượng': 1 + (n % 3),
  }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.json_to_sheet(rows), 'Nhập kho');
  const file = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
  const upload = () =>
    api.post('/api/v1/it4u/uploadImportWarehouse', {
      headers: admin,
      multipart: {
        file: {
          name: 'nhap-kho.xlsx',
          mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          buffer: file,
        },
      },
    });
  const counts = async () => {
    const items = await sql.query("select count(*)::int as n from supply_items where item_code like 'PX-%'");
    const records = await sql.query("select count(*)::int as n from stock_records where kind = 'in'");
    return { items: items.rows[0].n, records: records.rows[0].n };
  };

  // the test holds the records' table: the import writes its items, then waits; its instance is killed there
  const holder = new pg.Client({ connectionString: env.DATABASE_URL });
  await holder.connect();
  await holder.query('begin');
  await holder.query('lock table stock_records in share mode');
  // the caller hears that it failed: the proxy's 502, or the connection closed
  const first = upload().then(
    (res) => String(res.status()),
    () => 'closed',
  );
  let waiting: { name: string } | undefined;
  await expect
    .poll(
      async () => {
        const found = await sql.query(
          `select application_name as name from pg_stat_activity
           where wait_event_type = 'Lock' and application_name like 'it4u-%' and query ilike '%stock_records%'`,
        );
        waiting = found.rows[0];
        return waiting?.name;
      },
      { timeout: 30_000 },
    )
    .toMatch(/^it4u-[ab]$/);
  const victim = instances.find((i) => `it4u-${i.name}` === waiting?.name) as Instance;
  await stopInstance(victim, 'SIGKILL');
  await holder.query('commit');
  await holder.end();
  // the caller hears that it failed: the proxy's 502, or the connection closed
  expect(await first).toMatch(/^(502|closed)$/);
  // nothing of it stayed: neither its items nor its records
  await expect.poll(counts).toEqual({ items: 0, records: 0 });

  // sent again (the other instance takes it while the killed one starts): all of it, once
  const again = await upload();
  expect(again.status(), await again.text()).toBe(200);
  expect(await counts()).toEqual({ items: 30, records: 300 });
  await startInstance(victim);
  await proxySeesBoth();
});

test('an alert opens and resolves once across the two instances: one webhook body and one mail each', async () => {
  const got: { event: string; kind: string; signature: string }[] = [];
  const receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const parsed = JSON.parse(body);
      got.push({ event: parsed.event, kind: parsed.alert?.kind, signature: String(req.headers['x-it4u-signature']) });
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  try {
    const port = (receiver.address() as AddressInfo).port;
    const set = await api.put('/api/v1/it4u/alerts/delivery', {
      headers: admin,
      data: { mail: { enabled: true, to: ['noc@example.test'], digestMinutes: 0 }, language: 'English' },
    });
    expect(set.ok(), await set.text()).toBe(true);
    const hook = await api.post('/api/v1/it4u/alerts/webhooks', {
      headers: admin,
      data: { name: 'NOC', url: `http://127.0.0.1:${port}/alerts`, format: 'json', enabled: true },
    });
    expect(hook.status(), await hook.text()).toBe(201);
    const channel = await api.post('/api/v1/it4u/channel/attribute', {
      headers: admin,
      data: { name: 'Kênh proxy', customer: 'Proxy' },
    });
    const id = (await channel.json()).id;
    const status = (value: string) =>
      api.put(`/api/v1/it4u/channel/attribute.${id}`, { headers: admin, data: { name: 'Kênh proxy', status: value } });
    expect((await status('online')).ok()).toBe(true);
    const alertMails = () => smtp.received.filter((m) => m.subject.startsWith('IT4U:'));
    expect((await status('suspend')).ok()).toBe(true);
    await expect.poll(() => got.length, { timeout: 30_000 }).toBe(1);
    await expect.poll(() => alertMails().length, { timeout: 30_000 }).toBe(1);
    expect((await status('online')).ok()).toBe(true);
    await expect.poll(() => got.length, { timeout: 30_000 }).toBe(2);
    await expect.poll(() => alertMails().length, { timeout: 30_000 }).toBe(2);
    // a few more looks by both instances (three each) send nothing again
    const before = await Promise.all(instances.map(looks));
    await expect
      .poll(async () => (await Promise.all(instances.map(looks))).every((n, i) => n >= (before[i] ?? 0) + 3), {
        timeout: 30_000,
      })
      .toBe(true);
    expect(got.map((g) => `${g.event} ${g.kind}`)).toEqual(['alert.opened channelDown', 'alert.resolved channelDown']);
    expect(alertMails()).toHaveLength(2);
    expect(alertMails()[0]?.text).toContain('Channel Kênh proxy is suspended');
    expect(got.every((g) => /^sha256=[0-9a-f]{64}$/.test(g.signature))).toBe(true);
    // the scheduled report's count (the last test) is the schedule's own
    for (const mail of alertMails()) smtp.received.splice(smtp.received.indexOf(mail), 1);
  } finally {
    receiver.close();
  }
});

test('a rolling restart fails no request, and the scheduled mail went out once a minute', async ({ browser }) => {
  const boss = await signedIn(browser, 'admin', ADMIN, { baseURL: proxyUrl });
  const tech = await signedIn(browser, KT.username, KT.password, { baseURL: proxyUrl });
  const adminId = (await (await api.get('/api/v1/user/me', { headers: admin })).json()).id;
  await boss.goto(`/chat?with=${kt.id}`);
  await tech.goto(`/chat?with=${adminId}`);
  await expect(tech.getByRole('log')).toContainText('tin cuối');

  // requests without a pause, reads and writes, while each instance in turn drains, stops and starts
  const failures: string[] = [];
  let done = 0;
  let rolling = true;
  const { channelUuid } = await (
    await api.put('/api/v1/private-chat/channel', { headers: admin, data: { userIdOne: adminId, userIdTwo: kt.id } })
  ).json();
  const load = (async () => {
    for (let n = 0; rolling; n++) {
      const res =
        n % 4 === 3
          ? await api.post(`/api/v1/private-chat/channel/${channelUuid}/messages`, {
              headers: admin,
              data: { contents: `nạp ${n}` },
            })
          : await api.get('/api/v1/it4u/listSupplies?pageSize=20', { headers: admin });
      if (res.status() >= 400) failures.push(`${res.status()} ${res.url()}`);
      done += 1;
    }
  })();
  for (const i of instances) {
    await stopInstance(i, 'SIGTERM');
    await startInstance(i);
    await proxySeesBoth();
  }
  rolling = false;
  await load;
  expect(failures).toEqual([]);
  expect(done).toBeGreaterThan(50);
  for (const i of instances) expect(i.out).not.toMatch(/"level":(50|60)/);

  // the browsers' sockets were closed with each instance: they came back, and a message still arrives at once
  await say(boss, 'sau khi khởi động lại');
  await expect(tech.getByRole('log')).toContainText('sau khi khởi động lại');
  await boss.context().close();
  await tech.context().close();

  // the report of each minute reached went out once, whatever the instances did meanwhile
  await expect.poll(() => smtp.received.length, { timeout: 70_000 }).toBeGreaterThan(0);
  const runs = await sql.query("select at, status from mail_runs where status = 'sent' order by at");
  expect(smtp.received.length).toBe(runs.rows.length);
  expect(smtp.received.every((m) => m.subject.startsWith('Báo cáo khách hàng'))).toBe(true);
});
