import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { type ClientEvents, IN_USE_STATUS, MOVED_STATUS, type ServerEvents, SOCKET_PATH } from '@it4u/shared';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { migrate, openPostgres } from './db/client.ts';
import type { TestApp } from './test/helpers.ts';
import { tokenFor } from './test/helpers.ts';
import { type PostgresServer, postgresBin, startPostgres } from './test/postgresServer.ts';

/**
 * Issue 23: a restart of PostgreSQL, and ten seconds without it, under a light load of stock-out creates and lists
 * on two instances of the console. A PostgreSQL of the test's own is started (never the machine's shared one).
 */
const bin = postgresBin();
if (!bin) console.warn('db-restart.test: skipped, no PostgreSQL server binaries under /usr/lib/postgresql');

type Client = Socket<ServerEvents, ClientEvents>;
type Outcome = {
  op: 'create' | 'list' | 'health';
  status: number | 'timeout' | 'failed';
  retryAfter: string | null;
  started: number;
  ended: number;
  id?: number;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const REQUEST_TIMEOUT_MS = 8_000;
const SERIALS = ['SN-R-0', 'SN-R-1', 'SN-R-2'];
const DAY0 = Date.UTC(2025, 0, 1);

/** What the server's connections are doing, for a failure's message: a connection held too long says its query. */
async function busyConnections(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select state, wait_event_type, wait_event, now() - query_start as for, left(query, 200) as query
         from pg_stat_activity where backend_type = 'client backend' and pid <> pg_backend_pid() and state <> 'idle'`,
    );
    return JSON.stringify(rows);
  } finally {
    await client.end();
  }
}

describe.skipIf(!bin)('a PostgreSQL restart and outage under load', () => {
  let server: PostgresServer;
  const instances: TestApp[] = [];
  const urls: string[] = [];
  const crashes: unknown[] = [];
  const trap = (err: unknown) => void crashes.push(err);
  const sockets: Client[] = [];

  beforeAll(async () => {
    process.on('uncaughtException', trap);
    process.on('unhandledRejection', trap);
    server = await startPostgres(bin as string);
    const masterKey = randomBytes(32);
    for (let i = 0; i < 2; i++) {
      const database = await openPostgres(server.url, 5);
      if (i === 0) await migrate(database);
      const app = await buildApp({ database, masterKey });
      await app.listen({ port: 0, host: '127.0.0.1' });
      urls.push(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
      instances.push({
        app,
        database,
        masterKey,
        async close() {
          await app.close();
          await database.close();
        },
      });
    }
  }, 60_000);

  afterAll(async () => {
    try {
      for (const s of sockets) s.disconnect();
      // bounded: a pool that lost track of a connection would wait for it for ever
      for (const t of instances.reverse()) await Promise.race([t.close().catch(() => {}), sleep(10_000)]);
    } finally {
      await server?.close();
      process.off('uncaughtException', trap);
      process.off('unhandledRejection', trap);
    }
  }, 60_000);

  async function timed(op: Outcome['op'], url: string, init: RequestInit = {}): Promise<Outcome> {
    const started = performance.now();
    try {
      const res = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      const body = await res.text();
      const id = op === 'create' && res.status === 201 ? (JSON.parse(body) as { id: number }).id : undefined;
      return {
        op,
        status: res.status,
        retryAfter: res.headers.get('retry-after'),
        started,
        ended: performance.now(),
        id,
      };
    } catch (err) {
      const status = (err as Error).name === 'TimeoutError' ? 'timeout' : 'failed';
      return { op, status, retryAfter: null, started, ended: performance.now() };
    }
  }

  it('keeps the process alive, answers 503 with Retry-After while it is away, loses no write, and chat resumes', async () => {
    const [one, two] = instances as [TestApp, TestApp];
    const kt = await tokenFor(one, ['ROLE_KT']);
    const admin = await tokenFor(one, ['ROLE_ADMIN']);
    const json = { ...kt.headers, 'content-type': 'application/json' };
    const itemCode = 'ONT-RESTART';
    const made = await fetch(`${urls[0]}/api/v1/it4u/listSupplies`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ itemCode, name: 'ONT', unit: 'Cái', number: 0, value: 0 }),
    });
    expect(made.status).toBe(201);
    const channel = await one.app.inject({
      method: 'PUT',
      url: '/api/v1/private-chat/channel',
      headers: admin.headers,
      payload: { userIdOne: admin.user.id, userIdTwo: kt.user.id },
    });
    const channelUuid = channel.json().channelUuid as string;
    // kt listens on the second instance from before the restart (and may connect again on its own)
    const ktSocket: Client = connect(urls[1] as string, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      auth: { token: kt.accessToken },
      forceNew: true,
    });
    sockets.push(ktSocket);
    await new Promise<void>((resolve, reject) => {
      ktSocket.once('connect', resolve);
      ktSocket.once('connect_error', reject);
    });

    // 20 requests a second, alternating instances: stock-out creates (three serials, so that their histories
    // settle) and lists
    const outcomes: Outcome[] = [];
    const pending = new Set<Promise<void>>();
    let n = 0;
    const timer = setInterval(() => {
      n++;
      const base = urls[n % 2] as string;
      const request =
        n % 2 === 0
          ? timed('create', `${base}/api/v1/it4u/exportWarehouse`, {
              method: 'POST',
              headers: json,
              body: JSON.stringify({
                exportDate: DAY0 + n * 60_000,
                itemCode,
                number: 1,
                value: 1,
                serialNum: SERIALS[n % SERIALS.length],
              }),
            })
          : timed('list', `${base}/api/v1/it4u/exportWarehouse?page=1&pageSize=20`, { headers: kt.headers });
      const p = request.then((o) => void outcomes.push(o));
      pending.add(p);
      void p.finally(() => pending.delete(p));
    }, 50);

    const health = (base: string) => timed('health', `${base}/api/health`);
    try {
      await sleep(1_500);
      await server.restart();
      await sleep(2_000);
      await server.stop();
      const downFrom = performance.now();
      await sleep(1_000);
      const healthDown = await Promise.all(urls.map(health));
      await sleep(9_000);
      const downTo = performance.now();
      await server.start();
      // back within a bounded time on both instances
      for (const base of urls) {
        let h = await health(base);
        for (let i = 0; i < 40 && h.status !== 200; i++) {
          await sleep(250);
          h = await health(base);
        }
        expect(h.status).toBe(200);
      }
      await sleep(2_000);
      clearInterval(timer);
      await Promise.all(pending);

      expect(crashes).toEqual([]);
      for (const h of healthDown) expect([h.status, h.retryAfter]).toEqual([503, '5']);
      // every request was answered, none with a 500: 503 with Retry-After while the database was away
      const unanswered = outcomes.filter((o) => typeof o.status !== 'number');
      expect(unanswered).toEqual([]);
      const bad = outcomes.filter((o) => ![200, 201, 503].includes(o.status as number));
      expect(bad).toEqual([]);
      expect(outcomes.filter((o) => o.status === 503 && o.retryAfter !== '5')).toEqual([]);
      const duringOutage = outcomes.filter((o) => o.started > downFrom + 500 && o.ended < downTo);
      expect(duringOutage.length).toBeGreaterThan(50);
      expect(duringOutage.filter((o) => o.status !== 503)).toEqual([]);
      const created = outcomes.filter((o) => o.status === 201).map((o) => o.id as number);
      expect(created.length).toBeGreaterThan(20);
      expect(outcomes.filter((o) => o.op === 'list' && o.status === 200).length).toBeGreaterThan(20);

      // every create answered 201 is there, and each serial's history is settled: only its latest stock-out is not
      // moved
      const check = new pg.Client({ connectionString: server.url });
      await check.connect();
      try {
        const found = await check.query('select count(*)::int as n from stock_records where id = any($1::bigint[])', [
          created,
        ]);
        expect(found.rows[0].n).toBe(created.length);
        const unsettled = await check.query(
          `with ranked as (select id, status, row_number() over (partition by serial_num
              order by export_date desc, id desc) as rn from stock_records where kind = 'out')
            select id, status, rn from ranked
            where (rn > 1 and status is distinct from $1) or (rn = 1 and status is distinct from $2)`,
          [MOVED_STATUS, IN_USE_STATUS],
        );
        expect(unsettled.rows).toEqual([]);
      } finally {
        await check.end();
      }

      // a chat message sent on the first instance after the restart reaches kt's socket on the second one, through
      // the adapter's LISTEN connection (taken anew)
      let delivered = false;
      for (let i = 0; i < 30 && !delivered; i++) {
        const heard = new Promise<boolean>((resolve) => {
          const t = setTimeout(() => resolve(false), 500);
          ktSocket.once('chat:message', () => {
            clearTimeout(t);
            resolve(true);
          });
        });
        const sent = await one.app.inject({
          method: 'POST',
          url: `/api/v1/private-chat/channel/${channelUuid}/messages`,
          headers: admin.headers,
          payload: { contents: `after the restart ${i}` },
        });
        expect(sent.statusCode, sent.body).toBeLessThan(300);
        delivered = await heard;
      }
      expect(delivered).toBe(true);
      expect(two.app.server.listening).toBe(true);
      // each instance holds one LISTEN connection, and the pool counts none of the lost ones any more (a lost one
      // would be held for ever; the instance's own jobs hold one for a moment now and then, so it may take a while)
      for (const { database } of instances) {
        const pool = database.pool as pg.Pool;
        const held = () => pool.totalCount - pool.idleCount;
        for (let i = 0; i < 150 && held() !== 1; i++) await sleep(100);
        expect(held(), held() === 1 ? '' : await busyConnections(server.url)).toBe(1);
      }
      const check2 = new pg.Client({ connectionString: server.url });
      await check2.connect();
      const listening = await check2.query(
        `select count(*)::int as n from pg_stat_activity where query like 'LISTEN%'`,
      );
      await check2.end();
      expect(listening.rows[0].n).toBe(2);
      expect(crashes).toEqual([]);
    } finally {
      clearInterval(timer);
      await Promise.all(pending);
    }
  }, 120_000);
});
