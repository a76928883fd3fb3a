// The private chat in real time (npm run bench:chat): 1,000 people connected (Socket.IO, websocket), in 500 pairs,
// exchange 100 messages a second for BENCH_SECONDS; each message is sent as the web app sends it (POST, stored first),
// its receiver is told over the socket and reads it (GET after the last one it has), as the web app does. Delivery:
// from the POST to the receiver holding the text. Run on one console, then on two consoles sharing one PostgreSQL
// (each pair's two people on different instances, so every message crosses through PostgreSQL's NOTIFY). The
// consoles' memory in use (heap and buffers, after a full collection) with and without the sockets gives the memory
// per connected socket; their event loops' delays show whether a slow delivery waited on the console. Figures in
// docs/benchmarks.md.
import { randomBytes, randomUUID } from 'node:crypto';
import { type ClientEvents, type ServerEvents, SOCKET_PATH } from '@it4u/shared';
import { createSigner } from 'fast-jwt';
import { io, type Socket } from 'socket.io-client';
import { Agent, request } from 'undici';
import { openPostgres } from '../apps/server/src/db/client.ts';
import { deriveKey } from '../apps/server/src/lib/secrets.ts';
import { createChatRepository } from '../apps/server/src/modules/chat/chat.repository.ts';
import { createSessionRepository } from '../apps/server/src/modules/users/sessions.repository.ts';
import { createUsersRepository } from '../apps/server/src/modules/users/users.repository.ts';
import { startServer, withScratchDatabase } from './spawn.ts';

const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 1000);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WARMUP = 2;

type Client = Socket<ServerEvents, ClientEvents>;
type Person = { id: number; token: string; base: string; socket?: Client };

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
const ms = (n: number) => `${n.toFixed(1)} ms`;
const agent = new Agent({ connections: 64, pipelining: 1 });

async function call<T>(base: string, token: string, method: 'GET' | 'POST', path: string, body?: object) {
  const res = await request(`${base}/api/v1${path}`, {
    method,
    dispatcher: agent,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.body.text();
  if (res.statusCode >= 300) throw new Error(`${method} ${path}: ${res.statusCode} ${text}`);
  return JSON.parse(text) as T;
}

async function run(instances: number) {
  await withScratchDatabase(async (url) => {
    const masterKey = randomBytes(32);
    const servers = [];
    for (let i = 0; i < instances; i++) {
      servers.push(
        await startServer('postgres', {
          env: { DATABASE_URL: url, BENCH_MASTER_KEY: masterKey.toString('hex'), LOG_LEVEL: 'warn' },
          nodeFlags: ['--expose-gc', ...(process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? [])],
        }),
      );
    }
    const bases = servers.map((s) => `http://127.0.0.1:${s.port}`);
    // memory in use after a full collection: the heap and the buffers outside it
    const rss = async (base: string) => {
      const m = (await (await fetch(`${base}/bench/heap`)).json()) as { heapUsed: number; external: number };
      return m.heapUsed + m.external;
    };
    try {
      // the people and their sessions, made in the database; their access tokens signed with the consoles' key
      const database = await openPostgres(url, 4);
      const users = createUsersRepository(database.db);
      const sessions = createSessionRepository(database.db);
      const chat = createChatRepository(database.db);
      const sign = createSigner({ key: deriveKey(masterKey, 'jwt'), algorithm: 'HS256', expiresIn: 30 * 60_000 });
      const people: Person[] = [];
      const tag = randomBytes(3).toString('hex');
      for (let i = 0; i < PEOPLE; i++) {
        const username = `chat_${tag}_${i}`;
        const id = await users.insert(
          {
            name: `Người ${i}`,
            username,
            email: `${username}@example.test`,
            passwordHash: 'not-a-hash',
            roles: ['ROLE_KT'],
          },
          [],
        );
        const sid = randomUUID();
        await sessions.create({
          id: sid,
          userId: id,
          remember: false,
          ip: null,
          userAgent: null,
          expiresAt: new Date(Date.now() + 3600_000),
        });
        people.push({ id, token: sign({ sub: String(id), sid }), base: bases[i % instances] as string });
      }
      const pairs: { a: Person; b: Person; uuid: string }[] = [];
      for (let i = 0; i + 1 < PEOPLE; i += 2) {
        const a = people[i] as Person;
        const b = people[i + 1] as Person;
        pairs.push({ a, b, uuid: await chat.channelOf(a.id, b.id) });
      }
      await database.close();
      process.stderr.write(`${instances} instance(s): ${PEOPLE} people and ${pairs.length} channels made\n`);

      await new Promise((r) => setTimeout(r, 1_000));
      const idle = await Promise.all(bases.map(rss));

      // every person connects; what they are told of, they read
      const waiting = new Map<number, (at: number) => void>();
      const told = new Map<number, number>();
      await Promise.all(
        people.map(
          (p) =>
            new Promise<void>((resolve, reject) => {
              const socket: Client = io(p.base, {
                path: SOCKET_PATH,
                transports: ['websocket'],
                auth: { token: p.token },
                reconnection: false,
                forceNew: true,
              });
              p.socket = socket;
              socket.once('connect', () => resolve());
              socket.once('connect_error', reject);
              socket.on('chat:message', (event) => {
                if (event.toUserId !== p.id) return;
                told.set(event.id, performance.now());
                void call<{ items: { id: number; contents: string }[] }>(
                  p.base,
                  p.token,
                  'GET',
                  `/private-chat/channel/${event.channelUuid}?after=${event.id - 1}&limit=1`,
                ).then((page) => {
                  const m = page.items[0];
                  if (m?.id === event.id && m.contents) waiting.get(m.id)?.(performance.now());
                });
              });
            }),
        ),
      );
      process.stderr.write(`${instances} instance(s): ${PEOPLE} sockets connected\n`);
      await new Promise((r) => setTimeout(r, 2_000));
      const connected = await Promise.all(bases.map(rss));

      await Promise.all(bases.map((b) => fetch(`${b}/bench/loop`)));
      // 100 messages a second, each from one person of a pair chosen in turn to the other
      const delivery: number[] = [];
      const event: number[] = [];
      let lost = 0;
      const total = RATE * (SECONDS + WARMUP);
      const sends: Promise<void>[] = [];
      const started = performance.now();
      for (let n = 0; n < total; n++) {
        const due = started + (n * 1000) / RATE;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        const pair = pairs[(n * 7919) % pairs.length] as (typeof pairs)[number];
        const [from] = n % 2 === 0 ? [pair.a, pair.b] : [pair.b, pair.a];
        const at = performance.now();
        const counted = n >= RATE * WARMUP;
        sends.push(
          (async () => {
            const sent = await call<{ id: number }>(
              from.base,
              from.token,
              'POST',
              `/private-chat/channel/${pair.uuid}/messages`,
              {
                contents: `Tin nhắn số ${n}: router ở điểm ${n % 97} đã hoạt động lại.`,
              },
            );
            const done = await new Promise<number | undefined>((resolve) => {
              const timer = setTimeout(() => resolve(undefined), 10_000);
              waiting.set(sent.id, (t) => {
                clearTimeout(timer);
                resolve(t);
              });
            });
            waiting.delete(sent.id);
            if (!counted) return;
            if (done === undefined) lost++;
            else {
              delivery.push(done - at);
              const heard = told.get(sent.id);
              if (heard !== undefined) event.push(heard - at);
            }
          })(),
        );
      }
      await Promise.all(sends);
      const seconds = (performance.now() - started) / 1000;
      const loops = (await Promise.all(bases.map(async (b) => (await fetch(`${b}/bench/loop`)).json()))) as {
        p99: number;
        max: number;
      }[];
      delivery.sort((a, b) => a - b);
      event.sort((a, b) => a - b);
      for (const p of people) p.socket?.disconnect();

      const perSocket = connected.map((c, i) => (c - (idle[i] ?? 0)) / (PEOPLE / instances) / 1024);
      console.log(
        `${instances} instance(s): ${PEOPLE} sockets, ${total} messages in ${seconds.toFixed(1)} s (${(total / seconds).toFixed(0)}/s), the first ${WARMUP} s not counted`,
      );
      console.log(
        `  delivery (POST to the receiver holding the text): p50 ${ms(percentile(delivery, 50))}, p95 ${ms(percentile(delivery, 95))}, p99 ${ms(percentile(delivery, 99))}, max ${ms(delivery.at(-1) ?? Number.NaN)}; not delivered: ${lost}`,
      );
      console.log(`  told over the socket: p50 ${ms(percentile(event, 50))}, p99 ${ms(percentile(event, 99))}`);
      console.log(
        `  the console's event loop: delay p99 ${loops.map((l) => ms(l.p99)).join(' / ')}, longest ${loops.map((l) => ms(l.max)).join(' / ')}`,
      );
      console.log(
        `  memory: ${idle.map((b) => (b / 1048576).toFixed(0)).join(' + ')} MB in use idle, ${connected.map((b) => (b / 1048576).toFixed(0)).join(' + ')} MB connected = ${perSocket.map((k) => k.toFixed(0)).join(' / ')} KB per socket`,
      );
    } finally {
      for (const s of servers) s.child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 1_000));
    }
  });
}

for (const n of (process.env.BENCH_INSTANCES ?? '1,2').split(',').map(Number)) await run(n);
await agent.close();
process.exit(0);
