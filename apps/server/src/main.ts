import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { startSimulator } from '@it4u/unifi-sim';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { DataDirInUseError } from './db/client.ts';
import { openDatabase } from './db/open.ts';
import { keepDataDirPrivate } from './lib/dataDir.ts';
import { loadMasterKey } from './lib/secrets.ts';
import { createControllersRepository } from './modules/controllers/controllers.repository.ts';
import { ensureFirstAdmin } from './modules/users/users.bootstrap.ts';
import { isDatabaseDown } from './plugins/errors.ts';

// A database that goes away (a restart, a failover) must not end the process: the pool and every connection it
// hands out listen for their errors, and requests are answered 503 until it is back. Should the error of a lost
// database connection still escape (a library's connection with no listener), it is logged and the process goes
// on; any other uncaught error is logged and ends it, as Node would.
let logUncaught = (msg: string, err: unknown): void => {
  process.stderr.write(`${msg}: ${(err as Error)?.stack ?? err}\n`);
};
function uncaught(kind: string) {
  return (err: unknown) => {
    if (isDatabaseDown(err)) {
      logUncaught(`${kind} of a lost database connection (the process goes on)`, (err as Error)?.message ?? err);
      return;
    }
    logUncaught(kind, err);
    process.exit(1);
  };
}
process.on('uncaughtException', uncaught('uncaught exception'));
process.on('unhandledRejection', uncaught('unhandled rejection'));

const config = loadConfig();
// the data folder is this account's alone: said at start when it was not (it is brought to 0700 / 0600)
const loose = keepDataDirPrivate(config.dataDir, config.backups.dir);
for (const line of loose) process.stderr.write(`warning: another local account could read or write ${line}\n`);
// the embedded database is this process's alone: another console (or a backup command) on its folder is refused
const database = await openDatabase(config).catch((err: unknown) => {
  if (!(err instanceof DataDirInUseError)) throw err;
  process.stderr.write(`${err.message}\n`);
  process.exit(1);
});
const firstAdmin = await ensureFirstAdmin(database, config.adminPassword);

// With no controller configured, a simulated one on loopback stands in (the UI says so). It is never used once an
// administrator sets a controller in Settings → Parameter.
const configured = await createControllersRepository(database.db).first();
const demoPassword = randomBytes(12).toString('base64url');
const startedAt = Date.now();
const demoClock = config.demoClock;
/** The demo controller's clock, when UNIFI_DEMO_CLOCK sets it: the dashboards read their ranges on it too. */
const demoNow = demoClock === undefined ? undefined : () => demoClock + (Date.now() - startedAt);
const demo =
  configured || process.env.UNIFI_DEMO === 'off'
    ? undefined
    : await startSimulator({
        port: 0,
        host: '127.0.0.1',
        flavor: 'classic',
        username: 'demo',
        password: demoPassword,
        seed: 2019,
        now: demoNow,
        sites: config.demoSites,
      });

/** set on a signal: the instance is shutting down */
let closing = false;
const app = await buildApp({
  database,
  demoController: demo ? { url: demo.url, username: 'demo', password: demoPassword, verifyTls: true } : undefined,
  masterKey: loadMasterKey(config.secretKey, config.dataDir),
  webDist: config.webDist,
  backups: config.backups,
  trustProxy: config.trustProxy,
  syncDemoSites: true,
  wirelessHidden: config.wirelessHidden,
  portalAddress: config.portalAddress,
  zabbix: config.zabbix,
  metricsToken: config.metricsToken,
  publicUrl: config.publicUrl,
  terminal: config.terminal,
  alertsEveryMs: config.alertsEveryMs,
  dutyLeaseMs: config.dutyLeaseMs,
  sightingsEveryMs: config.sightingsEveryMs,
  webhooksToLoopback: config.webhooksToLoopback,
  webhooksAllowRanges: config.webhooksAllowRanges,
  draining: () => closing,
  now: demo ? demoNow : undefined,
  logger: {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["sec-websocket-protocol"]'],
  } as { level: string },
});

logUncaught = (msg, err) => app.log.error({ err }, msg);

/**
 * SIGTERM (a service manager, a rolling restart): /api/ready says "draining" for SHUTDOWN_DRAIN_SECONDS while requests
 * are still served, so that a proxy checking it sends nothing new here; then the server closes: it stops taking
 * connections, finishes the requests under way (an import, a mail being sent, a backup), closes the sockets (the
 * browsers connect again, through the proxy to another instance) and the jobs. SIGINT (Ctrl+C) closes at once.
 */
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  const drainMs = signal === 'SIGTERM' ? config.drainMs : 0;
  app.log.info({ signal, drainMs }, 'shutting down');
  const timer = setTimeout(() => process.exit(1), drainMs + 30_000);
  timer.unref();
  await new Promise((resolve) => setTimeout(resolve, drainMs));
  await app.close();
  await demo?.close();
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
// the port listened on (PORT=0: one the system chose, as the end-to-end tests start their consoles)
const where = `http://localhost:${(app.server.address() as AddressInfo).port}`;
const db = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${config.dataDir}/pg`;
const lines = [``, `  IT4U console is running on ${db}.`, `  Sign in at ${where}/login`];
if (firstAdmin?.generated) {
  // Printed once, on the first start only; it is never logged or stored in clear.
  lines.push(`  First start: user "admin", password "${firstAdmin.password}" (you will be asked to change it).`);
} else if (firstAdmin) {
  lines.push(`  First start: user "admin" with the password in ADMIN_PASSWORD.`);
}
if (demo) lines.push(`  No UniFi controller is configured: the console shows a simulated demo controller.`);
lines.push(`  API description: ${where}/api/docs`, ``);
process.stdout.write(`${lines.join('\n')}\n`);
