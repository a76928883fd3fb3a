// A server for the benchmarks, in its own process: `bare` (a plain Fastify route answering the same JSON as
// /user/me), `bare+headers` (the same with the console's security headers), `pglite` or `postgres` (the console itself). Prints "READY <port> <token>" when it can be measured.
// With UNIFI_DEMO_URL the console reads that controller; UNIFI_DEMO_CLOCK (read as the server's config reads it) then
// sets the console's clock, which here stands still at that instant as the benchmarks' simulator's does; with
// BENCH_SYNC_SITES=1 the site names are filled from that controller on start, as `npm start` does.
import { randomBytes } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { migrate, openPglite, openPostgres } from '../apps/server/src/db/client.ts';
import { hashPassword } from '../apps/server/src/lib/passwords.ts';
import { createUsersRepository } from '../apps/server/src/modules/users/users.repository.ts';
import { registerSecurityHeaders } from '../apps/server/src/plugins/security-headers.ts';

const kind = process.argv[2];
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => process.exit(0));
const port = Number(process.argv[3] ?? 0);

const sample = {
  id: 1,
  name: 'Administrator',
  username: 'bench',
  email: 'bench@example.test',
  gender: 'Male',
  language: 'English',
  type: 'User',
  status: 'Active',
  changePw: false,
  roles: [{ name: 'ROLE_ADMIN' }],
  sitename: [{ sitename: 'Khách sạn Hoa Mai', idname: 'hoamai01' }],
};

if (kind === 'bare' || kind === 'bare+headers') {
  const app = Fastify();
  if (kind === 'bare+headers') registerSecurityHeaders(app);
  app.get('/api/v1/user/me', async () => sample);
  await app.listen({ port, host: '127.0.0.1' });
  const address = app.server.address();
  process.stdout.write(`READY ${typeof address === 'object' && address ? address.port : port} -\n`);
} else {
  const database =
    kind === 'postgres'
      ? await openPostgres(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres')
      : await openPglite();
  await migrate(database);
  const username = `bench_${randomBytes(4).toString('hex')}`;
  await createUsersRepository(database.db).insert(
    {
      name: 'Administrator',
      username,
      email: `${username}@example.test`,
      passwordHash: await hashPassword('Bench-pass-1'),
      roles: ['ROLE_ADMIN'],
    },
    [],
  );
  const demo = process.env.UNIFI_DEMO_URL;
  const clock = loadConfig().demoClock;
  const app = await buildApp({
    database,
    // instances of one benchmark share a key (BENCH_MASTER_KEY, hex): tokens of one are good on the others
    masterKey: process.env.BENCH_MASTER_KEY ? Buffer.from(process.env.BENCH_MASTER_KEY, 'hex') : randomBytes(32),
    demoController: demo
      ? {
          url: demo,
          username: process.env.UNIFI_DEMO_USER ?? 'admin',
          password: process.env.UNIFI_DEMO_PASSWORD ?? '',
          verifyTls: true,
        }
      : undefined,
    now: demo && clock !== undefined ? () => clock : undefined,
    syncDemoSites: process.env.BENCH_SYNC_SITES === '1',
    terminal: loadConfig().terminal,
    // the guest page lets guests in only on sites whose portal points at this address (PORTAL_ADDRESS)
    portalAddress: loadConfig().portalAddress,
  });
  // the peak resident memory of this process, for the import benchmark
  let peak = process.memoryUsage().rss;
  setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50).unref();
  // the event loop's delays since the last ask (a stall shows as a long one)
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  app.get('/bench/loop', async () => {
    const answer = { p50: loop.percentile(50) / 1e6, p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 };
    loop.reset();
    return answer;
  });
  // the memory in use after a full collection (node --expose-gc), for figures per connection
  app.get('/bench/heap', async () => {
    (globalThis as { gc?: () => void }).gc?.();
    const m = process.memoryUsage();
    return { heapUsed: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers, rss: m.rss };
  });
  // the CPU time this process used (ms, user and system), for figures per site
  app.get('/bench/cpu', async () => {
    const { user, system } = process.cpuUsage();
    return { ms: (user + system) / 1000 };
  });
  app.get('/bench/rss', async () => {
    const answer = String(peak);
    peak = process.memoryUsage().rss;
    return answer;
  });
  await app.listen({ port, host: '127.0.0.1' });
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/signin',
    payload: { usernameOrEmail: username, password: 'Bench-pass-1' },
  });
  const address = app.server.address();
  process.stdout.write(
    `READY ${typeof address === 'object' && address ? address.port : port} ${res.json().accessToken}\n`,
  );
}
